/**
 * Screenshots of the tour's early picture (drawn by the lean page from the preview, before Photo Sphere Viewer is
 * ready) and of Photo Sphere Viewer's own first frame at the same view, side by side in time, at 1440 and 390 px: the
 * two must show the same view (docs/perf.md, "360 tour viewer"). The viewer's chunk is held back 4 s so
 * the early picture stays on screen. Needs the built web. Run: `node --import tsx bench/tour-early-shots.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from './lib.mjs';
import { tourDetails, tourPanorama } from './tour-fixture.mjs';

const SHOTS = path.join(root, 'e2e/artifacts/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const fixture = await tourPanorama('xr-tour-shots-');
const { work, files } = fixture;
const view = JSON.parse(process.env.SHOT_VIEW ?? '{"yaw":0.6,"pitch":0.15,"zoom":40}');
const envelope = (data) => JSON.stringify({ code: 200, message: 'ok', data });
const details = (base) => tourDetails(base, fixture, view);

const server = await startServer({ WEB_DIST: path.join(root, 'apps/web/dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const [w, h, mobile] of [
    [1440, 900, false],
    [390, 844, true],
  ]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.route('**/bench-pano/*.jpg', (r) => {
      const file = files[path.basename(new URL(r.request().url()).pathname, '.jpg')];
      return file ? r.fulfill({ contentType: 'image/jpeg', body: fs.readFileSync(file) }) : r.abort();
    });
    await page.route('**/api/project/content*', (r) =>
      r.fulfill({
        contentType: 'application/json',
        body: envelope({ id: 1, cover: '', access: 'full', message: '', assets: [], scene: { kind: 'tour', version: 1 } }),
      }),
    );
    await page.route('**/api/project/scene_details*', (r) =>
      r.fulfill({ contentType: 'application/json', body: envelope(details(server.url)) }),
    );
    await page.route('**/assets/tour-viewer-*.js', async (r) => {
      await new Promise((res) => setTimeout(res, 4000));
      return r.continue();
    });
    await page.goto(`${server.url}/viewer.html?id=1&kind=tour`);
    await page.locator('[data-testid=tour-early-frame][data-scene=lake]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, `tour-early-frame-${w}.png`) });
    await page.locator('[data-testid=tour-panorama][data-scene=lake]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    const left = await page.locator('[data-testid=tour-early-frame]').count();
    await page.screenshot({ path: path.join(SHOTS, `tour-viewer-first-${w}.png`) });
    console.log(`${w}px: early frame shot, viewer shot; early layer left after the viewer: ${left}`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
