import { NodeIO } from '@gltf-transform/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { checkerPng, cubeDocument } from '../apps/server/test/fixtures/models';
import common from '../apps/web/src/locales/en/common.json';
import projects from '../apps/web/src/locales/en/projects.json';
import s3d from '../apps/web/src/locales/en/scene3d.json';
import { shot as fullShot, launch, newContext, settle } from './browser';
import { addShowroomProject, api, laneBase, signIn } from './helpers';

/**
 * A model in several files: a creator picks a .gltf, its .bin and its texture as three files in
 * the scene editor's "My models"; the browser packs them into one zip, the upload and the pipeline make a model of
 * it, and it becomes ready with its texture (no `missing_files`). The .gltf names its texture `textures/wood.png`
 * while the picked picture is a flat `wood.png` (one file dialog has no folders): the picker places it. Two models
 * picked together are refused with a sentence naming them. Screenshots of the picker at 1440 px and 390 px.
 *
 * The fixture is generated (a textured cube): the cc0 corpus holds no multi-file glTF (its kits ship .glb).
 */
const base = laneBase();
const PASSWORD = 'Demo@12345';
const stamp = Date.now() % 1_000_000;
const PROJECT = `Parts ${stamp}`;

let browser: Browser;
let token = '';
let projectId = 0;

interface Asset {
  id: number;
  filename: string;
  status: string;
  job: { reason: string | null; error: string | null } | null;
}

beforeAll(async () => {
  browser = await launch();
  token = (await api<{ access_token: string }>(base, '/api/login', { username: 'creator@demo.test', password: PASSWORD }))
    .access_token;
  projectId = (
    await addShowroomProject(base, token, {
      name: PROJECT,
      keywords: 'parts',
      description: `${PROJECT}: a model uploaded as several files`,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

/** The textured cube as scene.gltf + scene.bin + wood.png, the .gltf naming `textures/wood.png`. */
async function gltfParts() {
  const doc = await cubeDocument();
  doc.getRoot().listBuffers()[0]!.setURI('scene.bin');
  doc.getRoot().listTextures()[0]!.setURI('textures/wood.png');
  const { json, resources } = await new NodeIO().writeJSON(doc);
  return [
    { name: 'scene.gltf', mimeType: 'model/gltf+json', buffer: Buffer.from(JSON.stringify(json)) },
    { name: 'scene.bin', mimeType: 'application/octet-stream', buffer: Buffer.from(resources['scene.bin']!) },
    { name: 'wood.png', mimeType: 'image/png', buffer: await checkerPng() },
  ];
}

/** The JSON chunk of a GLB. */
function glbJson(bytes: Uint8Array): { images?: unknown[]; textures?: unknown[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(Buffer.from(bytes.subarray(20, 20 + length)).toString('utf8'));
}

async function shotOf(page: Page, name: string) {
  await settle(page);
  await fullShot(page, name);
}

describe('a model uploaded as several files', () => {
  it('packs a .gltf, its .bin and texture into one upload that becomes a textured model', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    onTestFailed(async () => {
      await fullShot(page, 'multi-upload-failed').catch(() => undefined);
      if (errors.length) console.error(`browser errors:\n${errors.slice(-20).join('\n')}`);
    });
    await signIn(page, base, 'creator@demo.test', PASSWORD);
    await page.goto(`${base}/#/vrdata/scene-editor?id=${projectId}`);
    await page.getByTestId('scene-editor').waitFor({ timeout: 30_000 });
    await page.getByText(s3d.assets.uploads, { exact: true }).click();
    const panel = page.getByTestId('asset-panel');
    const picker = panel.getByTestId('model-picker');
    await picker.waitFor();
    await expect.poll(() => picker.textContent()).toContain('or a zip of the model with its files');
    await shotOf(page, 'multi-upload-editor-desktop');

    // Two models at once: refused, nothing uploaded.
    const input = panel.locator('input[type=file]');
    await input.setInputFiles([
      { name: 'a.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('glTF') },
      { name: 'b.fbx', mimeType: 'application/octet-stream', buffer: Buffer.from('fbx') },
    ]);
    await expect
      .poll(() => picker.getByTestId('model-picker-error').textContent())
      .toContain(common.modelPicker.severalModels.replace('{{names}}', 'a.glb, b.fbx'));

    // The three parts of one model: packed, uploaded, processed.
    await input.setInputFiles(await gltfParts());
    await page.getByRole('progressbar', { name: s3d.assets.uploadProgress }).waitFor({ timeout: 20_000 });
    await expect.poll(() => picker.getByTestId('model-picker-error').count()).toBe(0);
    let asset: Asset | undefined;
    await expect
      .poll(
        async () => {
          const status = await api<{ assets: Asset[] }>(
            base,
            `/api/project/asset_status?project_id=${projectId}`,
            undefined,
            token,
            'GET',
          );
          asset = status.assets.find((a) => a.filename === 'scene.zip');
          return asset?.status === 'failed' ? `failed: ${asset.job?.reason} ${asset.job?.error}` : asset?.status;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('ready');
    expect(asset?.job?.reason ?? null).toBeNull();
    const card = panel.getByTestId('asset-card').filter({ hasText: 'scene' });
    await card.waitFor({ timeout: 30_000 });

    // The processed model kept its texture: the picture placed at textures/wood.png reached the pipeline.
    const content = await api<{ assets: { id: number; outputs: Record<string, string> }[] }>(
      base,
      `/api/project/content?id=${projectId}`,
      undefined,
      token,
      'GET',
    );
    const model = content.assets.find((a) => a.id === asset!.id)?.outputs.model;
    expect(model).toBeTruthy();
    const glb = new Uint8Array(
      await (await fetch(new URL(model!, base), { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
    );
    const json = glbJson(glb);
    expect(json.images?.length ?? 0).toBeGreaterThan(0);
    expect(json.textures?.length ?? 0).toBeGreaterThan(0);
    await shotOf(page, 'multi-upload-editor-ready-desktop');
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);

  it("shows the picker in a 3D project's content field on a phone", async () => {
    const ctx = await newContext(browser, { lang: 'en', phone: true });
    const page = await ctx.newPage();
    await signIn(page, base, 'creator@demo.test', PASSWORD);
    await page.goto(`${base}/#/vrdata/list`);
    await page.getByLabel(projects.searchPlaceholder).fill(PROJECT);
    await page.getByLabel(projects.searchPlaceholder).press('Enter');
    const row = page.locator('tr.ant-table-row').filter({ hasText: PROJECT });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: common.edit }).first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: projects.form.editTitle }).last();
    const picker = drawer.getByTestId('model-picker');
    await picker.waitFor({ timeout: 20_000 });
    await picker.scrollIntoViewIfNeeded();
    await expect.poll(() => picker.textContent()).toContain(common.modelPicker.chooseFolder);
    // the picker fits the phone's width (no sideways scrolling)
    const box = await picker.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await settle(page);
    await page.screenshot({ path: `${__dirname}/artifacts/screenshots/multi-upload-project-phone.png` });
    await ctx.close();
  }, 120_000);
});
