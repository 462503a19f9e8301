/**
 * `BENCH_TRACE=1` for the browser benchmarks (tour, scene3d): one run's Chromium trace of every process (renderer,
 * GPU process, browser) and the page's CPU profile, written to `e2e/artifacts/traces/<name>-trace.json` and
 * `<name>-profile.cpuprofile` (open both in DevTools' Performance panel), plus the page's request timings printed as
 * they happen (`req` / `fin`, ms since navigation).
 */
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

export const TRACE = process.env.BENCH_TRACE === '1';
export const TRACE_DIR = path.join(root, 'e2e/artifacts/traces');

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'gpu',
  'viz',
  'toplevel',
  'disabled-by-default-gpu.service',
];

/**
 * Starts the trace and the CPU profile of `page` (call before navigating). Returns `stop(label)`, which writes both
 * files and says where.
 */
export async function startTrace(browser, ctx, page, name) {
  fs.mkdirSync(TRACE_DIR, { recursive: true });
  await browser.startTracing(page, {
    path: path.join(TRACE_DIR, `${name}-trace.json`),
    screenshots: false,
    categories: CATEGORIES,
  });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async (label) => {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(path.join(TRACE_DIR, `${name}-profile.cpuprofile`), JSON.stringify(profile));
    await browser.stopTracing();
    console.log(`trace and CPU profile of run 1 (${label}) in ${TRACE_DIR}`);
  };
}

/** Prints the page's requests and their ends, ms since `navStart` (the server's address left out). */
export function logRequests(page, base, navStart) {
  const short = (r) => r.url().replace(base, '').slice(0, 90);
  page.on('request', (r) => console.log('req', Date.now() - navStart, short(r)));
  page.on('requestfinished', (r) => console.log('fin', Date.now() - navStart, short(r)));
}
