import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panoramaJpeg } from '../apps/server/test/fixtures/media';
import { checkerPng } from '../apps/server/test/fixtures/models';
import common from '../apps/web/src/locales/en/common.json';
import tour from '../apps/web/src/locales/en/lazy/tour.json';
import review from '../apps/web/src/locales/en/review.json';
import { shot as fullShot, launch, newContext, settle, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, pickOption, signIn, uploadCover, waitForHash } from './helpers';
import { installXrMock } from './xr-mock';

/**
 * The 360 tour journey: a creator builds a two-scene tour — a 360 image and a 360 video — with a scene
 * link, an image, a video and a time-limited hotspot on the video, it autosaves, a reload finds it intact, the
 * creator submits it, an admin approves it in the review drawer (which shows the tour), and a visitor opens the
 * details page, follows the link and opens the image hotspot; the canvas shows different pixels after each step.
 * The visitor then enters VR (a mocked WebXR runtime) and selects the scene link with the controller's ray.
 */

const base = laneBase();
const PASSWORD = 'Creator@2026';
const stamp = Date.now() % 1_000_000;
const creatorEmail = `tourmaker${stamp}@example.com`;
const NAME = `Harbour Tour ${stamp}`;

let browser: Browser;
let creatorToken = '';
let projectId = 0;

async function shot(page: Page, name: string) {
  // from the top: a full-page shot of a scrolled page draws the fixed header in the middle
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await fullShot(page, name);
}

/** The canvas's pixels (raw RGB), to tell that a step changed what is drawn. */
async function pixels(canvas: Locator): Promise<Buffer> {
  return sharp(await canvas.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer();
}
/** An antd InputNumber's `<input>`, whether the test id sits on the input itself or on its wrapper. */
const numberInput = (scope: Locator, testId: string) =>
  scope.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first();
/** Mean absolute difference of two equally sized pixel buffers (0…255). */
function difference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i += 7) sum += Math.abs(a[i]! - b[i]!);
  return sum / Math.ceil(n / 7) + (a.length === b.length ? 0 : 255);
}
async function drawn(canvas: Locator): Promise<boolean> {
  const stats = await sharp(await canvas.screenshot()).stats();
  return stats.channels.slice(0, 3).some((c) => c.stdev > 6);
}

/** A real, decodable WebM (VP8) recorded from a moving canvas in the browser (2:1 for a 360 video). */
async function recordWebm(page: Page, width: number, height: number, frames = 60): Promise<Buffer> {
  const b64 = await page.evaluate(
    async ({ width, height, frames }) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      const rec = new MediaRecorder(c.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      rec.start(200);
      for (let i = 0; i < frames; i++) {
        const grad = g.createLinearGradient(0, 0, 0, height);
        grad.addColorStop(0, `hsl(${(i * 6) % 360}, 70%, 60%)`);
        grad.addColorStop(1, `hsl(${(i * 6 + 180) % 360}, 60%, 30%)`);
        g.fillStyle = grad;
        g.fillRect(0, 0, width, height);
        g.fillStyle = '#fff';
        for (let k = 0; k < 8; k++) g.fillRect(((i * 8 + k * width) / 8) % width, height / 2 - 20, 30, 40);
        await new Promise((r) => setTimeout(r, 40));
      }
      rec.stop();
      await new Promise((r) => {
        rec.onstop = r;
      });
      const blob = new Blob(chunks, { type: 'video/webm' });
      return new Promise<string>((resolve) => {
        const fr = new FileReader();
        fr.onload = () => resolve(String(fr.result).split(',')[1] ?? '');
        fr.readAsDataURL(blob);
      });
    },
    { width, height, frames },
  );
  return Buffer.from(b64, 'base64');
}

interface Details {
  version: number;
  document: {
    start_scene: string;
    scenes: {
      id: string;
      media: { type: string };
      hotspots: { id: string; kind: string; target_scene?: string; asset_id?: number; time_range: unknown }[];
    }[];
  };
}
const details = (token: string) => api<Details>(base, `/api/project/scene_details?id=${projectId}`, undefined, token, 'GET');

beforeAll(async () => {
  browser = await launch();
  const admin = await adminToken(base);
  await createActiveUser(base, admin, creatorEmail, PASSWORD, 'creator');
  creatorToken = (await api<{ access_token: string }>(base, '/api/login', { username: creatorEmail, password: PASSWORD }))
    .access_token;
  // the project itself (its form is another journey's subject): cover, free, public, anonymous preview on
  const cover = await uploadCover(base, creatorToken, await checkerPng(512, 8));
  await api(
    base,
    '/api/project/add_project',
    {
      name: NAME,
      catalog: '360_image',
      type: 'exhibition',
      price: 0,
      keywords: 'harbour, tour',
      description: 'A two-scene tour of the harbour.',
      cover,
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    },
    creatorToken,
  );
  const mine = await api<{ list: { id: number; name: string }[] }>(
    base,
    `/api/project/my_project_page?page=1&limit=10&keyword=${encodeURIComponent(NAME)}`,
    undefined,
    creatorToken,
    'GET',
  );
  projectId = mine.list.find((p) => p.name === NAME)?.id ?? 0;
  expect(projectId).toBeGreaterThan(0);
});
afterAll(async () => {
  await browser?.close();
});

