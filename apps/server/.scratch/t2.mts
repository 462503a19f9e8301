import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cubeFbxBinary, cubeFbxAscii } from '../test/fixtures/fbx';
import { checkerPng } from '../test/fixtures/models';
import { processModel } from '../src/lib/pipeline/model';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-t2-'));
const png = await checkerPng();
const cases: [string, Buffer | string][] = [
  ['sdk.fbx', cubeFbxBinary('c.png', png, { compress: true, footer: 'sdk' })],
  ['none.fbx', cubeFbxBinary('c.png', png, { compress: true, footer: 'none' })],
  ['rig.fbx', cubeFbxBinary('c.png', undefined, { compress: true, rigged: true })],
  ['rigascii.fbx', cubeFbxAscii(true)],
  ['frag.fbx', cubeFbxBinary('c.png', png.subarray(0, png.length / 2))],
];
for (const [name, data] of cases) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  try {
    const r = await processModel({ inputPath: p, originalName: name, workDir: path.join(dir, 'w-' + name) });
    console.log(name, 'OK', JSON.stringify(r.report));
  } catch (e) { console.log(name, 'FAIL', (e as any).reason, (e as Error).message); }
}
