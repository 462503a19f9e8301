import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { cubeFbxBinary } from '../apps/server/test/fixtures/fbx';
import { checkerPng, denseSphereGlb } from '../apps/server/test/fixtures/models';
import projects from '../apps/web/src/locales/en/projects.json';
import s3d from '../apps/web/src/locales/en/scene3d.json';
import { shot as fullShot, launch, newContext, settle } from './browser';
import { addShowroomProject, api, laneBase, pickMenuItem, pickOption, signIn, tusUpload } from './helpers';

/**
 * The 3D scene journey: a creator builds a scene from three library models and an uploaded FBX, moves one
 * with the gizmo (checked in the saved document), adds an NPC that walks two waypoints and says a line when a
 * visitor comes near, and a product hotspot; saves and reloads. In the viewer the speech bubble appears when the
 * camera comes near, and "add to cart" from the product hotspot raises the cart badge.
 * Needs the server's scene calls and the model library (other branches); written against the contract.
 */
const base = laneBase();
const PASSWORD = 'Demo@12345';
const stamp = Date.now() % 1_000_000;
const PROJECT = `Showroom ${stamp}`;
const LINE = `Welcome to showroom ${stamp}`;

let browser: Browser;
let token = '';
let projectId = 0;
let cover = '';
/** A market product the creator may buy (not their own, not bought, not in the cart, for sale): the hotspot sells it. */
let product = { id: 0, name: '', search: '' };

async function shot(page: Page, name: string) {
  await settle(page);
  await fullShot(page, name);
}

interface SavedObject {
  id: string;
  type: string;
  name: string;
  transform: { position: [number, number, number] };
  source?: { library_id?: number; asset_id?: number };
  steps?: { type: string; waypoints?: number[][]; text?: { en?: string } }[];
  hotspot?: { kind: string; project_id?: number };
}

async function savedDocument(): Promise<{ objects: SavedObject[] }> {
  const d = await api<{ document: { objects: SavedObject[] } }>(
    base,
    `/api/project/scene_details?id=${projectId}`,
    undefined,
    token,
    'GET',
  );
  return d.document;
}

/** Clicks a point of the editor's canvas given in fractions of its size. */
async function clickViewport(page: Page, fx: number, fy: number) {
  const box = await page.getByTestId('editor-viewport').boundingBox();
  if (!box) throw new Error('no viewport');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Waits for the autosave / save to settle as "saved". */
async function saved(page: Page) {
  await page.locator('[data-testid=save-state][data-state=saved]').waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  browser = await launch();
  const login = await api<{ access_token: string }>(base, '/api/login', { username: 'creator@demo.test', password: PASSWORD });
  token = login.access_token;
  // a project of the creator's own, with a cover the creator uploaded (a project may only use pictures its owner uploaded)
  ({ id: projectId, cover } = await addShowroomProject(base, token, {
    name: PROJECT,
    keywords: 'showroom',
    description: `${PROJECT}: a 3D showroom built in the scene editor`,
  }));
  const market = await api<{ list: { id: number; name: string }[] }>(
    base,
    '/api/home_page/item_list?page=1&limit=50',
    undefined,
    undefined,
    'GET',
  );
  for (const item of market.list) {
    const d = await api<{ is_owner: boolean; purchased: boolean; in_cart: boolean; for_sale: boolean }>(
      base,
      `/api/project/front_project_details?id=${item.id}`,
      undefined,
      token,
      'GET',
    );
    if (!d.is_owner && !d.purchased && !d.in_cart && d.for_sale) {
      // What to type in the picker: the words of its name the market search finds it by.
      const words = item.name.split(/[\s:]+/).filter((w) => /^[\p{L}\d]+$/u.test(w));
      for (const search of [item.name, words.slice(0, 2).join(' '), words[0] ?? '']) {
        const found = await api<{ list: { id: number }[] }>(
          base,
          `/api/home_page/item_list?page=1&limit=20&keyword=${encodeURIComponent(search)}`,
          undefined,
          undefined,
          'GET',
        );
        if (found.list.some((f) => f.id === item.id)) {
          product = { ...item, search };
          break;
        }
      }
      if (product.id) break;
    }
  }
  if (!product.id) throw new Error('no market product the creator may buy');
});

afterAll(async () => {
  await browser?.close();
});