describe('360 tour', () => {
  it('creator builds a two-scene tour, it autosaves, a reload finds it intact, and it goes to review', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'creator');
    await signIn(page, base, creatorEmail, PASSWORD);
    await page.goto(`${base}/#/vrdata/list`);
    const row = page.locator('tr').filter({ hasText: NAME });
    await row.getByTestId('edit-tour').click();
    await waitForHash(page, '/vrdata/tour-editor');
    const editor = page.getByTestId('tour-editor');
    await editor.waitFor();

    // scene 1: a 360 image uploaded from the add-scene dialog (tus, with its progress bar)
    await page.getByTestId('add-scene').first().click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog
      .getByTestId('upload-image360')
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await panoramaJpeg(4096, 2048) });
    const pano = dialog.locator('[data-testid=scene-candidate]:not([disabled])').filter({ hasText: 'harbour.jpg' });
    await pano.waitFor({ timeout: 120_000 });
    await pano.click();
    const canvas = page.locator('[data-testid=editor-panorama] canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn(canvas), { timeout: 20_000 }).toBe(true);
    const afterScene1 = await pixels(canvas);

    // scene 2: a 360 video
    await page.getByTestId('add-scene').first().click();
    const video360 = await recordWebm(page, 1024, 512);
    await dialog.getByTestId('upload-video360').setInputFiles({ name: 'ferry.webm', mimeType: 'video/webm', buffer: video360 });
    const vid = dialog.locator('[data-testid=scene-candidate]:not([disabled])').filter({ hasText: 'ferry.webm' });
    await vid.waitFor({ timeout: 120_000 });
    await vid.click();
    await expect.poll(async () => difference(afterScene1, await pixels(canvas)), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('editor-scene').count()).toBe(2);

    // on the video scene: a hotspot shown from 0 s to 2 s
    const box = (await canvas.boundingBox())!;
    await page.getByTestId('add-hotspot').click();
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
    const panel = page.getByTestId('hotspot-panel');
    await panel.waitFor();
    /** Picks an upload in the media list once the server lists it (the list opens once, never toggled shut). */
    const chooseMedia = async (name: string) => {
      const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):visible');
      const option = open.locator('.ant-select-item-option').filter({ hasText: name });
      await expect
        .poll(
          async () => {
            if ((await open.count()) === 0) await panel.getByTestId('hotspot-media').click();
            return option.count();
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      await option.first().click();
    };
    await panel.getByTestId('hotspot-title-en').fill('Ferry horn');
    await panel.getByTestId('hotspot-time-switch').click();
    await numberInput(panel, 'hotspot-time-start').fill('0');
    await numberInput(panel, 'hotspot-time-end').fill('2');
    await numberInput(panel, 'hotspot-time-end').blur();

    // back to scene 1: a scene link straight ahead, an image and a video hotspot
    await page.getByTestId('editor-scene').first().locator('button').first().click();
    await expect.poll(async () => difference(afterScene1, await pixels(canvas)), { timeout: 30_000 }).toBeLessThan(3);
    const before = await pixels(canvas);
    await page.getByTestId('add-hotspot').click();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await panel.waitFor();
    await pickOption(page, panel.getByTestId('hotspot-kind'), tour.kind.scene);
    await panel.getByTestId('hotspot-title-en').fill('To the ferry');
    await panel.getByTestId('hotspot-target').waitFor();
    await expect.poll(async () => difference(before, await pixels(canvas)), { timeout: 10_000 }).toBeGreaterThan(0.2);

    await page.getByTestId('add-hotspot').click();
    await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.45);
    await pickOption(page, panel.getByTestId('hotspot-kind'), tour.kind.image);
    await panel.getByTestId('hotspot-title-en').fill('Harbour map');
    await panel
      .getByTestId('upload-image')
      .setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: await checkerPng(640, 16) });
    await chooseMedia('map.png');

    await page.getByTestId('add-hotspot').click();
    await page.mouse.click(box.x + box.width * 0.65, box.y + box.height * 0.55);
    await pickOption(page, panel.getByTestId('hotspot-kind'), tour.kind.video);
    await panel
      .getByTestId('upload-video')
      .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: await recordWebm(page, 320, 180, 30) });
    await chooseMedia('clip.webm');
    await panel.getByTestId('hotspot-title-en').fill('Ferry clip');

    // autosave: saved, and the server has what the editor shows (a problem is named with its place when it is not)
    await expect
      .poll(
        async () =>
          (await editor.getAttribute('data-save')) === 'saved'
            ? 'saved'
            : `${await editor.getAttribute('data-save')}: ${(await page.getByTestId('doc-issue').allInnerTexts()).join(' | ')}`,
        { timeout: 30_000 },
      )
      .toBe('saved');
    await shot(page, 'tour-editor-desktop');
    const saved = await details(creatorToken);
    const [s1, s2] = saved.document.scenes;
    expect(s1!.media.type).toBe('image360');
    expect(s2!.media.type).toBe('video360');
    expect(s1!.hotspots.map((h) => h.kind).sort()).toEqual(['image', 'scene', 'video']);
    expect(s1!.hotspots.every((h) => !('asset_id' in h) || (h.asset_id ?? 0) > 0)).toBe(true);
    expect(s1!.hotspots.find((h) => h.kind === 'scene')!.target_scene).toBe(s2!.id);
    expect(s2!.hotspots[0]!.time_range).toEqual({ start: 0, end: 2 });

    // undo / redo from the keyboard (outside text fields), then a reload finds the same document
    const videoTitle = async () =>
      ((await details(creatorToken)).document.scenes[0]!.hotspots.find((h) => h.kind === 'video') as { title?: { en?: string } })
        .title?.en;
    expect(await videoTitle()).toBe('Ferry clip');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+z');
    await expect.poll(videoTitle, { timeout: 30_000 }).toBeUndefined();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(videoTitle, { timeout: 30_000 }).toBe('Ferry clip');
    await expect.poll(() => editor.getAttribute('data-save'), { timeout: 30_000 }).toBe('saved');
    const final = await details(creatorToken);
    expect(final.document).toEqual(saved.document);
    await page.reload();
    await editor.waitFor();
    await expect.poll(() => page.getByTestId('editor-scene').count()).toBe(2);
    await page.locator('[data-testid=editor-panorama] [data-hotspot]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid=editor-panorama] [data-hotspot]').count()).toBe(3);
    expect((await details(creatorToken)).version).toBe(final.version);

    // the floor plan: upload a plan image in scene 1's panel, click on it to place scene 1 there
    await page.getByTestId('editor-scene').first().locator('button').first().click();
    const planEditor = page.getByTestId('plan-editor');
    await planEditor.waitFor({ timeout: 30_000 });
    await planEditor
      .getByTestId('upload-image')
      .setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: await checkerPng(800, 10) });
    const planImage = planEditor.getByTestId('plan-image').locator('img');
    await expect
      .poll(() => planImage.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), {
        timeout: 120_000,
      })
      .toBe(true);
    await planImage.scrollIntoViewIfNeeded();
    const planBox = (await planImage.boundingBox())!;
    await page.mouse.click(planBox.x + planBox.width * 0.3, planBox.y + planBox.height * 0.4);
    const firstScene = final.document.scenes[0]!.id;
    await planEditor.getByTestId(`plan-marker-${firstScene}`).waitFor();
    await expect.poll(() => editor.getAttribute('data-save'), { timeout: 30_000 }).toBe('saved');
    const planned = (await details(creatorToken)).document as unknown as {
      settings: { plan: { asset_id: number; points: { scene: string; x: number; y: number }[] } | null };
    };
    expect(planned.settings.plan?.asset_id).toBeGreaterThan(0);
    const point = planned.settings.plan?.points.find((p) => p.scene === firstScene);
    expect(point?.x).toBeCloseTo(0.3, 1);
    expect(point?.y).toBeCloseTo(0.4, 1);
    await shot(page, 'tour-plan-editor-desktop');

    // phone layout of the editor
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'tour-editor-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    // preview is the viewer
    await page.getByTestId('mode').getByText(tour.editor.preview).click();
    await page.locator('[data-testid=tour-panorama] canvas').first().waitFor({ timeout: 30_000 });

    // submitting asks first, then rests while this draft is under review
    await page.getByTestId('submit-tour').click();
    await page.getByText(tour.editor.submitConfirm).waitFor();
    await page.getByTestId('submit-tour-ok').click();
    await page.getByText(tour.editor.submitted).waitFor();
    await expect.poll(() => page.getByTestId('submit-tour').isDisabled()).toBe(true);
    expect(await page.getByTestId('submit-tour').textContent()).toContain(tour.editor.underReview);
    await ctx.close();
  }, 360_000);

  it('admin sees the tour in the review drawer and approves it', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const admin = await ctx.newPage();
    shotOnFailure(admin, 'admin');
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/approval/project-review`);
    const row = admin.locator('tr').filter({ hasText: NAME });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: review.preview }).click();
    const drawer = admin.locator('.ant-drawer:visible');
    const canvas = drawer.locator('[data-testid=tour-panorama] canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn(canvas), { timeout: 20_000 }).toBe(true);
    await drawer.getByRole('button', { name: review.approve }).click();
    await admin.locator('.ant-popover:visible').getByRole('button', { name: common.ok }).click();
    await admin.getByText(review.approved).first().waitFor();
    await ctx.close();
  });

  it('a visitor follows the scene link, opens the image hotspot, sees it full screen and enters VR', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const visitor = await ctx.newPage();
    shotOnFailure(visitor, 'visitor');
    await installXrMock(visitor);
    await visitor.goto(`${base}/#/product_details?id=${projectId}`);
    const viewer = visitor.getByTestId('tour-viewer');
    const pano = visitor.getByTestId('tour-panorama');
    const canvas = pano.locator('canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn(canvas), { timeout: 20_000 }).toBe(true);
    const published = (await api<Details>(base, `/api/project/scene_details?id=${projectId}`, undefined, undefined, 'GET'))
      .document;
    const [s1, s2] = published.scenes;
    await expect.poll(() => pano.getAttribute('data-scene'), { timeout: 20_000 }).toBe(s1!.id);
    // the floor plan the creator placed scene 1 on, in the viewer's map
    await pano.locator('.psv-map').first().waitFor({ state: 'attached', timeout: 30_000 });
    await shot(visitor, 'tour-viewer-desktop');
    const start = await pixels(canvas);

    // the scene link moves to the 360 video scene
    await pano.locator(`[data-kind=scene]`).click();
    await expect.poll(() => pano.getAttribute('data-scene'), { timeout: 30_000 }).toBe(s2!.id);
    await expect.poll(async () => difference(start, await pixels(canvas)), { timeout: 30_000 }).toBeGreaterThan(3);
    const inVideo = await pixels(canvas);

    // back through the scene list, then the image hotspot opens its picture
    await viewer.getByTestId('tour-scene-button').first().click();
    await expect.poll(() => pano.getAttribute('data-scene'), { timeout: 30_000 }).toBe(s1!.id);
    await expect.poll(async () => difference(inVideo, await pixels(canvas)), { timeout: 30_000 }).toBeGreaterThan(3);
    await pano.locator('[data-kind=image]').focus();
    await visitor.keyboard.press('Enter');
    const popup = visitor.getByTestId('hotspot-popup');
    await popup.waitFor();
    const img = popup.locator('img');
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    await shot(visitor, 'tour-viewer-popup-desktop');
    await visitor.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    // Enter VR (mocked WebXR runtime): the session starts, the controller's ray selects the scene link ahead
    await viewer.getByTestId('enter-vr').click();
    await expect.poll(() => pano.getAttribute('data-vr'), { timeout: 20_000 }).toBe('on');
    await visitor.waitForTimeout(500);
    await visitor.evaluate(() => (window as unknown as { __xrSelect(): void }).__xrSelect());
    await expect
      .poll(() => pano.getAttribute('data-vr-opened'), { timeout: 10_000 })
      .toBe(s1!.hotspots.find((h) => h.kind === 'scene')!.id);
    await expect.poll(() => pano.getAttribute('data-vr-scene'), { timeout: 10_000 }).toBe(s2!.id);
    await visitor.evaluate(() => (window as unknown as { __xrEnd(): void }).__xrEnd());
    await expect.poll(() => pano.getAttribute('data-scene'), { timeout: 30_000 }).toBe(s2!.id);

    // full screen page, and the phone layout
    // (the lean full-screen page, viewer.html: its own entry, without the SPA's start-up)
    await visitor.getByTestId('view-fullscreen').click();
    await visitor.waitForURL(/\/viewer\.html\?id=\d+&kind=tour$/, { timeout: 30_000 });
    await visitor.locator('[data-testid=view-page] [data-testid=tour-panorama] canvas').first().waitFor({ timeout: 30_000 });
    await visitor.setViewportSize({ width: 390, height: 844 });
    // the floor plan shrinks to a third of the phone's width instead of covering half the panorama
    await expect
      .poll(() =>
        visitor
          .locator('[data-testid=view-page] .psv-map')
          .first()
          .evaluate((el) => el.getBoundingClientRect().width),
      )
      .toBeLessThanOrEqual(130);
    await shot(visitor, 'tour-viewer-phone');
    await ctx.close();
  }, 240_000);
});
