/**
 * 360 tour benchmark: the tour viewer's first frame of a tiled 8K panorama, in Debian's Chromium (headless,
 * WebGL through SwiftShader), on the full-screen page (the lean `viewer.html` entry).
 *
 * The panorama is real: an 8192 × 4096 landscape rendered by the demo catalogue's generator, then cut by the asset
 * pipeline's own `processPanorama` into previews (512 / 2048 / 4096) and 16 × 8 tiles, exactly as an upload is. The
 * page's project and scene calls are answered by request routing with those files (like `bench/scene3d.bench.mjs`),
 * so the figures are the viewer's: navigation → first frame with the panorama drawn in perspective (the preview: the
 * lean page's early picture of the opening view or Photo Sphere Viewer's own frame, whichever comes first), → Photo
 * Sphere Viewer's own first frame ("viewer ready"), and → the last full-resolution tile of the opening view arrived.
 * Needs the built web (`npm run build`). Run: `npm run bench tour`. `BENCH_TRACE=1`: request timings, and the first
 * run's Chromium trace (renderer, GPU process) and CPU profile in `e2e/artifacts/traces/` (open in DevTools).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer, writeSection } from './lib.mjs';
import { tourDetails, tourPanorama } from './tour-fixture.mjs';
import { logRequests, startTrace, TRACE } from './trace.mjs';

const SHOTS = path.join(root, 'e2e/artifacts/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * The full-screen page as the details page links to it: the lean viewer entry (`viewer.html`, the kind known).
 * `BENCH_VIEW_URL='/#/view?id=1'` measures the SPA's old route (it now forwards to the lean page).
 */
const VIEW_URL = process.env.BENCH_VIEW_URL ?? '/viewer.html?id=1&kind=tour';
const envelope = (data) => JSON.stringify({ code: 200, message: 'ok', data });

