import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerPng, cubeGlb } from '../apps/server/test/fixtures/models';
import ar from '../apps/web/src/locales/en/ar.json';
import { launch, newContext, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, signIn, tusUpload, uploadCover } from './helpers';
import { installXrMock, XR_FLOOR_HIT } from './xr-mock';

/**
 * View in AR: a creator's 3D model project (one 1 m cube) offers "View in AR" on its details page. Its model has a
 * USDZ for AR Quick Look beside the GLB, served signed with its own type; a desktop gets a QR code of the page; a
 * phone with WebXR (the project's mock) enters `immersive-ar`, sees the floor through the hit test, taps, and the
 * model stands where the hit test put the floor; the scale buttons, Reset and Exit work. A 3D scene of two cubes 2 m
 * apart and a lamp is shown as a tabletop view fitted to 1 m, lit by its own lamp and its environment's lights, from
 * its details page and from the full-screen viewer; a pinch and the "Real size" button take it to real size and back.
 */
const base = laneBase();
const SHOTS = path.resolve(__dirname, 'artifacts/screenshots');
const PASSWORD = 'ArView@12345';
let browser: Browser;
let email: string;
let projectId: number;
let sceneId: number;
let creatorToken: string;

interface Content {
  assets: { kind: string; outputs: Record<string, string> }[];
}

beforeAll(async () => {
  browser = await launch();
  const admin = await adminToken(base);
  email = `ar-${Date.now()}@e2e.test`;
  await createActiveUser(base, admin, email, PASSWORD, 'creator');
  creatorToken = (await api<{ access_token: string }>(base, '/api/login', { username: email, password: PASSWORD })).access_token;
  const cover = await uploadCover(base, creatorToken, await checkerPng(512, 8));
  const p = await api<{ id: number }>(
    base,
    '/api/project/add_project',
    {
      name: 'Checker cube',
      catalog: '3d_model',
      type: 'showroom',
      price: 0,
      keywords: 'cube',
      description: 'A one-metre checker cube.',
      cover,
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    },
    creatorToken,
  );
  projectId = p.id;
  await tusUpload(base, creatorToken, 'cube.glb', await cubeGlb(), { project_id: p.id, kind: 'model3d' });
  // expect.poll is only for tests: wait by hand for the pipeline (it runs the USDZ export too)
  let assetId = 0;
  for (const until = Date.now() + 240_000; !assetId; ) {
    const { assets } = await api<{ assets: { id: number; status: string }[] }>(
      base,
      `/api/project/asset_status?project_id=${p.id}`,
      undefined,
      creatorToken,
      'GET',
    );
    if (assets[0]?.status === 'failed') throw new Error('the cube failed to process');
    if (assets[0]?.status === 'ready') assetId = assets[0].id;
    else if (Date.now() > until) throw new Error(`the cube is still ${assets[0]?.status}`);
    else await new Promise((r) => setTimeout(r, 1000));
  }
  const document = {
    schema_version: 1,
    kind: 'scene',
    objects: [{ id: 'cube', type: 'model', source: { asset_id: assetId }, transform: { position: [0, 0, 0] } }],
  };
  await api(base, '/api/project/save_scene', { id: p.id, base_version: 0, document }, creatorToken);
  await api(base, '/api/project/submit_scene', { id: p.id }, creatorToken);
  await api(base, '/api/approval/approve_project', { id: p.id }, admin);

  const s = await api<{ id: number }>(
    base,
    '/api/project/add_project',
    {
      name: 'Two cubes',
      catalog: '3d_model',
      type: 'showroom',
      price: 0,
      keywords: 'cube',
      description: 'Two cubes two metres apart.',
      cover,
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    },
    creatorToken,
  );
  sceneId = s.id;
  const twoCubes = {
    schema_version: 1,
    kind: 'scene',
    objects: [
      { id: 'left', type: 'model', source: { asset_id: assetId }, transform: { position: [0, 0, 0] } },
      { id: 'right', type: 'model', source: { asset_id: assetId }, transform: { position: [2, 0, 0] } },
      { id: 'lamp', type: 'light', light: { kind: 'point', intensity: 20, distance: 8 }, transform: { position: [1, 2.5, 1] } },
    ],
  };
  await api(base, '/api/project/save_scene', { id: s.id, base_version: 0, document: twoCubes }, creatorToken);
  await api(base, '/api/project/submit_scene', { id: s.id }, creatorToken);
  await api(base, '/api/approval/approve_project', { id: s.id }, admin);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

async function openDetails(page: Page, query = '', id = projectId) {
  await signIn(page, base, email, PASSWORD);
  await page.goto(`${base}/#/product_details?id=${id}${query}`);
  await page.getByTestId('ar-open').waitFor({ timeout: 60_000 });
}

const FLOOR = [XR_FLOOR_HIT.x, XR_FLOOR_HIT.y, XR_FLOOR_HIT.z].map((v) => v.toFixed(3)).join(',');

/** Taps (the mock's select) until the content stands where the hit test found the floor. */
async function placeOnFloor(page: Page) {
  const overlay = page.getByTestId('ar-overlay');
  await overlay.waitFor({ timeout: 60_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xrMode?: string }).__xrMode)).toBe('immersive-ar');
  await overlay.getByTestId('ar-exit').waitFor({ timeout: 60_000 });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => (window as unknown as { __xrSelect(): void }).__xrSelect());
        return overlay.getAttribute('data-placed');
      },
      { timeout: 30_000, interval: 300 },
    )
    .toBe(FLOOR);
  return overlay;
}

