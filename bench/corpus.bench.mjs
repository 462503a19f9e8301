/**
 * `npm run bench corpus`: the differential model corpus comparison (e2e/corpus/compare.ts) over every model of the
 * shared CC0 corpus (../shared/corpus/cc0-models, or CORPUS_DIR): each file through the real pipeline, its GLB
 * compared with the source loaded by three.js's own loader in headless Chromium, a second reading by assimp where
 * the product uses the reference's loader, and the Kenney Platformer Kit's four formats of each model compared with
 * each other. Prints per-format counts (ready, matching, refused by reason, failing by first difference) and writes
 * data/bench/corpus/report.json plus side-by-side PNGs of failing models; a whole run writes its table to
 * docs/perf.md. `CORPUS_FILTER=<regex>` runs a subset (docs/perf.md is then left alone);
 * `CORPUS_FROM=<report.json>` re-summarises an earlier run. Takes 10 to 35 minutes on 2 shared cores: run it in the
 * background, e.g. `nice -n 10 npm run bench corpus > corpus.log 2>&1 &`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CORPUS_DIR,
  CorpusHarness,
  crossDiffs,
  failureClass,
  IMAGE_LIMITS,
  listCorpus,
  summarise,
} from '../e2e/corpus/compare.ts';
import { root, writeSection } from './lib.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`npm run bench corpus: every model of the shared CC0 corpus through the pipeline, compared with its source.

Environment:
  CORPUS_FILTER=<regex>  only the files whose path (relative to the corpus) matches, case-insensitive; docs/perf.md
                         is left alone. E.g. CORPUS_FILTER='Platformer Kit' (the four formats of the 59 models and
                         their cross-format comparison), CORPUS_FILTER='Characters and Animals' (Quaternius's rigged
                         characters and animals), CORPUS_FILTER='/(Robot|Fish)[.]fbx$'.
  CORPUS_FROM=<file>     re-summarise an earlier report.json instead of running.
  CORPUS_DIR=<dir>       the corpus (default ../shared/corpus/cc0-models).
Without CORPUS_FILTER the whole corpus runs (10 to 35 minutes) and its table replaces the one in docs/perf.md. Each run
replaces data/bench/corpus/ (report.json, results.jsonl, failures/*.png). Run it niced: nice -n 10 npm run bench corpus`);
  process.exit(0);
}
if (!fs.existsSync(CORPUS_DIR)) {
  console.log(`corpus: skipped, no corpus at ${CORPUS_DIR} (set CORPUS_DIR)`);
  process.exit(0);
}
const filter = process.env.CORPUS_FILTER ? new RegExp(process.env.CORPUS_FILTER, 'i') : null;
const outDir = path.join(root, 'data/bench/corpus');
const failures = path.join(outDir, 'failures');
if (!process.env.CORPUS_FROM) fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(failures, { recursive: true });

const files = listCorpus().filter((f) => !filter || filter.test(f));
const platformer = /^kenney\/Platformer Kit \(1\.0\)\/Models\/\w+ format\/(.+)\.\w+$/;
const groups = new Map();
const single = [];
for (const f of files) {
  const m = platformer.exec(f);
  if (m) groups.set(m[1], [...(groups.get(m[1]) ?? []), f]);
  else single.push(f);
}

const from = process.env.CORPUS_FROM ? JSON.parse(fs.readFileSync(process.env.CORPUS_FROM, 'utf8')) : null;
const started = from ? new Date(from.started) : new Date();
const results = from ? from.results : [];
const cross = from ? from.cross : [];
const h = from ? null : await CorpusHarness.start();
let n = 0;
const total = files.length;
const log = (r) => {
  n++;
  const state = r.status === 'refused' ? `refused ${r.reason}` : r.diffs.length ? `FAIL ${r.diffs[0]}` : 'ok';
  const three = r.threeError ? ` | ${r.threeError}${r.reference === 'assimp' ? ' (assimp reads it)' : ''}` : '';
  const reader = r.readerDiffs?.length ? ` | assimp: ${r.readerDiffs[0]}` : '';
  console.log(`[${n}/${total}] ${r.file} (${r.seconds.toFixed(1)} s): ${state}${three}${reader}`);
  fs.appendFileSync(path.join(outDir, 'results.jsonl'), `${JSON.stringify(r)}\n`);
};
try {
  for (const f of from ? [] : single) {
    const r = await h.check(f, `m${n}`, { failures });
    results.push(r);
    log(r);
  }
  for (const [model, list] of from ? [] : groups) {
    const ordered = [...list].sort((a, b) => (a.endsWith('.glb') ? -1 : b.endsWith('.glb') ? 1 : a.localeCompare(b)));
    const checked = [];
    for (const f of ordered) {
      const id = `p${n}`;
      const r = await h.check(f, id, { keep: true, failures });
      results.push(r);
      checked.push({ result: r, id });
      log(r);
    }
    const ref = checked.find((c) => c.result.format === 'glb');
    if (ref) {
      for (const c of await h.crossFormat(
        model,
        ref.result,
        ref.id,
        checked.filter((c) => c !== ref),
      )) {
        cross.push(c);
        if (c.diffs.length) console.log(`  cross-format ${model}.${c.format} vs .glb: ${c.diffs[0]}`);
      }
    }
    await h.forget(...checked.map((c) => `${c.id}:src`), ...checked.map((c) => `${c.id}:out`));
  }
} finally {
  await h?.close();
}
if (from) {
  // Cross-format verdicts from the measures kept in the report (the rules may have changed since the run).
  const byFile = new Map(results.map((r) => [r.file, r]));
  for (const c of cross) {
    const dir = 'kenney/Platformer Kit (1.0)/Models';
    const ref = byFile.get(`${dir}/GLTF format/${c.model}.glb`);
    const other = byFile.get(`${dir}/${c.format.toUpperCase()} format/${c.model}.${c.format}`);
    if (ref && other) c.diffs = crossDiffs(ref, other);
  }
}
const minutes = from ? (from.minutes ?? Number.NaN) : (Date.now() - started) / 60000;

const rows = summarise(results);
const refusedText = (o) =>
  Object.entries(o)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ') || '0';
const classes = new Map();
for (const r of results) {
  if (r.status !== 'ready' || !r.diffs.length) continue;
  const k = `${r.format}: ${failureClass(r)}`;
  const c = classes.get(k) ?? { count: 0, example: r };
  c.count++;
  classes.set(k, c);
}
const refusals = new Map();
for (const r of results) {
  if (r.status !== 'refused') continue;
  const k = `${r.format}: ${r.reason}${r.reference ? ` (${r.reference === 'three' ? 'three.js' : 'assimp'} reads the source)` : ''}`;
  const c = refusals.get(k) ?? { count: 0, example: r };
  c.count++;
  refusals.set(k, c);
}
const readerClasses = new Map();
for (const r of results) {
  if (!r.readerDiffs?.length) continue;
  const k = `${r.format}: ${r.readerDiffs[0].split(':')[0]}`;
  const c = readerClasses.get(k) ?? { count: 0, example: r };
  c.count++;
  readerClasses.set(k, c);
}
const crossByFormat = new Map();
for (const c of cross) {
  const row = crossByFormat.get(c.format) ?? { models: 0, agree: 0, first: new Map() };
  row.models++;
  if (!c.diffs.length) row.agree++;
  else {
    const k = c.diffs[0].split(':')[0];
    row.first.set(k, (row.first.get(k) ?? 0) + 1);
  }
  crossByFormat.set(c.format, row);
}

const lines = [
  '| format | files | ready | matching | refused (reason) | failing | validator errors | three.js fails (assimp is the reference) | assimp disagrees with three.js | s/file |',
  '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
];
const sum = { files: 0, ready: 0, matching: 0, failing: 0, validator: 0, threeFails: 0, readerDiffs: 0, refused: 0 };
for (const [format, r] of [...rows].sort()) {
  lines.push(
    `| ${format} | ${r.files} | ${r.ready} | ${r.matching} | ${refusedText(r.refused)} | ${r.failing} | ${r.validator} | ${r.threeFails} | ${r.readerDiffs} | ${(r.seconds / r.files).toFixed(1)} |`,
  );
  for (const k of Object.keys(sum)) sum[k] += k === 'refused' ? Object.values(r.refused).reduce((a, b) => a + b, 0) : r[k];
}
lines.push(
  `| **all** | ${sum.files} | ${sum.ready} | ${sum.matching} | ${sum.refused} | ${sum.failing} | ${sum.validator} | ${sum.threeFails} | ${sum.readerDiffs} | |`,
);
const failLines = [...classes]
  .sort((a, b) => b[1].count - a[1].count)
  .map(([k, c]) => `- ${k}: ${c.count} (e.g. \`${c.example.file}\`: ${c.example.diffs[0]})`);
const refusedLines = [...refusals]
  .sort((a, b) => b[1].count - a[1].count)
  .map(([k, c]) => `- ${k}: ${c.count} (e.g. \`${c.example.file}\`: ${(c.example.message ?? '').slice(0, 160)})`);
const readerLines = [...readerClasses]
  .sort((a, b) => b[1].count - a[1].count)
  .map(([k, c]) => `- ${k}: ${c.count} (e.g. \`${c.example.file}\`: ${c.example.readerDiffs[0]})`);
const crossLines = [...crossByFormat].map(
  ([f, r]) =>
    `- ${f} vs glb: ${r.agree}/${r.models} agree${r.first.size ? `; first difference: ${[...r.first].map(([k, v]) => `${k} ${v}`).join(', ')}` : ''}`,
);
const markdown = [
  `Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`nice -n 10 npm run bench corpus\`${Number.isNaN(minutes) ? '' : `, ${minutes.toFixed(0)} min`} on 2 shared cores (beside other work). Images: two views 256×256; limits: mean absolute RGB difference ≤ ${IMAGE_LIMITS.mad}, ≥ ${IMAGE_LIMITS.within * 100} % of the pixels both cover within 24/255, silhouette IoU ≥ ${IMAGE_LIMITS.iou}.`,
  '',
  ...lines,
  '',
  'Failing models by the checks they fail (product GLB vs the source as three.js reads it, or assimp where three.js cannot), with the first difference of an example:',
  '',
  ...(failLines.length ? failLines : ['- none']),
  '',
  'Refused models by reason:',
  '',
  ...(refusedLines.length ? refusedLines : ['- none']),
  '',
  'Platformer Kit, each format’s GLB against the glTF’s GLB (extents, triangles, drawn meshes, clips, morph targets; not where the model sits, see above):',
  '',
  ...(crossLines.length ? crossLines : ['- not run']),
  '',
  'Second reader (assimp) disagreeing with three.js on the source, by first difference (not product failures):',
  '',
  ...(readerLines.length ? readerLines : ['- none']),
].join('\n');
console.log(`\n${markdown}\n`);
fs.writeFileSync(
  path.join(outDir, 'report.json'),
  JSON.stringify(
    { started: started.toISOString(), limits: IMAGE_LIMITS, summary: Object.fromEntries(rows), results, cross },
    null,
    1,
  ),
);
console.log(
  `report: ${path.relative(root, path.join(outDir, 'report.json'))}, failing models' images: ${path.relative(root, failures)}`,
);
if (!filter) writeSection('corpus', markdown);
