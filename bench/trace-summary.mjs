/**
 * Summarises a Chromium trace written by `BENCH_TRACE=1` (bench/trace.mjs): for the page's main thread, the GPU
 * process's main thread and the compositor, every top-level task longer than `min` ms (default 15), in ms since the
 * page's navigation (its first request), with the longest nested events of each task.
 * Run: `node bench/trace-summary.mjs e2e/artifacts/traces/scene3d-trace.json [min]`.
 */
import fs from 'node:fs';

const [file, minArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/trace-summary.mjs <trace.json> [min ms]');
  process.exit(1);
}
const min = Number(minArg ?? 15);
const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
const events = Array.isArray(raw) ? raw : raw.traceEvents;
const names = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const nav = events.find((e) => e.name === 'ResourceSendRequest' && /viewer\.html|\/#\//.test(e.args?.data?.url ?? ''));
const t0 = nav ? nav.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
const wanted = ['CrRendererMain', 'CrGpuMain', 'VizCompositorThread'];
const byThread = new Map();
for (const e of events) {
  const name = names.get(`${e.pid}:${e.tid}`);
  if (!wanted.includes(name) || e.ph !== 'X' || e.ts < t0) continue;
  const key = `${name} (pid ${e.pid})`;
  if (!byThread.has(key)) byThread.set(key, []);
  byThread.get(key).push(e);
}
for (const [thread, list] of byThread) {
  list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tops = [];
  let end = -1;
  for (const e of list) {
    if (e.ts >= end) {
      tops.push({ e, kids: [] });
      end = e.ts + (e.dur ?? 0);
    } else tops.at(-1).kids.push(e);
  }
  const long = tops.filter((t) => (t.e.dur ?? 0) / 1000 >= min);
  if (long.length === 0) continue;
  const busy = tops.reduce((s, t) => s + (t.e.dur ?? 0), 0) / 1000;
  console.log(`\n## ${thread}: ${long.length} tasks ≥ ${min} ms, ${busy.toFixed(0)} ms busy in all`);
  for (const { e, kids } of long) {
    const top = kids
      .filter((k) => k.dur >= 5000)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map((k) => `${k.name}${k.args?.data?.functionName ? `:${k.args.data.functionName}` : ''} ${(k.dur / 1000).toFixed(0)}`);
    console.log(
      `${((e.ts - t0) / 1000).toFixed(0).padStart(6)} +${(e.dur / 1000).toFixed(0).padStart(4)} ${e.name}  ${top.join(' · ')}`,
    );
  }
}
