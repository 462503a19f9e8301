/**
 * Asset pipeline benchmark: a generated heavy model (≥ 500k triangles, 4 textures of 4096 px) through
 * processModel, next to `gltf-transform optimize` with its defaults on the same file. Budget: output ≤ 30% of
 * the input bytes, within 10% of the CLI's output size (or smaller), processing ≤ 60 s.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processModel, validateGlb } from '../apps/server/src/lib/pipeline/model.ts';
import { heavyGlb } from '../apps/server/test/fixtures/heavy-model.ts';
import { root, writeSection } from './lib.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-pipeline-'));
const mb = (b) => (b / 1024 / 1024).toFixed(2);
try {
  const input = path.join(dir, 'heavy.glb');
  fs.writeFileSync(input, await heavyGlb());
  const bytesIn = fs.statSync(input).size;
  console.log(`input ${mb(bytesIn)} MB`);

  const t0 = performance.now();
  const ours = await processModel({ inputPath: input, originalName: 'heavy.glb', workDir: path.join(dir, 'work') });
  const oursSeconds = (performance.now() - t0) / 1000;
  console.log(`processModel ${oursSeconds.toFixed(1)} s, ${mb(ours.report.bytesAfter)} MB`, ours.report);

  const cliOut = path.join(dir, 'cli.glb');
  const cli = path.join(root, 'node_modules/.bin/gltf-transform');
  const t1 = performance.now();
  const r = spawnSync(cli, ['optimize', input, cliOut], { stdio: ['ignore', 'ignore', 'inherit'] });
  const cliSeconds = (performance.now() - t1) / 1000;
  if (r.status !== 0) throw new Error('gltf-transform optimize failed');
  const cliBytes = fs.statSync(cliOut).size;
  const cliErrors = (await validateGlb(fs.readFileSync(cliOut))).errors.length;
  console.log(`gltf-transform optimize ${cliSeconds.toFixed(1)} s, ${mb(cliBytes)} MB`);

  const ratio = ours.report.bytesAfter / bytesIn;
  const vsCli = ours.report.bytesAfter / cliBytes;
  const ok = (b) => (b ? 'yes' : '**no**');
  writeSection(
    'pipeline',
    `## Asset pipeline (\`npm run bench pipeline\`)

Generated model: ${ours.report.triangles.toLocaleString('en')} triangles in ${ours.report.meshes} meshes, ${ours.report.textures} JPEG textures of 4096 px, GLB of ${mb(bytesIn)} MB.
\`processModel\` = dedup, weld, prune, thumbnail (software rasterizer), textures ≤ 2048 px as WebP, meshopt (high), glTF-Validator.
The CLI runs \`gltf-transform optimize in.glb out.glb\` with its defaults (also simplify, join, meshopt high, textures ≤ 2048 px in their own format).

| run | seconds | output MB | output / input | validator errors |
|---|---|---|---|---|
| processModel | ${oursSeconds.toFixed(1)} | ${mb(ours.report.bytesAfter)} | ${(ratio * 100).toFixed(1)}% | 0 |
| gltf-transform optimize (defaults) | ${cliSeconds.toFixed(1)} | ${mb(cliBytes)} | ${((cliBytes / bytesIn) * 100).toFixed(1)}% | ${cliErrors} |

Budget: output ≤ 30% of input: ${ok(ratio <= 0.3)} (${(ratio * 100).toFixed(1)}%); within 10% of the CLI's size: ${ok(vsCli <= 1.1)} (${(vsCli * 100).toFixed(0)}% of it); ≤ 60 s: ${ok(oursSeconds <= 60)}.
Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores.`,
  );
  if (!(ratio <= 0.3 && vsCli <= 1.1 && oursSeconds <= 60)) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