describe('3D scene editor and viewer', () => {
  it('creator builds, saves and reloads a scene; the viewer runs the NPC and sells from a hotspot', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    // On failure: what the page showed and what the browser complained about.
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    onTestFailed(async () => {
      await fullShot(page, 'scene3d-failed').catch(() => undefined);
      if (errors.length) console.error(`browser errors:\n${errors.slice(-20).join('\n')}`);
    });
    await signIn(page, base, 'creator@demo.test', PASSWORD);

    // From the project list to the editor.
    await page.goto(`${base}/#/vrdata/list`);
    const row = page.locator('tr', { hasText: PROJECT });
    await row.getByRole('button', { name: projects.editScene }).click();
    await page.getByTestId('scene-editor').waitFor({ timeout: 30_000 });

    // Three library models by click.
    const cards = page.getByTestId('asset-panel').getByTestId('asset-card');
    await cards.first().waitFor({ timeout: 20_000 });
    for (const i of [0, 1, 2])
      await cards
        .nth(i)
        .getByRole('button', { name: new RegExp(`^${s3d.assets.add} `) })
        .click();

    // One uploaded FBX: upload, wait for processing, add.
    await page.getByText(s3d.assets.uploads, { exact: true }).click();
    await page
      .getByTestId('asset-panel')
      .locator('input[type=file]')
      // textured (an embedded picture, as exporters' "embed media"): the viewer draws it from its preview first
      .setInputFiles({
        name: 'crate.fbx',
        mimeType: 'application/octet-stream',
        buffer: cubeFbxBinary('checker.png', await checkerPng()),
      });
    await page.getByRole('progressbar', { name: s3d.assets.uploadProgress }).waitFor();
    const uploaded = page.getByTestId('asset-panel').getByTestId('asset-card').filter({ hasText: 'crate' });
    await uploaded.waitFor({ timeout: 90_000 });
    await uploaded.getByRole('button', { name: new RegExp(`^${s3d.assets.add} `) }).click();
    await saved(page);
    let doc = await savedDocument();
    const models = doc.objects.filter((o) => o.type === 'model');
    expect(models).toHaveLength(4);
    expect(models.filter((m) => m.source?.library_id)).toHaveLength(3);
    expect(models.filter((m) => m.source?.asset_id)).toHaveLength(1);

    // Move the first model with the gizmo: select it in the outline, drag the gizmo's centre handle.
    await page.getByText(s3d.outline.title, { exact: true }).click();
    const first = models[0]!;
    await page.getByTestId(`outline-${first.id}`).click();
    await page.keyboard.press('w');
    const viewport = page.getByTestId('editor-viewport');
    await expect.poll(() => viewport.getAttribute('data-gizmo')).toMatch(/^\d+,\d+$/);
    const [gx, gy] = ((await viewport.getAttribute('data-gizmo')) ?? '0,0').split(',').map(Number) as [number, number];
    const vb = (await viewport.boundingBox())!;
    await page.mouse.move(vb.x + gx, vb.y + gy);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(vb.x + gx + i * 15, vb.y + gy + i * 4);
    await page.mouse.up();
    await saved(page);
    doc = await savedDocument();
    const moved = doc.objects.find((o) => o.id === first.id)!;
    expect(moved.transform.position).not.toEqual(first.transform.position);
    await shot(page, 'scene3d-editor-gizmo-desktop');

    // An NPC from the library's characters: walk two waypoints placed in the viewport, then say a line.
    await page.getByText(s3d.assets.title, { exact: true }).click();
    await page.getByText(s3d.assets.library, { exact: true }).click();
    await page.getByText(s3d.assets.characters, { exact: true }).click();
    await cards
      .first()
      .getByRole('button', { name: new RegExp(`^${s3d.assets.asNpc} `) })
      .click();
    const inspector = page.getByTestId('inspector');
    await pickOption(page, inspector.getByLabel(s3d.npc.addStep), s3d.step.walk);
    await inspector.getByRole('button', { name: s3d.npc.placeWaypoints }).click();
    await clickViewport(page, 0.4, 0.7);
    await clickViewport(page, 0.6, 0.7);
    await inspector.getByRole('button', { name: s3d.npc.placingDone }).click();
    await pickOption(page, inspector.getByLabel(s3d.npc.addStep), s3d.step.say);
    const say = inspector.getByTestId('npc-step-1');
    await say.getByLabel(`${s3d.npc.line} (${s3d.lang.en})`).fill(LINE);
    await say.getByLabel(`${s3d.npc.line} (${s3d.lang.en})`).blur();

    // A product hotspot with a market project; the NPC opens it after its line.
    await pickMenuItem(page, page.getByTestId('add-menu'), s3d.kind.product);
    const picker = page.getByTestId('inspector').getByLabel(s3d.hotspot.product);
    await picker.click();
    await picker.fill(product.search);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: product.name })
      .first()
      .click();
    await page.getByText(s3d.outline.title, { exact: true }).click();
    const npcRow = page.locator('[data-testid^=outline-npc_]');
    await npcRow.click();
    await pickOption(page, inspector.getByLabel(s3d.npc.addStep), s3d.step.open_hotspot);
    await pickOption(page, inspector.getByTestId('npc-step-2').getByLabel(s3d.npc.hotspot), s3d.kind.product);

    // The visitor starts 12 m straight behind the NPC's last waypoint (facing it), so the line waits until they walk up.
    await page.getByRole('button', { name: s3d.save.now }).click();
    await saved(page);
    const placed = (await savedDocument()).objects.find((o) => o.type === 'npc')!.steps![0]!.waypoints!;
    const [wx, , wz] = placed[placed.length - 1] as [number, number, number];
    await page.getByText(s3d.settings.title, { exact: true }).click();
    const spawnField = (axis: 'x' | 'z') =>
      page.getByTestId('settings-panel').getByLabel(`${s3d.settings.spawnPosition} ${axis}`);
    await spawnField('x').fill(wx.toFixed(2));
    await spawnField('x').press('Enter');
    await spawnField('z').fill((wz + 12).toFixed(2));
    await spawnField('z').press('Enter');

    await page.getByRole('button', { name: s3d.save.now }).click();
    await saved(page);
    await shot(page, 'scene3d-editor-desktop');
    // the gizmo never held an object outside the scene graph while objects were added, moved and reloaded
    expect(errors.filter((e) => /TransformControls/.test(e))).toEqual([]);

    // Reload: everything is still there.
    await page.reload();
    await page.getByTestId('scene-editor').waitFor();
    await page.getByText(s3d.outline.title, { exact: true }).click();
    doc = await savedDocument();
    for (const o of doc.objects) await page.getByTestId(`outline-${o.id}`).waitFor();
    const npc = doc.objects.find((o) => o.type === 'npc')!;
    expect(npc.steps?.map((s) => s.type)).toEqual(['walk', 'say', 'open_hotspot']);
    expect(npc.steps?.[0]?.waypoints).toHaveLength(2);
    expect(npc.steps?.[1]?.text?.en).toBe(LINE);
    expect(doc.objects.find((o) => o.type === 'hotspot')?.hotspot?.kind).toBe('product');

    // The viewer: walk towards the NPC; the bubble shows when near; the product hotspot adds to the cart.
    await page.goto(`${base}/#/view?id=${projectId}`);
    const viewer = page.getByTestId('scene-viewer');
    await expect
      .poll(
        async () => {
          const [a, b] = ((await viewer.getAttribute('data-models')) ?? '0/1').split('/').map(Number);
          return a === b;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // the crate's texture: drawn from its preview first, then its full image swapped in
    await page.locator('[data-testid=scene-viewer][data-textures=full]').waitFor({ timeout: 30_000 });
    const bubble = page.getByTestId('speech-bubble').filter({ hasText: LINE });
    await page.getByText(s3d.walk, { exact: true }).click();
    await page.waitForTimeout(1500);
    expect(await bubble.isVisible()).toBe(false);
    const badge = page.getByTestId('cart-badge');
    const before = Number((await badge.textContent())?.replace(/\D/g, '') || 0);
    await viewer.locator('canvas').click();
    await page.keyboard.down('KeyW');
    await bubble.waitFor({ state: 'visible', timeout: 45_000 });
    await page.keyboard.up('KeyW');
    await shot(page, 'scene3d-viewer-bubble-desktop');
    const popup = page.getByTestId('hotspot-popup');
    await popup.waitFor({ timeout: 20_000 });
    await popup.getByRole('button', { name: s3d.addToCart }).click();
    await expect.poll(async () => Number((await badge.textContent())?.replace(/\D/g, '') || 0)).toBe(before + 1);
    await ctx.close();
  }, 360_000);

  it('the editor and the viewer fit a phone', async () => {
    const ctx = await newContext(browser, { phone: true, lang: 'en' });
    const page = await ctx.newPage();
    onTestFailed(async () => {
      await fullShot(page, 'scene3d-phone-failed').catch(() => undefined);
    });
    await signIn(page, base, 'creator@demo.test', PASSWORD);
    await page.goto(`${base}/#/vrdata/scene-editor?id=${projectId}`);
    await page.getByTestId('scene-editor').waitFor({ timeout: 30_000 });
    await page.getByTestId('editor-viewport').locator('canvas').waitFor();
    await page.getByTestId('asset-panel').getByTestId('asset-card').first().waitFor({ timeout: 20_000 });
    await shot(page, 'scene3d-editor-phone');

    await page.goto(`${base}/#/view?id=${projectId}`);
    const viewer = page.getByTestId('scene-viewer');
    await expect
      .poll(
        async () => {
          const [a, b] = ((await viewer.getAttribute('data-models')) ?? '0/1').split('/').map(Number);
          return a === b;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await shot(page, 'scene3d-viewer-phone');
    await ctx.close();
  });

  it("draws a dense upload's coarse version first, then the model itself", async () => {
    const p = await api<{ id: number }>(
      base,
      '/api/project/add_project',
      {
        name: `Statue ${stamp}`,
        catalog: '3d_model',
        type: 'showroom',
        price: 0,
        keywords: 'statue',
        description: `Statue ${stamp}: one dense sculpted model`,
        cover,
      },
      token,
    );
    await tusUpload(base, token, 'statue.glb', await denseSphereGlb(), { project_id: p.id, kind: 'model3d' });
    type Status = { assets: { id: number; status: string }[] };
    let assetId = 0;
    await expect
      .poll(
        async () => {
          const { assets } = await api<Status>(base, `/api/project/asset_status?project_id=${p.id}`, undefined, token, 'GET');
          assetId = assets[0]?.status === 'ready' ? assets[0].id : 0;
          return assets[0]?.status;
        },
        { timeout: 60_000 },
      )
      .toBe('ready');
    const document = {
      schema_version: 1,
      kind: 'scene',
      objects: [{ id: 'statue', type: 'model', source: { asset_id: assetId }, transform: { position: [0, 1, 0] } }],
    };
    await api(base, '/api/project/save_scene', { id: p.id, base_version: 0, document }, token);

    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    onTestFailed(async () => {
      await fullShot(page, 'scene3d-coarse-failed').catch(() => undefined);
    });
    await signIn(page, base, 'creator@demo.test', PASSWORD);
    const requested: string[] = [];
    page.on('request', (r) => {
      const m = /\/(model(?:_coarse)?)\.glb\?/.exec(r.url());
      if (m?.[1]) requested.push(m[1]);
    });
    await page.goto(`${base}/#/view?id=${p.id}`);
    const viewer = page.locator('[data-testid=scene-viewer]');
    await viewer.locator('canvas').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=scene-viewer][data-detail=full][data-textures=full]').waitFor({ timeout: 60_000 });
    // the coarse version for the first frame, the model itself only after it; each once
    expect(requested).toEqual(['model_coarse', 'model']);
    expect(await viewer.getAttribute('data-models')).toBe('1/1');
    await shot(page, 'scene3d-viewer-detailed');
    await ctx.close();

    // The model itself failing to download: the coarse version stays on screen (no red failure box), and the viewer
    // counts the model as settled.
    const ctx2 = await newContext(browser, { lang: 'en' });
    const page2 = await ctx2.newPage();
    await signIn(page2, base, 'creator@demo.test', PASSWORD);
    await page2.route(/\/model\.glb\?/, (route) => route.abort());
    await page2.goto(`${base}/#/view?id=${p.id}`);
    await page2.locator('[data-testid=scene-viewer][data-detail=full]').waitFor({ timeout: 60_000 });
    expect(await page2.getByTestId('scene-viewer').getAttribute('data-models')).toBe('1/1');
    await shot(page2, 'scene3d-viewer-coarse');
    await ctx2.close();
  });
});