/** Two fingers on the AR overlay, `from` px apart, spreading (or closing) to `to` px, then lifted. */
async function pinch(overlay: Locator, from: number, to: number) {
  await overlay.evaluate(
    (el, { a, b }) => {
      const fingers = (d: number) =>
        [-1, 1].map((side, i) => new Touch({ identifier: i + 1, target: el, clientX: 195 + (side * d) / 2, clientY: 420 }));
      const fire = (type: string, touches: Touch[], changed: Touch[]) =>
        el.dispatchEvent(new TouchEvent(type, { touches, changedTouches: changed, bubbles: true, cancelable: true }));
      const start = fingers(a);
      fire('touchstart', start, start);
      for (const d of [a + (b - a) / 3, a + ((b - a) * 2) / 3, b]) fire('touchmove', fingers(d), fingers(d));
      fire('touchend', [], fingers(b));
    },
    { a: from, b: to },
  );
}

describe('View in AR', () => {
  it('the model has a signed USDZ served as model/vnd.usdz+zip, and none leaks to an anonymous visitor', async () => {
    const content = await api<Content>(base, `/api/project/content?id=${projectId}`, undefined, creatorToken, 'GET');
    const usdz = content.assets.find((a) => a.kind === 'model3d')?.outputs.model_usdz;
    expect(usdz).toBeTruthy();
    const r = await fetch(new URL(usdz as string, base));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('model/vnd.usdz+zip');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('model.usda'))).toBe(true);
    const unsigned = new URL(usdz as string, base);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).not.toBe(200);
    const anonymous = await api<Content>(base, `/api/project/content?id=${projectId}`, undefined, undefined, 'GET');
    expect(anonymous.assets.every((a) => !a.outputs.model_usdz && !a.outputs.model)).toBe(true);
  }, 120_000);

  it('a desktop shows a QR code of the page with ar=1; a phone without WebXR shows the button', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'ar-desktop-failed');
    await openDetails(page);
    const button = page.getByTestId('ar-open');
    await expect.poll(() => button.getAttribute('data-ar-mode')).toBe('qr');
    await expect.poll(() => button.textContent()).toContain(ar.button);
    await button.click();
    const qr = page.getByTestId('ar-qr');
    await qr.waitFor();
    expect(await qr.textContent()).toContain(ar.qrHint);
    expect(await page.getByRole('dialog').textContent()).toContain(ar.realScale);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, 'ar-details-1440-qr.png') });
    await ctx.close();

    const phone = await newContext(browser, { lang: 'en', phone: true });
    const small = await phone.newPage();
    shotOnFailure(small, 'ar-phone-failed');
    await openDetails(small);
    await small.getByTestId('ar-open').scrollIntoViewIfNeeded();
    await small.waitForTimeout(500);
    await small.screenshot({ path: path.join(SHOTS, 'ar-details-390.png') });
    await phone.close();
  }, 180_000);

  it('a phone with WebXR enters immersive-ar and places the model where the hit test found the floor', async () => {
    const ctx = await newContext(browser, { lang: 'en', phone: true });
    const page = await ctx.newPage();
    shotOnFailure(page, 'ar-webxr-failed');
    await installXrMock(page);
    await openDetails(page, '&ar=1');
    const button = page.getByTestId('ar-open');
    await expect.poll(() => button.getAttribute('data-ar-mode')).toBe('webxr');
    await button.click();
    const overlay = page.getByTestId('ar-overlay');
    await overlay.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xrMode?: string }).__xrMode)).toBe('immersive-ar');
    await overlay.getByTestId('ar-exit').waitFor({ timeout: 60_000 });
    await expect.poll(() => overlay.textContent()).toContain(ar.aim);
    // the tap (select) places the model once the reticle has found the floor
    const expected = [XR_FLOOR_HIT.x, XR_FLOOR_HIT.y, XR_FLOOR_HIT.z].map((v) => v.toFixed(3)).join(',');
    await expect
      .poll(
        async () => {
          await page.evaluate(() => (window as unknown as { __xrSelect(): void }).__xrSelect());
          return overlay.getAttribute('data-placed');
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe(expected);
    await expect.poll(() => overlay.textContent()).toContain(ar.placed);
    await overlay.getByTestId('ar-larger').click();
    // React commits the overlay's attributes after the click returns: wait for them rather than read them once
    await expect.poll(() => overlay.getAttribute('data-scale')).toBe('1.25');
    await overlay.getByTestId('ar-reset').click();
    await expect.poll(() => overlay.getAttribute('data-placed')).toBeNull();
    await expect.poll(() => overlay.getAttribute('data-scale')).toBe('1.00');
    await overlay.getByTestId('ar-exit').click();
    await overlay.waitFor({ state: 'detached' });
    await ctx.close();
  }, 240_000);

  it('a 3D scene is placed as a tabletop view fitted to 1 m, from its details page and from the full-screen viewer', async () => {
    const ctx = await newContext(browser, { lang: 'en', phone: true });
    const page = await ctx.newPage();
    shotOnFailure(page, 'ar-scene-webxr-failed');
    await installXrMock(page);
    await openDetails(page, '', sceneId);
    const button = page.getByTestId('ar-open');
    await expect.poll(() => button.getAttribute('data-ar-scale')).toBe('tabletop');
    await expect.poll(() => button.getAttribute('data-ar-mode')).toBe('webxr');
    await button.click();
    let overlay = await placeOnFloor(page);
    // two cubes 2 m apart (a cube's side plus 2 m wide, 3.5 m for the fixture), scaled down to 1 m
    const fit = Number(await overlay.getAttribute('data-fit'));
    expect(fit).toBeGreaterThan(0.2);
    expect(fit).toBeLessThan(0.4);
    // lit as in the viewer: the default environment's hemisphere and sun, and the document's lamp
    expect(await overlay.getAttribute('data-lights')).toBe('3');
    expect(await overlay.getAttribute('data-real')).toBe('false');
    expect(await overlay.textContent()).toContain(ar.placed);

    // two fingers spread to a little past real size: the view stops at 1:1
    await pinch(overlay, 80, (80 / fit) * 1.03);
    await expect.poll(() => overlay.getAttribute('data-real')).toBe('true');
    expect(Number(await overlay.getAttribute('data-scale'))).toBeCloseTo(1 / fit, 1);
    await expect.poll(() => overlay.textContent()).toContain(ar.atRealSize);
    const real = overlay.getByTestId('ar-real');
    expect(await real.textContent()).toBe(ar.tableSize);
    await page.screenshot({ path: path.join(SHOTS, 'ar-scene-real-size-390.png') });
    // the button goes back to the table and up to real size again; a pinch closing halves it
    await real.click();
    await expect.poll(() => overlay.getAttribute('data-scale')).toBe('1.00');
    await expect.poll(() => real.textContent()).toBe(ar.realSize);
    await real.click();
    await expect.poll(() => overlay.getAttribute('data-real')).toBe('true');
    await pinch(overlay, 200, 100);
    await expect.poll(() => overlay.getAttribute('data-real')).toBe('false');
    expect(Number(await overlay.getAttribute('data-scale'))).toBeCloseTo(0.5 / fit, 1);
    // Reset: the tabletop size, to be placed again
    await overlay.getByTestId('ar-reset').click();
    await expect.poll(() => overlay.getAttribute('data-placed')).toBeNull();
    await expect.poll(() => overlay.getAttribute('data-scale')).toBe('1.00');
    await expect.poll(() => overlay.textContent()).toContain(ar.tabletop);
    overlay = await placeOnFloor(page);
    await overlay.getByTestId('ar-exit').click();
    await overlay.waitFor({ state: 'detached' });

    // the full-screen viewer: its AR code arrives on the tap
    await page.goto(`${base}/viewer.html?id=${sceneId}&kind=scene`);
    const lean = page.getByTestId('ar-open');
    await lean.waitFor({ timeout: 60_000 });
    expect(await lean.textContent()).toBe(ar.button);
    expect(await lean.getAttribute('data-ar-scale')).toBe('tabletop');
    await lean.click();
    overlay = await placeOnFloor(page);
    expect(Number(await overlay.getAttribute('data-fit'))).toBe(fit);
    await expect.poll(() => overlay.textContent()).toContain(ar.placed);
    await overlay.getByTestId('ar-exit').click();
    await overlay.waitFor({ state: 'detached' });
    await ctx.close();
  }, 240_000);

  it("the full-screen viewer's 'View in AR': a model at real size on a phone, a QR code on a desktop", async () => {
    const phone = await newContext(browser, { lang: 'en', phone: true });
    const page = await phone.newPage();
    shotOnFailure(page, 'ar-viewer-phone-failed');
    await installXrMock(page);
    await signIn(page, base, email, PASSWORD);
    await page.goto(`${base}/viewer.html?id=${projectId}&kind=scene`);
    const button = page.getByTestId('ar-open');
    await button.waitFor({ timeout: 60_000 });
    expect(await button.getAttribute('data-ar-scale')).toBe('real');
    await page.locator('[data-testid=scene-viewer][data-shadows=on]').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SHOTS, 'ar-viewer-390.png') });
    await button.click();
    const overlay = await placeOnFloor(page);
    expect(await overlay.getAttribute('data-fit')).toBe('1.000');
    await overlay.getByTestId('ar-exit').click();
    await phone.close();

    const desktop = await newContext(browser, { lang: 'en' });
    const wide = await desktop.newPage();
    shotOnFailure(wide, 'ar-viewer-desktop-failed');
    await signIn(wide, base, email, PASSWORD);
    await wide.goto(`${base}/viewer.html?id=${sceneId}&kind=scene`);
    await wide.locator('[data-testid=scene-viewer][data-shadows=on]').waitFor({ timeout: 60_000 });
    await wide.getByTestId('ar-open').click();
    const qr = wide.getByTestId('ar-qr');
    await qr.waitFor({ timeout: 30_000 });
    expect(await qr.textContent()).toContain(ar.qrHint);
    expect(await wide.getByRole('dialog').textContent()).toContain(ar.tabletop);
    await wide.waitForTimeout(500);
    await wide.screenshot({ path: path.join(SHOTS, 'ar-viewer-1440-qr.png') });
    await desktop.close();
  }, 240_000);
});