const t0 = Date.now();
const fixture = await tourPanorama('xr-bench-tour-');
const { work, pano, files } = fixture;
console.log(`panorama rendered and processed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const tileBytes = pano.tiles.files.reduce((s, f) => s + fs.statSync(f.path).size, 0);
const details = (base) => tourDetails(base, fixture);

async function route(page, base, seen) {
  await page.route('**/bench-pano/*.jpg', (route) => {
    const name = path.basename(new URL(route.request().url()).pathname, '.jpg');
    const file = files[name];
    if (!file) return route.abort();
    return route.fulfill({ status: 200, contentType: 'image/jpeg', body: fs.readFileSync(file) }).then(() => {
      seen.push({ name, at: Date.now() });
    });
  });
  await page.route('**/api/project/content*', (r) =>
    r.fulfill({
      contentType: 'application/json',
      body: envelope({ id: 1, cover: '', access: 'full', message: '', assets: [], scene: { kind: 'tour', version: 1 } }),
    }),
  );
  await page.route('**/api/project/scene_details*', (r) =>
    r.fulfill({ contentType: 'application/json', body: envelope(details(base)) }),
  );
}

// BENCH_WEB_DIST: another build to compare with (e.g. the one before a change).
// Without the first start's background work (demo media, the library prebuild: minutes of both cores), as the
// scene3d bench; `BENCH_BACKGROUND=1` keeps it.
const QUIET = process.env.BENCH_BACKGROUND === '1' ? {} : { SEED_MEDIA_WIDTH: '0', LIBRARY_PREBUILD: '0' };
const server = await startServer({ ...QUIET, WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist') });
// a browser that does not start must not leave the server running (it would hold the caller's output open)
const browser = await chromium
  .launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  .catch(async (e) => {
    await server.stop();
    throw e;
  });
const firstFrames = [];
/** Photo Sphere Viewer's own first frame (its `ready`, then two painted frames). */
const readyFrames = [];
let earlyRuns = 0;
const tileTimes = [];
let tilesInView = 0;
try {
  const base = server.url;
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    const seen = [];
    await route(page, base, seen);
    // With BENCH_TRACE=1: the first run's Chromium trace (every process: renderer, GPU) and the page's CPU profile.
    const stopTrace = TRACE && run === 0 ? await startTrace(browser, ctx, page, 'tour') : null;
    const navStart = Date.now();
    if (TRACE) logRequests(page, base, navStart);
    await page.goto(`${base}${VIEW_URL}`);
    // First frame: the opening view in perspective where the viewer is, then two painted frames. Either the lean
    // page's early picture (`tour-early-frame`, drawn from the preview before Photo Sphere Viewer is ready) or the
    // viewer's own first draw (Photo Sphere Viewer's `ready`), whichever comes first; the viewer's own is also
    // measured ("viewer ready").
    const { first, ready, early } = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const started = performance.now();
          const times = { first: 0, ready: 0, early: false };
          const painted = (cb) => requestAnimationFrame(() => requestAnimationFrame(() => cb(performance.now())));
          const check = () => {
            const viewer = document.querySelector('[data-testid=tour-panorama]')?.getAttribute('data-scene') === 'lake';
            const drawn = document.querySelector('[data-testid=tour-early-frame]')?.getAttribute('data-scene') === 'lake';
            if (!times.first && (viewer || drawn)) {
              times.first = -1;
              times.early = !viewer;
              painted((t) => {
                times.first = t;
                if (times.ready > 0) resolve(times);
              });
            }
            if (viewer && !times.ready) {
              times.ready = -1;
              painted((t) => {
                times.ready = t;
                if (times.first > 0) resolve(times);
              });
              return;
            }
            if (performance.now() - started > 60_000) reject(new Error('the tour viewer did not show the scene'));
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    readyFrames.push(ready);
    if (early) earlyRuns++;
    firstFrames.push(first);
    if (stopTrace) await stopTrace(`first frame ${first.toFixed(0)} ms`);
    // Tiles of the opening view: wait until no tile has arrived for 1.5 s.
    let last = seen.length;
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(500);
      quiet = seen.length === last ? quiet + 1 : 0;
      last = seen.length;
    }
    const tiles = seen.filter((s) => s.name.startsWith('tile_'));
    tilesInView = tiles.length;
    if (tiles.length) tileTimes.push(Math.max(...tiles.map((s) => s.at)) - navStart);
    if (run === 0) await page.screenshot({ path: path.join(SHOTS, 'tour-viewer-8k-1440.png') });
    await ctx.close();
  }
  // The same page on a phone (screenshot only).
  {
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    const page = await ctx.newPage();
    await route(page, base, []);
    await page.goto(`${base}${VIEW_URL}`);
    await page.locator('[data-testid=tour-panorama][data-scene=lake]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(SHOTS, 'tour-viewer-8k-390.png') });
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ff = median(firstFrames);
const md = [
  '## 360 tour viewer (`npm run bench tour`)',
  '',
  `Chromium ${browser.version()} headless, WebGL through SwiftShader (software), ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} after the run; ${new Date().toISOString().slice(0, 10)}.`,
  `Panorama: 8192 × 4096 generated landscape, processed by the asset pipeline into previews ${pano.previews
    .map((p) => p.width)
    .join(
      ' / ',
    )} and ${pano.tiles.cols} × ${pano.tiles.rows} tiles (${(tileBytes / 1024 / 1024).toFixed(1)} MB of tiles). Page: \`${VIEW_URL}\`, 1440 × 900, fresh context each run (nothing cached); the project and scene calls are answered by the page, so these are client figures.`,
  '',
  '| figure | median of runs | runs (ms) |',
  '|---|---|---|',
  `| first frame with the panorama drawn in perspective (preview), ms since navigation${earlyRuns ? ` (the page's early picture first in ${earlyRuns} of ${firstFrames.length} runs)` : ''} | ${ff.toFixed(0)} | ${firstFrames.map((x) => x.toFixed(0)).join(', ')} |`,
  `| viewer ready (Photo Sphere Viewer's own first frame), ms since navigation | ${median(readyFrames).toFixed(0)} | ${readyFrames.map((x) => x.toFixed(0)).join(', ')} |`,
  `| last full-resolution tile of the opening view arrived (${tilesInView} tiles), ms since navigation | ${median(tileTimes).toFixed(0)} | ${tileTimes.map((x) => x.toFixed(0)).join(', ')} |`,
  '',
  `Budget: first frame ≤ 1000 ms: ${ff <= 1000 ? 'met' : 'not met'}.`,
].join('\n');
if (!TRACE && !process.env.BENCH_VIEW_URL && !process.env.BENCH_WEB_DIST) writeSection('tour', md);
console.log(md);
