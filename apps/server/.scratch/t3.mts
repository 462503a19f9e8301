import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { cubeFbxAscii } from '../test/fixtures/fbx';
const t = cubeFbxAscii(true);
(globalThis as any).window = { innerWidth: 1, innerHeight: 1 };
const b = Buffer.from('; x\n' + t);
try { new FBXLoader().parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer, './'); } catch (e) { console.log((e as Error).stack?.split('\n').slice(0,6).join('\n')); }
