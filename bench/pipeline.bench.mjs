/**
 * Asset pipeline benchmark:
 * 1. speed (docs/perf.md): each textured model of a benchmark set (a generated 3.8 MB GLB with five
 *    2048 px JPEG textures; a textured model of the shared CC0 corpus) through `processModel`, the function the
 *    upload job runs (thumbnail, coarse level of detail and USDZ included), and through
 *    `gltf-transform optimize <in> <out> --texture-compress webp`, in turns (median of 3, the order alternating per
 *    round so that the load of a shared machine falls on both). Budget: ours ≤ 1.0× the CLI. A 4096×2048 panorama
 *    through `processPanorama` against sharp's own `.tile()` of the same image: ≤ 1.2×;
 * 2. size: a generated heavy model (≥ 500k triangles, 4 textures of 4096 px) through processModel, next to
 *    `gltf-transform optimize` with its defaults on the same file. Budget: output ≤ 30% of the input bytes, within
 *    10% of the CLI's output size (or smaller), processing ≤ 60 s;
 * 3. geometry-only models (many separate meshes; the heavy terrain without textures): within 10% of the CLI's size;
 * 4. the model corpus (test/fixtures/corpus.ts): ready or refused, per file.
 * `PIPELINE_SPEED_ONLY=1` runs part 1 only and keeps the figures of parts 2–4 already in docs/perf.md;
 * `PIPELINE_PANORAMA_ONLY=1` runs the panorama of part 1 only and rewrites only its block.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import { createIO, validateGlb } from '../apps/server/src/lib/pipeline/gltf-io.ts';
import { processModel } from '../apps/server/src/lib/pipeline/model.ts';
import { processPanorama } from '../apps/server/src/lib/pipeline/panorama.ts';
import { importWithThree } from '../apps/server/src/lib/pipeline/three-import.ts';
import { manyMeshesGlb, modelCorpus } from '../apps/server/test/fixtures/corpus.ts';
import { heavyGlb } from '../apps/server/test/fixtures/heavy-model.ts';
import { root, writeSection } from './lib.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-pipeline-'));
const mb = (b) => (b / 1024 / 1024).toFixed(2);
const kb = (b) => (b / 1024).toFixed(1);
const ok = (b) => (b ? 'yes' : '**no**');
const cli = path.join(root, 'node_modules/.bin/gltf-transform');
const speedOnly = process.env.PIPELINE_SPEED_ONLY === '1';
const panoramaOnly = process.env.PIPELINE_PANORAMA_ONLY === '1';

/** A `size`² JPEG with rings, stripes and grain (drawn at 1024 px and upscaled), about what a scanned texture costs. */
async function detailJpeg(seed, width, height, quality) {
  const w = 1024;
  const h = Math.round((1024 * height) / width);
  const raw = Buffer.alloc(w * h * 3);
  let state = seed * 2654435761;
  const rnd = () => {
    state = (state ^ (state >>> 15)) * 2246822507;
    state = (state ^ (state >>> 13)) * 3266489909;
    state ^= state >>> 16;
    return (state >>> 0) / 4294967296;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const ring = Math.sin(Math.hypot(x - w / 2, y - h / 2) / (6 + seed)) * 0.5 + 0.5;
      const stripe = Math.sin((x + y * (seed + 1)) / 17) * 0.5 + 0.5;
      const grain = rnd() * 0.15;
      const rgb = [
        (0.3 + 0.5 * ring + grain) * (seed % 2 ? 1 : 0.6),
        0.2 + 0.6 * stripe * ring + grain,
        (0.35 + 0.4 * stripe + grain) * (seed % 3 ? 0.7 : 1),
      ];
      raw.set(
        rgb.map((v) => Math.max(0, Math.min(255, 255 * v))),
        (y * w + x) * 3,
      );
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * The budget's reference model: a 3.8 MB GLB, five terrain tiles of 4,608 triangles (23,040 in all: enough for a
 * coarse level of detail), each with its own material and 2048 px JPEG texture.
 */
async function fiveTexturesGlb() {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene();
  const grid = 48;
  const n = grid + 1;
  for (let m = 0; m < 5; m++) {
    const pos = new Float32Array(n * n * 3);
    const nor = new Float32Array(n * n * 3);
    const uv = new Float32Array(n * n * 2);
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const [x, z] = [i / grid, j / grid];
        pos.set([x, 0.15 * Math.sin(x * 9 + m) * Math.cos(z * 7) + 0.05 * Math.sin(x * 41 + z * 37), z], (j * n + i) * 3);
        nor.set([0, 1, 0], (j * n + i) * 3);
        uv.set([x, z], (j * n + i) * 2);
      }
    const idx = new Uint32Array(grid * grid * 6);
    for (let j = 0, o = 0; j < grid; j++)
      for (let i = 0; i < grid; i++, o += 6) {
        const a = j * n + i;
        idx.set([a, a + n, a + 1, a + 1, a + n, a + n + 1], o);
      }
    const texture = doc
      .createTexture(`albedo-${m}`)
      .setImage(await detailJpeg(m + 1, 2048, 2048, 65))
      .setMimeType('image/jpeg');
    const accessor = (type, array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', pos))
      .setAttribute('NORMAL', accessor('VEC3', nor))
      .setAttribute('TEXCOORD_0', accessor('VEC2', uv))
      .setIndices(accessor('SCALAR', idx))
      .setMaterial(doc.createMaterial(`material-${m}`).setBaseColorTexture(texture));
    const mesh = doc.createMesh(`tile-${m}`).addPrimitive(prim);
    scene.addChild(
      doc
        .createNode(`tile-${m}`)
        .setMesh(mesh)
        .setTranslation([m * 1.1, 0, 0]),
    );
  }
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

const CORPUS = path.join(root, '../shared/corpus/cc0-models');
const KING = 'kenney/Castle Kit (1.0)/Models/king.fbx';

/**
 * A textured model of the shared CC0 corpus as a GLB (the CLI reads glTF only): Kenney's Castle Kit king, read by
 * the product's FBX reader, with its `Textures/king.png` put back on its materials (the reader does not resolve this
 * kit's `FileName` texture paths: it warns "Undefined filename"). Null when the corpus is absent.
 */
async function corpusTexturedGlb() {
  const file = path.join(CORPUS, KING);
  if (!fs.existsSync(file)) return null;
  const io = await createIO(false);
  const doc = await importWithThree(io, file, 'fbx', path.dirname(file), [], () => {});
  const png = fs.readFileSync(path.join(path.dirname(file), 'Textures/king.png'));
  const texture = doc.getRoot().listTextures()[0] ?? doc.createTexture('king').setImage(png).setMimeType('image/png');
  for (const material of doc.getRoot().listMaterials()) material.setBaseColorTexture(texture);
  return Buffer.from(await io.writeBinary(doc));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall and CPU seconds (every thread of this process: sharp's included) of `run`. */
async function timed(run) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await run();
  const cpu = process.cpuUsage(cpu0);
  return { value, seconds: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** A command's wall and CPU seconds (user + system, children included) by /usr/bin/time, or wall only without it. */
function timedCommand(command, args) {
  const hasTime = fs.existsSync('/usr/bin/time');
  const t0 = performance.now();
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-f', 'XRTIME %U %S', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${path.basename(command)} ${args[0]} failed: ${r.stderr}`);
  const m = /XRTIME ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  return { seconds, cpu: m ? Number(m[1]) + Number(m[2]) : Number.NaN };
}

/** Runs `a` and `b` three times in turns (a b, b a, a b) and gives each one's median wall and CPU seconds. */
async function interleaved(a, b, rounds = 3) {
  const runs = { a: [], b: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ['b', 'a'] : ['a', 'b'];
    for (const k of order) runs[k].push(await (k === 'a' ? a(r) : b(r)));
  }
  const summary = (xs) => ({ seconds: median(xs.map((x) => x.seconds)), cpu: median(xs.map((x) => x.cpu)), runs: xs });
  return { a: summary(runs.a), b: summary(runs.b) };
}

const fmt = (x) => x.toFixed(1);
const cpuCell = (x) => (Number.isFinite(x) ? fmt(x) : '–');

/** Part 1: the product's processing time against the floor, per model of the benchmark set and for a panorama. */
async function speed() {
  const set = [['five 2048 px textures (generated)', 'five-textures.glb', await fiveTexturesGlb()]];
  const king = await corpusTexturedGlb();
  if (king) set.push([`corpus: ${KING} + Textures/king.png`, 'corpus-king.glb', king]);
  else console.warn(`skipped the corpus model: ${CORPUS} is absent`);
  const rows = [];
  const budget = [];
  for (const [about, name, bytes] of set) {
    const input = path.join(dir, name);
    fs.writeFileSync(input, bytes);
    let report;
    const { a: ours, b: floor } = await interleaved(
      (r) =>
        timed(() => processModel({ inputPath: input, originalName: name, workDir: path.join(dir, `speed-${r}-${name}`) })).then(
          (t) => {
            report = t.value;
            return t;
          },
        ),
      (r) => timedCommand(cli, ['optimize', input, path.join(dir, `cli-${r}-${name}`), '--texture-compress', 'webp']),
    );
    const ratio = ours.seconds / floor.seconds;
    budget.push(ratio <= 1);
    const cliBytes = fs.statSync(path.join(dir, `cli-0-${name}`)).size;
    const outputs = [report.coarseGlbPath && 'coarse', report.usdzPath && 'USDZ'].filter(Boolean).join(', ');
    console.log(
      `${name}: ours ${ours.runs.map((x) => fmt(x.seconds)).join(' / ')} s, CLI ${floor.runs.map((x) => fmt(x.seconds)).join(' / ')} s → ${ratio.toFixed(2)}×`,
    );
    rows.push(
      `| ${about} | ${mb(bytes.length)} | ${report.report.textures} | ${fmt(ours.seconds)} (${ours.runs.map((x) => fmt(x.seconds)).join(', ')}) | ${fmt(floor.seconds)} (${floor.runs.map((x) => fmt(x.seconds)).join(', ')}) | **${ratio.toFixed(2)}×** ${ok(ratio <= 1)} | ${cpuCell(ours.cpu)} / ${cpuCell(floor.cpu)} | ${kb(report.report.bytesAfter)} / ${kb(cliBytes)}; thumbnail${outputs ? `, ${outputs}` : ''} |`,
    );
  }

  return { rows, ok: budget.every(Boolean) };
}

/**
 * Part 1, panorama: a 4096 × 2048 JPEG through `processPanorama` (the upload job's step: checks, one decode, JPEG
 * previews 512 / 2048 / 4096 px) against sharp's own `.tile()` (Deep Zoom: the whole pyramid of 256 px JPEG tiles)
 * of the same file, five runs in turns after one untimed run of each (a first sharp call in the process pays for
 * libvips' start). Budget ≤ 1.2×. Gives the marked block of docs/perf.md that holds its table.
 */
async function panorama() {
  const loadBefore = os.loadavg()[0];
  const pano = path.join(dir, 'panorama.jpg');
  fs.writeFileSync(pano, await detailJpeg(7, 4096, 2048, 90));
  const ours = (r) => timed(() => processPanorama({ inputPath: pano, workDir: path.join(dir, `pano-${r}`) }));
  const floor = (r) =>
    timed(() =>
      sharp(pano)
        .tile()
        .toFile(path.join(dir, `dz-${r}.dz`)),
    );
  await ours('warm');
  await floor('warm');
  const { a: oursPano, b: sharpPano } = await interleaved(ours, floor, 5);
  const out = await processPanorama({ inputPath: pano, workDir: path.join(dir, 'pano-out') });
  const made = out.previews.map((p) => `${p.width} px ${kb(fs.statSync(p.path).size)} KB`).join(', ');
  const dz = path.join(dir, 'dz-0_files');
  const levels = fs.readdirSync(dz).filter((l) => fs.statSync(path.join(dz, l)).isDirectory());
  const dzFiles = levels.flatMap((l) => fs.readdirSync(path.join(dz, l)).map((f) => path.join(dz, l, f)));
  const dzBytes = dzFiles.reduce((n, f) => n + fs.statSync(f).size, 0);
  const ratio = oursPano.seconds / sharpPano.seconds;
  const secs = (x) => `${x.seconds.toFixed(2)} (${x.runs.map((r) => r.seconds.toFixed(2)).join(', ')})`;
  console.log(`panorama: ours ${secs(oursPano)} s, sharp .tile() ${secs(sharpPano)} s → ${ratio.toFixed(2)}×`);
  const markdown = `### Panorama against sharp's \`.tile()\`

A 4096 × 2048 JPEG (generated, quality 90) through \`processPanorama\`, the upload job's step: size and ratio checks, one full decode that refuses truncated data, and JPEG previews 512, 2048 and 4096 px wide (quality 85, mozjpeg's quantisation tables, baseline; no tiles at this width). The floor is sharp's own \`.tile()\` of the same file with its defaults: Deep Zoom, the whole pyramid of 256 px JPEG tiles (quality 80). Each makes what the other does not: the floor ${dzFiles.length} tiles in ${levels.length} levels (${kb(dzBytes)} KB), the product its three previews (${made}). One untimed run of each first, then five runs in turns, median; seconds of wall time, CPU seconds (all threads) beside. Budget: ≤ 1.2×.

| panorama | processPanorama s (runs) | sharp .tile() s (runs) | ratio | CPU s ours / sharp |
|---|---|---|---|---|
| 4096 × 2048 JPEG panorama (generated, ${mb(fs.statSync(pano).size)} MB) | ${secs(oursPano)} | ${secs(sharpPano)} | **${ratio.toFixed(2)}×** ${ok(ratio <= 1.2)} | ${oursPano.cpu.toFixed(2)} / ${sharpPano.cpu.toFixed(2)} |

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores shared with other work (1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after), sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()}).`;
  return { markdown, ok: ratio <= 1.2 };
}

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

/** Parts 2–4: output sizes against the CLI, geometry-only models, the small model corpus. */
async function sizes() {
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
  const markdown = `### Output size against the CLI

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

#### Model corpus (\`apps/server/test/fixtures/corpus.ts\`, checked by \`lib/pipeline/corpus.test.ts\`)

Small files the code writes in each format for each way a real-world file can trip the importer (multi-buffer glTF, Draco, binary FBX 7.4, damaged embedded texture, mixed and UTF-16 OBJ, validator issues of the input, animation and skins), plus the Stanford bunny Draco stream that npm \`draco3dgltf\` ships (Apache-2.0). The failure modes are rebuilt by code, so the unit suite needs no model files; real-world models are the CC0 corpus of \`npm run bench corpus\` (next section).

| file | what | outcome | delivered |
|---|---|---|---|
${rows.join('\n')}

Measured ${measured}.`;
  return { markdown, ok: ratio <= 0.3 && h.vsCli <= 1.1 && h.oursSeconds <= 60 && geoOk };
}

/** The size part of the section as the last full run wrote it (for `PIPELINE_SPEED_ONLY=1`). */
function previousSizes() {
  const file = path.join(root, 'docs/perf.md');
  const m = fs.readFileSync(file, 'utf8').match(/<!-- bench:pipeline -->([\s\S]*?)<!-- \/bench:pipeline -->/);
  const text = m?.[1] ?? '';
  const at = text.indexOf('### Output size against the CLI');
  if (at >= 0) return text.slice(at).trim();
  const old = text.indexOf('Generated model:');
  return old >= 0 ? `### Output size against the CLI\n\n${text.slice(old).trim()}` : '';
}

const measured = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores shared with other work (load average ${os.loadavg()[0].toFixed(1)} at the end)`;

try {
  if (panoramaOnly) {
    // Only the marked panorama block inside the pipeline section is rewritten; the models' figures stay.
    const file = path.join(root, 'docs/perf.md');
    if (!fs.readFileSync(file, 'utf8').includes('<!-- bench:pipeline-panorama -->'))
      throw new Error('docs/perf.md has no panorama block yet: run `npm run bench pipeline` without PIPELINE_PANORAMA_ONLY');
    const pano = await panorama();
    writeSection('pipeline-panorama', pano.markdown);
    if (!pano.ok) process.exitCode = 1;
  } else {
    const fast = await speed();
    const pano = await panorama();
    const size = speedOnly ? { markdown: previousSizes(), ok: true } : await sizes();
    writeSection(
      'pipeline',
      `## Asset pipeline (\`npm run bench pipeline\`)

### Processing time against \`gltf-transform optimize --texture-compress webp\`

\`npm run bench pipeline\` (\`PIPELINE_SPEED_ONLY=1\` for this part alone, \`PIPELINE_PANORAMA_ONLY=1\` for the panorama alone). Each model goes through \`processModel\`, the function the upload job runs: input validation, texture decode check, the steps of \`gltf-transform optimize\`, WebP textures ≤ 2048 px with their 128 px previews, thumbnail, coarse level of detail, output validation, USDZ. The floor is \`gltf-transform optimize <in> <out> --texture-compress webp\` (@gltf-transform/cli, the version of @gltf-transform/core in use) on the same file. Three runs each in turns (ours, CLI; CLI, ours; ours, CLI), median; seconds of wall time, CPU seconds (all threads; the CLI's by \`/usr/bin/time\`, Node's start included) beside. Budget: ours ≤ 1.0× the CLI for every model; the panorama ≤ 1.2× sharp's own \`.tile()\` (Deep Zoom, 256 px JPEG tiles) of the same image.

| model | input MB | textures | processModel s (runs) | CLI s (runs) | ratio | CPU s ours / CLI | output KB ours / CLI; also made |
|---|---|---|---|---|---|---|---|
${fast.rows.join('\n')}

Measured ${measured}.

<!-- bench:pipeline-panorama -->
${pano.markdown}
<!-- /bench:pipeline-panorama -->

${size.markdown}`,
    );
    if (!(fast.ok && pano.ok && size.ok)) process.exitCode = 1;
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
