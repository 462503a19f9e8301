import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { modelCorpus } from '../test/fixtures/corpus';
import { processModel } from '../src/lib/pipeline/model';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-t5-'));
for (const f of (await modelCorpus()).filter(f => f.name.includes('joints'))) {
  const p = path.join(dir, f.name); fs.writeFileSync(p, f.data);
  try { const r = await processModel({ inputPath: p, originalName: f.name, workDir: path.join(dir, 'w' + f.name) });
    const { triangles, meshes, textures, animations, skins, morphTargets, bytesBefore, bytesAfter, warnings } = r.report;
    console.log(f.name, JSON.stringify({ triangles, meshes, textures, animations, skins, morphTargets, bytesBefore, bytesAfter, warnings }));
  } catch (e) { console.log(f.name, 'REFUSED', (e as any).reason, (e as Error).message.slice(0, 150)); }
}
