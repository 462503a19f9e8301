import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { embedSrc } from '@xr/contract/share';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panoramaJpeg } from '../apps/server/test/fixtures/media';
import { checkerPng, cubeGlb } from '../apps/server/test/fixtures/models';
import share from '../apps/web/src/locales/en/share.json';
import { launch, newContext, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, tusUpload, uploadCover, waitForHash } from './helpers';

/**
 * Share and embed: a visitor copies a public tour's link and embed code from its details page, a page of another
 * origin frames the full-screen viewer with that code and it draws, while the app's other pages (and the viewer of a
 * project that is not public) refuse to be framed. The link's server-rendered page opens the details in the app. A
 * public 3D scene's embed draws its model in the frame too.
 */
const base = laneBase();
const SHOTS = path.resolve(__dirname, 'artifacts/screenshots');
let browser: Browser;
let host: http.Server;
let hostUrl: string;
const PASSWORD = 'Share@12345';

interface Info {
  id: number;
  name: string;
  kind: 'tour' | 'scene';
  share_url: string;
  embed_url: string;
  scenes: { id: string }[];
}

const htmlAttr = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A blog of another origin: `/embed?code=` pastes an embed code as is; `/frame?src=` frames any address. */
function startHost(): Promise<void> {
  host = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const body =
      url.pathname === '/embed'
        ? (url.searchParams.get('code') ?? '')
        : `<iframe id="framed" src="${htmlAttr(url.searchParams.get('src') ?? '')}" width="640" height="360"></iframe>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>A blog</title></head><body><h1>My travel blog</h1>${body}</body></html>`);
  });
  return new Promise((resolve) =>
    host.listen(0, '127.0.0.1', () => {
      hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/**
 * A creator's free, public tour of two scenes with anonymous preview on, approved by the administrator: made once
 * through the API (building a tour in the editor is the tour journey's subject).
 */
let made: Promise<Info> | undefined;
function publicTour(): Promise<Info> {
  made ??= (async () => {
    const admin = await adminToken(base);
    const email = `share-${Date.now()}@e2e.test`;
    await createActiveUser(base, admin, email, PASSWORD, 'creator');
    const token = (await api<{ access_token: string }>(base, '/api/login', { username: email, password: PASSWORD })).access_token;
    const cover = await uploadCover(base, token, await checkerPng(512, 8));
    const p = await api<{ id: number }>(
      base,
      '/api/project/add_project',
      {
        name: 'Harbour "walk" <b>at dusk</b>',
        catalog: '360_image',
        type: 'exhibition',
        price: 0,
        keywords: 'harbour',
        description: 'Two scenes of the harbour.',
        cover,
        for_sale: true,
        is_public: true,
        anonymous_preview: true,
      },
      token,
    );
    await tusUpload(base, token, 'harbour.jpg', await panoramaJpeg(2048, 1024), { project_id: p.id, kind: 'image360' });
    let assetId = 0;
    await expect
      .poll(
        async () => {
          const { assets } = await api<{ assets: { id: number; status: string }[] }>(
            base,
            `/api/project/asset_status?project_id=${p.id}`,
            undefined,
            token,
            'GET',
          );
          assetId = assets[0]?.status === 'ready' ? assets[0].id : 0;
          return assets[0]?.status;
        },
        { timeout: 120_000 },
      )
      .toBe('ready');
    const media = { type: 'image360', asset_id: assetId };
    const document = {
      schema_version: 1,
      kind: 'tour',
      start_scene: 'pier',
      scenes: [
        {
          id: 'pier',
          name: { en: 'Pier' },
          media,
          hotspots: [{ id: 'go', kind: 'scene', target_scene: 'quay', position: { yaw: 0.5, pitch: 0 } }],
        },
        { id: 'quay', name: { en: 'Quay' }, media, start_view: { yaw: 2, pitch: 0.2, zoom: 50 }, hotspots: [] },
      ],
    };
    await api(base, '/api/project/save_scene', { id: p.id, base_version: 0, document }, token);
    await api(base, '/api/project/submit_scene', { id: p.id }, token);
    await api(base, '/api/approval/approve_project', { id: p.id }, admin);
    return api<Info>(base, `/api/share/info?id=${p.id}`, undefined, undefined, 'GET');
  })();
  return made;
}

/** A public 3D scene of one cube (its model processed by the pipeline), approved; its share info. */
async function publicScene(): Promise<Info> {
  const admin = await adminToken(base);
  const email = `share-scene-${Date.now()}@e2e.test`;
  await createActiveUser(base, admin, email, PASSWORD, 'creator');
  const token = (await api<{ access_token: string }>(base, '/api/login', { username: email, password: PASSWORD })).access_token;
  const cover = await uploadCover(base, token, await checkerPng(512, 8));
  const p = await api<{ id: number }>(
    base,
    '/api/project/add_project',
    {
      name: 'Embedded cube',
      catalog: '3d_model',
      type: 'showroom',
      price: 0,
      keywords: 'cube',
      description: 'A checker cube on a page of another site.',
      cover,
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    },
    token,
  );
  await tusUpload(base, token, 'cube.glb', await cubeGlb(), { project_id: p.id, kind: 'model3d' });
  let assetId = 0;
  await expect
    .poll(
      async () => {
        const { assets } = await api<{ assets: { id: number; status: string }[] }>(
          base,
          `/api/project/asset_status?project_id=${p.id}`,
          undefined,
          token,
          'GET',
        );
        assetId = assets[0]?.status === 'ready' ? assets[0].id : 0;
        return assets[0]?.status;
      },
      { timeout: 240_000, interval: 1000 },
    )
    .toBe('ready');
  const document = {
    schema_version: 1,
    kind: 'scene',
    objects: [{ id: 'cube', type: 'model', source: { asset_id: assetId }, transform: { position: [0, 0, 0] } }],
  };
  await api(base, '/api/project/save_scene', { id: p.id, base_version: 0, document }, token);
  await api(base, '/api/project/submit_scene', { id: p.id }, token);
  await api(base, '/api/approval/approve_project', { id: p.id }, admin);
  return api<Info>(base, `/api/share/info?id=${p.id}`, undefined, undefined, 'GET');
}

async function drawn(canvas: Locator): Promise<boolean> {
  const stats = await sharp(await canvas.screenshot()).stats();
  return stats.channels.slice(0, 3).some((c) => c.stdev > 6);
}

/** The frame of the iframe `#framed` (or the first child frame), once it navigated. */
async function childFrame(page: Page): Promise<Frame> {
  await page.locator('iframe').first().waitFor();
  await expect.poll(() => page.frames().length).toBeGreaterThan(1);
  return page.frames().find((f) => f !== page.mainFrame()) as Frame;
}

/** Opens the share dialog of the details page (the button shows once the project is known to be shareable). */
async function openShare(page: Page, id: number): Promise<Locator> {
  await page.goto(`${base}/#/product_details?id=${id}`);
  await page.getByTestId('share-open').click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('share-code').waitFor();
  return dialog;
}

/**
 * Picks an option of one of the dialog's selects with the keyboard (the list opens, the arrows move the active option,
 * Enter picks it): on a busy machine the open list can keep moving while the dialog's live preview re-lays out, so a
 * pointer click on an option never finds it "stable". The poll checks that the pick took; it is tried again if not.
 */
async function pick(page: Page, dialog: Locator, testId: string, option: string) {
  const select = dialog.getByTestId(testId);
  for (let attempt = 0; ; attempt++) {
    await select.click();
    const list = page.locator('.ant-select-dropdown:visible');
    await list.locator('.ant-select-item-option').first().waitFor({ state: 'attached' });
    for (let step = 0; step < 12; step++) {
      const active = await list
        .locator('.ant-select-item-option-active')
        .getAttribute('title')
        .catch(() => null);
      if (active === option) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    try {
      await expect.poll(() => select.textContent(), { timeout: 3000 }).toContain(option);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

beforeAll(async () => {
  browser = await launch();
  await startHost();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => host?.close(r));
});

describe('share and embed', () => {
  it('copies a public tour embed code, and a page of another origin shows the viewer drawing with it', async () => {
    const tour = await publicTour();
    const ctx = await newContext(browser, { lang: 'en' });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await ctx.newPage();
    shotOnFailure(page, 'share-details');
    const dialog = await openShare(page, tour.id);
    await expect.poll(() => dialog.getByTestId('share-link').inputValue()).toBe(`${base}/s/${tour.id}`);
    await dialog.getByTestId('share-qr').locator('canvas, svg').first().waitFor();

    // the options: a fixed 800×450 frame, turning on its own, starting in the tour's second scene, in English
    await pick(page, dialog, 'share-size', share.sizes['800x450']);
    await dialog.getByTestId('share-autorotate').click();
    const second = tour.scenes[1]!.id;
    await pick(page, dialog, 'share-scene', 'Quay');
    await pick(page, dialog, 'share-lang', 'English');
    const code = await dialog.getByTestId('share-code').inputValue();
    expect(code).toMatch(
      /^<iframe src="[^"]+" title="[^"]*" allow="[^"]+" allowfullscreen loading="lazy" width="800" height="450"/,
    );
    expect(code).toContain(`embed=1&amp;autorotate=1&amp;scene=${second}&amp;lang=en`);
    await expect.poll(() => dialog.getByTestId('share-preview').getAttribute('data-ratio')).toBe('800 / 450');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'share-dialog-desktop.png') });

    await dialog.getByTestId('share-copy-code').click();
    await expect.poll(() => dialog.getByTestId('share-copy-code').textContent()).toBe(share.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.screenshot({ path: path.join(SHOTS, 'share-dialog-desktop-copied.png') });

    // another origin pastes the code: the viewer is framed, in English, in the chosen scene, and draws
    const blog = await ctx.newPage();
    shotOnFailure(blog, 'share-blog');
    await blog.goto(`${hostUrl}/embed?code=${encodeURIComponent(code)}`);
    const frame = await childFrame(blog);
    await frame.locator('[data-testid=view-page][data-shown][data-embed]').waitFor({ timeout: 90_000 });
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('en');
    const pano = frame.getByTestId('tour-panorama');
    await expect.poll(() => pano.getAttribute('data-scene'), { timeout: 30_000 }).toBe(second);
    const canvas = pano.locator('canvas').first();
    await expect.poll(() => drawn(canvas), { timeout: 30_000 }).toBe(true);
    await blog.screenshot({ path: path.join(SHOTS, 'share-embedded-viewer.png') });
    await ctx.close();
  }, 720_000);

  it("a page of another origin frames a 3D scene's embed, and its canvas draws the model", async () => {
    const scene = await publicScene();
    expect(scene.kind).toBe('scene');
    const ctx = await newContext(browser, { lang: 'en' });
    const blog = await ctx.newPage();
    shotOnFailure(blog, 'share-blog-scene');
    // the frame's address as the share dialog makes it (embed options: the defaults, in English)
    const src = embedSrc(scene.embed_url, { autorotate: false, scene: '', lang: 'en' });
    await blog.goto(`${hostUrl}/frame?src=${encodeURIComponent(src)}`);
    const frame = await childFrame(blog);
    await frame.locator('[data-testid=view-page][data-shown][data-embed]').waitFor({ timeout: 90_000 });
    // every model in and the shadows on: the first frame is complete
    const viewer = frame.locator('[data-testid=scene-viewer][data-shadows=on]');
    await viewer.waitFor({ timeout: 90_000 });
    const canvas = viewer.locator('canvas').first();
    await expect.poll(() => drawn(canvas), { timeout: 30_000 }).toBe(true);
    await blog.screenshot({ path: path.join(SHOTS, 'share-embedded-scene.png') });
    await ctx.close();
  }, 420_000);

  it('other pages, and the viewer of a project that is not public, refuse to be framed', async () => {
    const tour = await publicTour();
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refusals.push(m.text());
    });
    for (const src of [
      `${base}/#/product_details?id=${tour.id}`,
      `${base}/viewer.html?id=2147483000&kind=tour`,
      `${base}/s/${tour.id}`,
    ]) {
      refusals.length = 0;
      await page.goto(`${hostUrl}/frame?src=${encodeURIComponent(src)}`);
      const frame = await childFrame(page);
      await expect.poll(() => refusals.length, { timeout: 20_000 }).toBeGreaterThan(0);
      // nothing of the app is inside: the browser shows its own error page in the frame
      expect(await frame.locator('#root').count()).toBe(0);
    }
    await ctx.close();
  });

  it('the share link opens the details page in the app; the dialog fits a phone', async () => {
    const tour = await publicTour();
    const ctx = await newContext(browser, { lang: 'en', phone: true });
    const page = await ctx.newPage();
    shotOnFailure(page, 'share-phone');
    await page.goto(`${base}/s/${tour.id}`);
    await waitForHash(page, `/product_details?id=${tour.id}`);
    const dialog = await openShare(page, tour.id);
    await dialog.getByTestId('share-link').waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'share-dialog-phone.png') });
    await ctx.close();
  });
});
