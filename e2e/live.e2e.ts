import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLive from '../apps/web/src/locales/en/live.json';
import { launch, newContext, shot } from './browser';
import { adminToken, api, createActiveUser, laneBase, signIn } from './helpers';

const base = laneBase();
const SHOTS = path.resolve(__dirname, 'artifacts/screenshots');
const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
let browser: Browser;
let pusher: ChildProcess | undefined;
const pushers: ChildProcess[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  pusher?.kill('SIGKILL');
  for (const p of pushers) p.kill('SIGKILL');
  await browser?.close();
});

/** ffmpeg pushes a generated 2:1 picture (an equirectangular stand-in) with a tone, in real time. */
function push(url: string): ChildProcess {
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=1280x640:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', '240', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  pushers.push(child);
  return child;
}

const playerTime = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('[data-testid=live-player]')?.getAttribute('data-time') ?? '0'));

describe('live VR streaming journey', () => {
  it('a member creates a stream, ffmpeg pushes it, a visitor enters the password and the 360 player plays', async () => {
    const email = `live${Date.now()}@example.com`;
    const password = 'Live@2026x';
    await createActiveUser(base, await adminToken(base), email, password, 'creator');

    // The creator makes a 360 stream and gets the RTMP settings once.
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await signIn(page, base, email, password);
    await page.goto(`${base}/#/explore/live-streaming-list`);
    await page.getByText(enLive.empty).waitFor();
    await page.getByRole('button', { name: enLive.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(enLive.form.name).fill('Harbour 360');
    await dialog.getByLabel(enLive.form.password).fill('135790');
    await dialog.getByRole('button', { name: /Save/ }).click();
    await page.getByText(enLive.ingest.title).waitFor();
    const publishUrl = (await page.getByTestId('ingest-url').textContent())?.trim() ?? '';
    expect(publishUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live\/\d+\?key=[\w-]+$/);
    await shot(page, 'live-ingest-desktop');
    await page.getByRole('button', { name: 'OK' }).click();
    const id = Number(/\/live\/(\d+)\?/.exec(publishUrl)?.[1]);

    pusher = push(publishUrl);
    await expect
      .poll(
        async () => {
          const r = await fetch(`${base}/api/live/live_info?id=${id}`);
          return ((await r.json()) as { data: { state: string } }).data.state;
        },
        { timeout: 30_000 },
      )
      .toBe('live');
    await page.reload();
    await page.getByTestId('live-state').filter({ hasText: enLive.state.live }).waitFor();
    await shot(page, 'live-list-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('live-state').first().waitFor();
    await shot(page, 'live-list-phone');

    // A visitor (not signed in) opens the share link, types the 6 digits and watches in the 360 viewer.
    const visitorCtx = await newContext(browser, { lang: 'en' });
    const visitor = await visitorCtx.newPage();
    await visitor.goto(`${base}/#/live?id=${id}`);
    await visitor.getByText(enLive.watch.passwordPrompt).waitFor();
    await visitor.locator('.ant-otp input').first().click();
    await visitor.keyboard.type('135790');
    await visitor.getByRole('button', { name: enLive.watch.enter }).click();
    const player = visitor.getByTestId('live-player');
    await player.waitFor({ timeout: 30_000 });
    expect(await player.getAttribute('data-projection')).toBe('360');
    await expect.poll(() => playerTime(visitor), { timeout: 30_000 }).toBeGreaterThan(1);
    const t1 = await playerTime(visitor);
    await visitor.waitForTimeout(2000);
    expect(await playerTime(visitor)).toBeGreaterThan(t1);
    await visitor
      .getByTestId('live-viewers')
      .filter({ hasText: /[1-9] viewer/ })
      .waitFor();
    await visitor.locator('.psv-canvas, canvas').first().waitFor();
    await shot(visitor, 'live-watch-desktop');

    const phoneCtx = await newContext(browser, { phone: true, lang: 'en' });
    const phone = await phoneCtx.newPage();
    await phone.goto(`${base}/#/live?id=${id}`);
    await phone.locator('.ant-otp input').first().click();
    await phone.keyboard.type('135790');
    await phone.getByRole('button', { name: enLive.watch.enter }).click();
    await expect.poll(() => playerTime(phone), { timeout: 30_000 }).toBeGreaterThan(1);
    await shot(phone, 'live-watch-phone');

    pusher.kill('SIGKILL');
    await Promise.all([ctx.close(), visitorCtx.close(), phoneCtx.close()]);
  });

  it("viewers send hearts and claps that rise on the others' pages; a flood is refused with a translated message; the viewer list names who watches", async () => {
    const token = await adminToken(base);
    const made = await api<{ id: number }>(
      base,
      '/api/live/add_live',
      { name: 'Applause test', password: '246810', projection: 'flat', keep_recording: false },
      token,
    );
    const enter = async (phone = false) => {
      const ctx = await newContext(browser, { lang: 'en', phone });
      const page = await ctx.newPage();
      await page.goto(`${base}/#/live?id=${made.id}`);
      await page.locator('.ant-otp input').first().click();
      await page.keyboard.type('246810');
      await page.getByRole('button', { name: enLive.watch.enter }).click();
      await page.getByText(enLive.watch.waiting).waitFor();
      await page.getByTestId('live-react-heart').waitFor();
      return { ctx, page };
    };
    const a = await enter();
    const b = await enter();
    const phone = await enter(true);
    const hearts = (page: Page) => page.getByTestId('live-floats').getAttribute('data-hearts').then(Number);

    // A taps a heart and a clap: B and the phone see them rise over the stage.
    await a.page.getByTestId('live-react-heart').click();
    await a.page.getByTestId('live-react-clap').click();
    await expect.poll(() => hearts(b.page), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => hearts(phone.page), { timeout: 10_000 }).toBeGreaterThan(0);
    await b.page.getByTestId('live-reaction-float').first().waitFor({ state: 'attached' });
    await b.page.screenshot({ path: `${SHOTS}/live-reactions-desktop.png` });
    await phone.page.getByTestId('live-react-heart').click();
    await phone.page.getByTestId('live-reaction-float').first().waitFor({ state: 'attached' });
    await phone.page.screenshot({ path: `${SHOTS}/live-reactions-phone.png`, fullPage: true });

    // A floods: the server refuses beyond the limit, with its message in A's language.
    await a.page.getByTestId('live-react-clap').evaluate((b: HTMLElement) => {
      for (let i = 0; i < 14; i++) b.click();
    });
    const refusal = a.page.getByTestId('live-react-error');
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.textContent()).toMatch(/reactions too fast/);

    // The viewer list: three guests, each marked Guest.
    await b.page.getByTestId('live-viewers').click();
    await expect.poll(() => b.page.getByTestId('live-audience-item').count(), { timeout: 10_000 }).toBe(3);
    expect(await b.page.getByTestId('live-audience').getByText('Guest', { exact: true }).count()).toBe(3);
    await b.page.screenshot({ path: `${SHOTS}/live-audience-desktop.png` });
    await Promise.all([a.ctx.close(), b.ctx.close(), phone.ctx.close()]);
  }, 300_000);

  it('a viewer waiting when the stream starts watches it; a dropped publisher shows as interrupted and the player resumes by itself; then the broadcast ends', async () => {
    const token = await adminToken(base);
    const made = await api<{ id: number; publish_url: string }>(
      base,
      '/api/live/add_live',
      { name: 'Waiting room', password: '864209', projection: 'flat', keep_recording: true },
      token,
    );
    const stateOf = async () =>
      (await api<{ state: string }>(base, `/api/live/live_info?id=${made.id}`, undefined, undefined, 'GET')).state;

    // The viewer is there first and waits.
    const ctx = await newContext(browser, { lang: 'en' });
    const viewer = await ctx.newPage();
    await viewer.goto(`${base}/#/live?id=${made.id}`);
    await viewer.locator('.ant-otp input').first().click();
    await viewer.keyboard.type('864209');
    await viewer.getByRole('button', { name: enLive.watch.enter }).click();
    await viewer.getByText(enLive.watch.waiting).waitFor();

    // The stream starts: the waiting viewer's player opens and plays, no "does not exist", no duplicate-call toast.
    let publisher = push(made.publish_url);
    await expect.poll(stateOf, { timeout: 30_000 }).toBe('live');
    await expect.poll(() => playerTime(viewer), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await viewer.getByText(enLive.watch.notFound).count()).toBe(0);
    expect(await viewer.locator('.ant-message-notice').count()).toBe(0);
    await viewer.waitForTimeout(1500);
    expect(await viewer.getByText(enLive.watch.notFound).count()).toBe(0);
    await shot(viewer, 'live-waiting-viewer-playing');

    // The publisher drops: the viewer is told it was interrupted (not an endless "Loading…").
    publisher.kill('SIGKILL');
    await viewer.getByText(enLive.watch.interrupted).waitFor({ timeout: 15_000 });
    expect(await viewer.getByTestId('live-player').count()).toBe(0);
    await shot(viewer, 'live-interrupted');

    // It comes back within the grace window: the player resumes by itself.
    publisher = push(made.publish_url);
    await viewer.getByTestId('live-player').waitFor({ timeout: 30_000 });
    await expect.poll(() => playerTime(viewer), { timeout: 30_000 }).toBeGreaterThan(1);

    // It drops for good: interrupted, then (after the grace window) the broadcast has ended, with its recording kept.
    publisher.kill('SIGKILL');
    await viewer.getByText(enLive.watch.interrupted).waitFor({ timeout: 15_000 });
    await viewer.getByText(enLive.watch.broadcastEnded).waitFor({ timeout: 60_000 });
    await viewer.getByText(enLive.watch.recordingKept).waitFor();
    expect(await viewer.getByText(enLive.watch.notFound).count()).toBe(0);
    expect(await stateOf()).toBe('idle');
    await shot(viewer, 'live-broadcast-ended');
    await ctx.close();
  }, 180_000);
});
