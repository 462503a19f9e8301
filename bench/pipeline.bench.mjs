/**
 * Asset pipeline benchmark, three parts:
 * 1. a generated heavy model (≥ 500k triangles, 4 textures of 4096 px) through processModel, next to
 *    `gltf-transform optimize` with its defaults on the same file. Budget: output ≤ 30% of the input bytes, within
 *    10% of the CLI's output size (or smaller), processing ≤ 60 s;
 * 2. geometry-only models (many separate meshes; the heavy terrain without textures): within 10% of the CLI's size;
 * 3. the model corpus (test/fixtures/corpus.ts): ready or refused, per file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { processModel, validateGlb } from '../apps/server/src/lib/pipeline/model.ts';
import { manyMeshesGlb, modelCorpus } from '../apps/server/test/fixtures/corpus.ts';
import { heavyGlb } from '../apps/server/test/fixtures/heavy-model.ts';
import { root, writeSection } from './lib.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-pipeline-'));
const mb = (b) => (b / 1024 / 1024).toFixed(2);
const kb = (b) => (b / 1024).toFixed(1);
const ok = (b) => (b ? 'yes' : '**no**');

/** Runs processModel and the CLI's `optimize` on the same file. */
async function compare(name, bytes) {
  const input = path.join(dir, name);
  fs.writeFileSync(input, bytes);
  const t0 = performance.now();
  const ours = await processModel({ inputPath: input, originalName: name, workDir: path.join(dir, `work-${name}`) });
  const oursSeconds = (performance.now() - t0) / 1000;
  const cliOut = path.join(dir, `cli-${name}`);
  const t1 = performance.now();
  const r = spawnSync(path.join(root, 'node_modules/.bin/gltf-transform'), ['optimize', input, cliOut], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const cliSeconds = (performance.now() - t1) / 1000;
  if (r.status !== 0) throw new Error(`gltf-transform optimize failed on ${name}`);
  const cliBytes = fs.statSync(cliOut).size;
  const cliErrors = (await validateGlb(fs.readFileSync(cliOut))).errors.length;
  console.log(
    `${name}: ours ${oursSeconds.toFixed(1)} s ${kb(ours.report.bytesAfter)} KB, CLI ${cliSeconds.toFixed(1)} s ${kb(cliBytes)} KB`,
  );
  return { bytesIn: bytes.length, ours, oursSeconds, cliBytes, cliSeconds, cliErrors, vsCli: ours.report.bytesAfter / cliBytes };
}

/** The heavy terrain without its textures and materials' maps: geometry only. */
async function withoutTextures(glb) {
  const io = new NodeIO();
  const doc = await io.readBinary(glb);
  for (const t of doc.getRoot().listTextures()) t.dispose();
  return Buffer.from(await io.writeBinary(doc));
}

try {
  const heavy = await heavyGlb();
  const h = await compare('heavy.glb', heavy);
  const ratio = h.ours.report.bytesAfter / h.bytesIn;

  const geometry = [
    ['256 separate boxes (nodes, meshes, materials)', await compare('boxes.glb', await manyMeshesGlb(16))],
    ['heavy terrain, textures removed', await compare('terrain.glb', await withoutTextures(heavy))],
  ];

  const rows = [];
  for (const file of await modelCorpus()) {
    const input = path.join(dir, `corpus-${file.name}`);
    fs.writeFileSync(input, file.data);
    try {
      const r = await processModel({ inputPath: input, originalName: file.name, workDir: path.join(dir, `c-${file.name}`) });
      const { triangles, meshes, textures, animations, skins, morphTargets, warnings } = r.report;
      const extras = [
        animations.length ? `clips ${animations.join(', ')}` : '',
        skins ? `${skins} skin` : '',
        morphTargets ? `${morphTargets} morphing mesh` : '',
        warnings.length ? `${warnings.length} warning(s)` : '',
      ].filter(Boolean);
      rows.push(
        `| ${file.name} | ${file.about} | ready | ${triangles.toLocaleString('en')} tris, ${meshes} mesh, ${textures} tex${extras.length ? `; ${extras.join('; ')}` : ''} |`,
      );
    } catch (e) {
      rows.push(`| ${file.name} | ${file.about} | refused | \`${e.reason ?? 'error'}\` |`);
    }
  }

  const geoRows = geometry.map(
    ([about, g]) =>
      `| ${about} | ${kb(g.bytesIn)} | ${kb(g.ours.report.bytesAfter)} (${g.ours.report.meshes} mesh) | ${kb(g.cliBytes)} | ${(g.vsCli * 100).toFixed(0)}% |`,
  );
  const geoOk = geometry.every(([, g]) => g.vsCli <= 1.1);
  writeSection(
    'pipeline',
    `## Asset pipeline (\`npm run bench pipeline\`)

Generated model: ${h.ours.report.triangles.toLocaleString('en')} triangles (after simplification) in ${h.ours.report.meshes} meshes, ${h.ours.report.textures} JPEG textures of 4096 px, GLB of ${mb(h.bytesIn)} MB.
\`processModel\` = input check (glTF-Validator, full texture decode), dedup, instance (≥ 5 copies), palette, flatten, join, weld, simplify (error 0.01 %), resample, prune, sparse, thumbnail (software rasterizer), textures ≤ 2048 px as WebP, meshopt (high), glTF-Validator: the steps of \`gltf-transform optimize\` plus the checks.
The CLI runs \`gltf-transform optimize in.glb out.glb\` with its defaults (textures ≤ 2048 px in their own format).

| run | seconds | output MB | output / input | validator errors |
|---|---|---|---|---|
| processModel | ${h.oursSeconds.toFixed(1)} | ${mb(h.ours.report.bytesAfter)} | ${(ratio * 100).toFixed(1)}% | 0 |
| gltf-transform optimize (defaults) | ${h.cliSeconds.toFixed(1)} | ${mb(h.cliBytes)} | ${((h.cliBytes / h.bytesIn) * 100).toFixed(1)}% | ${h.cliErrors} |

Budget: output ≤ 30% of input: ${ok(ratio <= 0.3)} (${(ratio * 100).toFixed(1)}%); within 10% of the CLI's size: ${ok(h.vsCli <= 1.1)} (${(h.vsCli * 100).toFixed(0)}% of it); ≤ 60 s: ${ok(h.oursSeconds <= 60)}.

Geometry only (meshes are joined; budget within 10% of the CLI: ${ok(geoOk)}):

| model | input KB | processModel KB | CLI KB | ours / CLI |
|---|---|---|---|---|
${geoRows.join('\n')}

### Model corpus (\`apps/server/test/fixtures/corpus.ts\`, checked by \`lib/pipeline/corpus.test.ts\`)

Small files the code writes in each format for each case of the importer corpus that failed before (multi-buffer glTF, Draco, binary FBX 7.4, damaged embedded texture, mixed and UTF-16 OBJ, validator issues of the input, animation and skins), plus the Stanford bunny Draco stream that npm \`draco3dgltf\` ships (Apache-2.0). No other public sample model is available offline here (three.js's examples are not in its npm package), so the corpus's own files (e.g. \`box.fbx\`) are not in it: their failure modes are rebuilt by code.

| file | what | outcome | delivered |
|---|---|---|---|
${rows.join('\n')}

Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (shared with other work while measured).`,
  );
  if (!(ratio <= 0.3 && h.vsCli <= 1.1 && h.oursSeconds <= 60 && geoOk)) process.exitCode = 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
