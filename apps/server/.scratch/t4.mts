import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { cubeFbxBinary } from '../test/fixtures/fbx';
(globalThis as any).window = { innerWidth: 1, innerHeight: 1 };
for (const footer of ['plain', 'sdk', 'none'] as const) for (const compress of [false, true]) {
  const b = cubeFbxBinary('', undefined, { footer, compress });
  try { const g = new FBXLoader().parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer, './'); console.log(footer, compress, b.length % 16, 'ok', g.children.length); } catch (e) { console.log(footer, compress, b.length % 16, (e as Error).message); }
}
