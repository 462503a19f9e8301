import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeFbxBinary } from '../apps/server/test/fixtures/fbx';
import { panoramaJpeg } from '../apps/server/test/fixtures/media';
import { checkerPng, cubeObjZip } from '../apps/server/test/fixtures/models';
import common from '../apps/web/src/locales/en/common.json';
import market from '../apps/web/src/locales/en/market.json';
import projects from '../apps/web/src/locales/en/projects.json';
import review from '../apps/web/src/locales/en/review.json';
import system from '../apps/web/src/locales/en/system.json';
import { shot as fullShot, launch, newContext, settle } from './browser';
import {
  adminToken,
  api,
  createActiveUser,
  laneBase,
  pickOption,
  recordedProgress,
  recordProgress,
  signIn,
  throttleUploads,
  waitForHash,
} from './helpers';

const base = laneBase();

/** A screenshot once drawers, modals and route transitions have finished moving. */
async function shot(page: Page, name: string) {
  await settle(page);
  await fullShot(page, name);
}
const PASSWORD = 'Creator@2026';
const stamp = Date.now() % 1_000_000;
const creatorEmail = `maker${stamp}@example.com`;
const PANORAMA = `Harbour Night 360 ${stamp}`;
const OBJ_PROJECT = `OBJ Cube ${stamp}`;
const FBX_PROJECT = `FBX Cube ${stamp}`;
const REJECTED = `Blurry Gallery ${stamp}`;

let browser: Browser;
let creatorToken = '';
let creatorId = 0;
let panoramaId = 0;

interface ProjectRow {
  id: number;
  name: string;
  review_status: string;
}

/** A project made through the API (setup for the steps that are about something else). */
async function apiProject(name: string, catalog: string, extra: Record<string, unknown> = {}): Promise<number> {
  const cover = await coverUrl();
  const p = await api<{ id: number }>(
    base,
    '/api/project/add_project',
    {
      name,
      catalog,
      type: 'showroom',
      price: 0,
      keywords: 'cube test',
      description: `${name}: made by the creator journey`,
      cover,
      ...extra,
    },
    creatorToken,
  );
  return p.id;
}

let cover = '';
/** An existing public image (a seeded project's cover) for projects created through the API. */
async function coverUrl(): Promise<string> {
  if (cover) return cover;
  const page = await api<{ list: { cover: string }[] }>(
    base,
    '/api/home_page/item_list?page=1&limit=5',
    undefined,
    undefined,
    'GET',
  );
  cover = page.list.map((i) => i.cover).find((c) => /^(public\/|\/api\/files\/|https?:\/\/)/.test(c)) ?? '';
  if (!cover) throw new Error('no seeded cover to reuse');
  return cover;
}

async function myProject(name: string): Promise<ProjectRow> {
  const page = await api<{ list: ProjectRow[] }>(
    base,
    `/api/project/my_project_page?page=1&limit=50&keyword=${encodeURIComponent(name)}`,
    undefined,
    creatorToken,
    'GET',
  );
  const found = page.list.find((p) => p.name === name);
  if (!found) throw new Error(`project ${name} not found`);
  return found;
}

const drawerOf = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title }).last();
const formItem = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const rowOf = (page: Page, name: string) => page.locator('tr.ant-table-row').filter({ hasText: name });

/** The entries of the app's error log (failed requests, uncaught errors) in this browser context. */
async function errorLog(page: Page): Promise<{ message: string; url?: string }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('xr_error_log') ?? '[]'));
}

/** Something is drawn on the canvas (not just its flat background): the colours vary across it. */
async function drawn(canvas: Locator): Promise<boolean> {
  const stats = await sharp(await canvas.screenshot()).stats();
  return stats.channels.slice(0, 3).some((c) => c.stdev > 6);
}

/** The image really decoded (not a broken-image icon). */
async function imageLoaded(img: Locator): Promise<boolean> {
  return img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
}

/** Opens the creator's project in the editor drawer from /vrdata/list. */
async function openEditor(page: Page, name: string): Promise<Locator> {
  await page.goto(`${base}/#/vrdata/list`);
  // Searching also refetches: the list may be cached from an earlier visit.
  await page.getByLabel(projects.searchPlaceholder).fill(name);
  await page.getByLabel(projects.searchPlaceholder).press('Enter');
  const row = rowOf(page, name);
  await row.waitFor();
  await row.getByRole('button', { name: common.edit }).first().click();
  const drawer = drawerOf(page, projects.form.editTitle);
  await drawer.waitFor();
  return drawer;
}

/** Uploads a content file through the editor's content field and waits for the upload to finish. */
async function uploadContent(page: Page, drawer: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const field = formItem(drawer, projects.field.content);
  await field.locator('input[type=file]').setInputFiles(file);
  await field.getByText(`${projects.upload.done} ·`).waitFor({ timeout: 30_000 });
  await page.getByText(projects.upload.uploaded).first().waitFor();
}

/** Picks a project on /vrdata/status (or /vrdata/questionnaire). */
async function pickProject(page: Page, name: string) {
  const picker = page.getByLabel(projects.pickProject);
  await picker.waitFor();
  await pickOption(page, picker, name);
}

beforeAll(async () => {
  browser = await launch();
  creatorId = await createActiveUser(base, await adminToken(base), creatorEmail, PASSWORD, 'creator');
  creatorToken = (await api<{ access_token: string }>(base, '/api/login', { username: creatorEmail, password: PASSWORD }))
    .access_token;
});
afterAll(async () => {
  await browser?.close();
});

describe('creator content', () => {
  let creator: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    creator = await newContext(browser, { lang: 'en' });
    page = await creator.newPage();
    await signIn(page, base, creatorEmail, PASSWORD);
  });
  afterAll(async () => {
    await creator?.close();
  });

  it('creator adds a 360 project, uploads the panorama with progress and submits it for review', async () => {
    await page.goto(`${base}/#/vrdata/list`);
    await page.getByText(projects.listTitle).first().waitFor();
    await page.getByRole('button', { name: projects.add }).click();
    const drawer = drawerOf(page, projects.form.addTitle);
    await drawer.waitFor();
    // Without a saved project there is nothing to attach content to yet.
    await drawer.getByText(projects.upload.saveFirst).waitFor();

    // The required-field rules, then the fields.
    await drawer.getByRole('button', { name: common.save }).click();
    await drawer.getByText(projects.rules.name).waitFor();
    await drawer.getByText(projects.rules.cover).waitFor();
    await drawer.getByLabel(projects.field.name, { exact: true }).fill(PANORAMA);
    await pickOption(page, drawer.getByLabel(projects.field.catalog), projects.catalog['360_image']);
    await pickOption(page, drawer.getByLabel(projects.field.type), market.projectType.exhibition);
    const price = drawer.getByLabel(projects.field.price);
    await price.fill('12.345');
    await drawer.getByText(projects.rules.priceFormat).waitFor();
    await price.fill('0.00');
    await drawer.getByText(projects.rules.priceFormat).waitFor({ state: 'detached' });
    await drawer.getByLabel(projects.field.keywords).fill('harbour, night, skyline');
    const tags = await api<{ id: number; name: string }[]>(base, '/api/home_page/tag_list', undefined, undefined, 'GET');
    expect(tags.length).toBeGreaterThan(0);
    const tag = tags[0] as { name: string };
    await pickOption(page, drawer.getByLabel(projects.field.tags), tag.name, { multiple: true });
    await page.keyboard.press('Escape');
    await drawer.getByLabel(projects.field.description).fill('The harbour at night, seen from the ferry pier.');

    // Cover through the cover field's upload button.
    const coverField = formItem(drawer, projects.field.cover);
    const coverUpload = page.waitForResponse((r) => r.url().includes('/api/project/image_upload'));
    await coverField
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await checkerPng(512, 8) });
    const uploaded = (await (await coverUpload).json()) as { code: number; data: { url: string } };
    expect(uploaded.code).toBe(200);
    await expect.poll(() => coverField.getByLabel(projects.form.coverUrl).inputValue()).toBe(uploaded.data.url);
    const coverImg = coverField.locator('img').first();
    await coverImg.waitFor({ timeout: 20_000 });
    await expect.poll(() => imageLoaded(coverImg), { timeout: 10_000 }).toBe(true);
    await shot(page, 'creator-form-new-desktop');

    // Saved as a draft (switches off): "Not submitted".
    await drawer.getByRole('button', { name: common.save }).click();
    await drawer.waitFor({ state: 'hidden' });
    await rowOf(page, PANORAMA).getByText(projects.review.draft).waitFor();
    const saved = await myProject(PANORAMA);
    panoramaId = saved.id;
    expect(saved.review_status).toBe('draft');

    // The content: a 4096×2048 panorama, uploads slowed down so the progress bar is seen moving.
    const edit = await openEditor(page, PANORAMA);
    await recordProgress(page, projects.upload.progress);
    const unthrottle = await throttleUploads(page, 24 * 1024);
    const jpeg = await panoramaJpeg(4096, 2048);
    await formItem(edit, projects.field.content)
      .locator('input[type=file]')
      .setInputFiles({ name: 'harbour-360.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const bar = edit.getByRole('progressbar', { name: projects.upload.progress });
    await bar.waitFor();
    await edit.getByRole('button', { name: projects.upload.pause }).waitFor();
    await shot(page, 'creator-upload-progress-desktop');
    await edit.getByText(`${projects.upload.done} ·`).waitFor({ timeout: 30_000 });
    await unthrottle();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const seen = await recordedProgress(page);
    expect(seen.at(-1)).toBe(100);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress values seen: ${seen.join(',')}`,
    ).toBe(true);
    await page.getByText(projects.upload.uploaded).first().waitFor();

    // Switch on for sale, public and anonymous preview, and save: pending review.
    for (const label of [projects.field.forSale, projects.field.isPublic, projects.field.anonymousPreview]) {
      await edit.getByLabel(label).click();
      expect(await edit.getByLabel(label).getAttribute('aria-checked')).toBe('true');
    }
    await edit.getByText(projects.form.reviewNote).waitFor();
    await shot(page, 'creator-form-edit-desktop');
    await edit.getByRole('button', { name: common.save }).click();
    await edit.waitFor({ state: 'hidden' });
    const row = rowOf(page, PANORAMA);
    await row.getByText(projects.review.pending).waitFor();
    expect(
      await row
        .locator('td')
        .filter({ hasText: /^HK\$0\.00$/ })
        .count(),
    ).toBe(1);
    await shot(page, 'creator-list-desktop');
    expect((await myProject(PANORAMA)).review_status).toBe('pending');

    // /vrdata/status: the asset is processed (ready), with its size facts and a thumbnail.
    await page.goto(`${base}/#/vrdata/status`);
    await pickProject(page, PANORAMA);
    const asset = page.locator('.xr-asset').filter({ hasText: 'harbour-360.jpg' });
    await asset.waitFor();
    await asset.getByText(projects.assetState.ready, { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText(projects.review.pending).first().waitFor();
    await asset.getByText(projects.meta.size.replace('{{width}}', '4096').replace('{{height}}', '2048')).waitFor();
    await asset.getByText(projects.meta.ratioOk).waitFor();
    const thumb = asset.locator('img.xr-asset__thumb');
    await expect.poll(() => imageLoaded(thumb), { timeout: 15_000 }).toBe(true);
    await shot(page, 'creator-status-desktop');
  });

  it('admin previews and approves it; the records show the decision', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const admin = await ctx.newPage();
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/approval/project-review`);
    await admin.getByText(review.pendingTitle).first().waitFor();
    await admin.getByLabel(review.searchPlaceholder).fill(PANORAMA);
    await admin.getByLabel(review.searchPlaceholder).press('Enter');
    const row = rowOf(admin, PANORAMA);
    await row.waitFor();
    expect(await row.textContent()).toContain(projects.catalog['360_image']);
    await shot(admin, 'admin-review-list-desktop');

    // Preview: the 360 viewer draws into a canvas; the fields and switches are listed.
    await row.getByRole('button', { name: review.preview }).click();
    const drawer = drawerOf(admin, PANORAMA);
    await drawer.locator('[data-testid=panorama-viewer] canvas').first().waitFor({ timeout: 30_000 });
    await drawer.getByText(review.anonymousPreview, { exact: true }).waitFor();
    await drawer.getByText('harbour, night, skyline').waitFor();
    await shot(admin, 'admin-review-preview-desktop');

    await drawer.getByRole('button', { name: review.approve }).click();
    await admin.locator('.ant-popover:visible').getByRole('button', { name: common.ok }).click();
    await admin.getByText(review.approved).first().waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    await admin.goto(`${base}/#/approval/project-review-records`);
    const record = rowOf(admin, PANORAMA);
    await record.waitFor();
    await record.getByText(review.decisions.approved).waitFor();
    expect(await record.textContent()).toMatch(/demo_admin|DemoAdmin/);
    await shot(admin, 'admin-review-records-desktop');
    expect(await errorLog(admin)).toEqual([]);
    await ctx.close();

    // The creator sees the outcome.
    await page.goto(`${base}/#/vrdata/list`);
    await rowOf(page, PANORAMA).getByText(projects.review.approved).waitFor();
  });

  it('the approved project is in the market; a visitor opens it and the anonymous 360 preview', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const visitor = await ctx.newPage();
    await visitor.goto(`${base}/#/marke_place?q=${encodeURIComponent(PANORAMA)}`);
    const card = visitor.locator('[data-testid=market-grid] [data-testid=project-card]').filter({ hasText: PANORAMA });
    await card.waitFor();
    await card.click();
    await waitForHash(visitor, '/product_details');
    expect(new URL(visitor.url()).hash).toContain(`id=${panoramaId}`);
    await visitor.getByRole('heading', { name: PANORAMA }).waitFor();
    await visitor.getByText('The harbour at night, seen from the ferry pier.').waitFor();
    // The type shows in words, not as its stored key.
    await visitor.locator('.xr-details__badges').getByText(market.projectType.exhibition, { exact: true }).waitFor();
    const preview = visitor.getByTestId('content-preview');
    await preview.waitFor({ timeout: 20_000 });
    await preview.getByText(market.details.preview).waitFor();
    const pano = preview.locator('[data-testid=panorama-viewer] canvas').first();
    await pano.waitFor({ timeout: 30_000 });
    await expect.poll(() => drawn(pano), { timeout: 20_000 }).toBe(true);
    // A visitor gets previews only, never the original file.
    const content = await api<{ access: string; assets: { original_url: string; outputs: Record<string, string> }[] }>(
      base,
      `/api/project/content?id=${panoramaId}`,
      undefined,
      undefined,
      'GET',
    );
    expect(content.access).toBe('preview');
    expect(content.assets[0]?.original_url).toBe('');
    expect(Object.keys(content.assets[0]?.outputs ?? {}).some((k) => k.startsWith('preview'))).toBe(true);
    await shot(visitor, 'visitor-details-preview-desktop');
    await ctx.close();
  });

  it('OBJ zip and FBX uploads show their model reports and thumbnails', async () => {
    await apiProject(OBJ_PROJECT, '3d_model');
    await apiProject(FBX_PROJECT, '3d_model');

    let drawer = await openEditor(page, OBJ_PROJECT);
    await uploadContent(page, drawer, { name: 'cube-obj.zip', mimeType: 'application/zip', buffer: await cubeObjZip() });
    await drawer.getByRole('button', { name: common.cancel }).click();
    drawer = await openEditor(page, FBX_PROJECT);
    await uploadContent(page, drawer, { name: 'cube.fbx', mimeType: 'application/octet-stream', buffer: cubeFbxBinary() });
    // The editor previews the processed model in the 3D viewer once it is ready.
    const modelCanvas = drawer.locator('canvas').first();
    await modelCanvas.waitFor({ timeout: 60_000 });
    await modelCanvas.scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(modelCanvas), { timeout: 20_000 }).toBe(true);
    await shot(page, 'creator-editor-model-desktop');
    await drawer.getByRole('button', { name: common.cancel }).click();

    await page.goto(`${base}/#/vrdata/status`);
    for (const [name, file] of [
      [OBJ_PROJECT, 'cube-obj.zip'],
      [FBX_PROJECT, 'cube.fbx'],
    ] as const) {
      await pickProject(page, name);
      const asset = page.locator('.xr-asset').filter({ hasText: file });
      await asset.getByText(projects.assetState.ready, { exact: true }).waitFor({ timeout: 60_000 });
      const report = asset.locator('.xr-report');
      await report.waitFor();
      // A cube: 12 triangles in one mesh, with a material.
      const cell = (label: string) =>
        report.locator('.ant-descriptions-item').filter({ hasText: label }).locator('.ant-descriptions-item-content');
      expect(await cell(projects.report.triangles).textContent()).toBe('12');
      expect(await cell(projects.report.meshes).textContent()).toBe('1');
      expect(Number(await cell(projects.report.materials).textContent())).toBeGreaterThanOrEqual(1);
      const thumb = asset.locator('img.xr-asset__thumb');
      await expect.poll(() => imageLoaded(thumb), { timeout: 15_000 }).toBe(true);
      await shot(page, `creator-status-${file.replace(/\W+/g, '-')}-desktop`);
    }
  });

  it('a rejection with a reason reaches the creator; editing it resubmits; the questionnaire', async () => {
    await apiProject(REJECTED, '360_image', { for_sale: true, price: 25 });
    const ctx = await newContext(browser, { lang: 'en' });
    const admin = await ctx.newPage();
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/approval/project-review`);
    await admin.getByLabel(review.searchPlaceholder).fill(REJECTED);
    await admin.getByRole('button', { name: common.search }).click();
    await rowOf(admin, REJECTED).getByRole('button', { name: review.reject }).click();
    const dialog = admin.getByRole('dialog').filter({ hasText: review.reason });
    await dialog.getByRole('button', { name: review.reject }).click();
    await dialog.getByText(review.reasonRequired).waitFor();
    const reason = 'The cover is blurry; please upload a sharper one';
    await dialog.getByLabel(review.reason).fill(reason);
    await shot(admin, 'admin-reject-dialog-desktop');
    await dialog.getByRole('button', { name: review.reject }).click();
    await admin.getByText(review.rejected).first().waitFor();
    await rowOf(admin, REJECTED).waitFor({ state: 'detached' });
    await admin.goto(`${base}/#/approval/project-review-records`);
    const record = rowOf(admin, REJECTED);
    await record.getByText(review.decisions.rejected).waitFor();
    expect(await record.textContent()).toContain(reason);

    // Admin screens: file types and capacity load with data.
    await admin.goto(`${base}/#/system/filetype`);
    await admin.getByText(system.fileType.title).first().waitFor();
    const glb = rowOf(admin, 'glb').first();
    await glb.waitFor();
    expect(await glb.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(await admin.locator('tr.ant-table-row').count()).toBeGreaterThan(5);
    await shot(admin, 'admin-filetype-desktop');
    await admin.goto(`${base}/#/system/capacity`);
    await admin.getByText(system.capacity.plansTitle).first().waitFor();
    await rowOf(admin, system.plans.enterprise).waitFor();
    expect(await admin.locator('tr.ant-table-row').count()).toBeGreaterThanOrEqual(7);
    // The creator's usage counts the files uploaded above.
    await admin.getByLabel(system.capacity.userId).fill(String(creatorId));
    await admin.getByRole('button', { name: common.search }).click();
    // The row names the user (name, email and id).
    const usage = admin.locator('tr.ant-table-row').filter({ hasText: creatorEmail });
    await usage.waitFor();
    expect(await usage.textContent()).toContain(system.plans.free);
    expect(await usage.textContent()).toMatch(/\d+(\.\d+)? (KB|MB) \//);
    await shot(admin, 'admin-capacity-desktop');
    await ctx.close();

    // The creator sees "Not passed" with the reason.
    await page.goto(`${base}/#/vrdata/list`);
    const row = rowOf(page, REJECTED);
    await row.getByText(projects.review.rejected).waitFor();
    await row.getByText(projects.review.reason.replace('{{reason}}', reason)).waitFor();
    await shot(page, 'creator-rejected-desktop');

    // Editing an existing project in the drawer: the fields come back filled; saving resubmits it.
    const drawer = await openEditor(page, REJECTED);
    expect(await drawer.getByLabel(projects.field.name, { exact: true }).inputValue()).toBe(REJECTED);
    expect(await drawer.getByLabel(projects.field.price).inputValue()).toBe('25.00');
    expect(await drawer.getByLabel(projects.field.forSale).getAttribute('aria-checked')).toBe('true');
    const description = drawer.getByLabel(projects.field.description);
    await description.fill('A sharper cover now; the gallery of the old town.');
    await drawer.getByRole('button', { name: common.save }).click();
    await page.getByText(projects.saved).first().waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await row.getByText(projects.review.pending).waitFor();
    const after = await api<{ description: string }>(
      base,
      `/api/project/project_details?id=${(await myProject(REJECTED)).id}`,
      undefined,
      creatorToken,
      'GET',
    );
    expect(after.description).toBe('A sharper cover now; the gallery of the old town.');

    // The questionnaire: a title, a single-choice question and an added text question; saved and shown again.
    await page.goto(`${base}/#/vrdata/questionnaire`);
    await pickProject(page, PANORAMA);
    const qTitle = page.getByLabel(projects.questionnaire.name);
    await qTitle.fill('How was the harbour tour?');
    const questions = page.locator('.ant-card-small');
    await questions.nth(0).getByLabel(projects.questionnaire.questionTitle).fill('Would you visit the harbour?');
    await questions.nth(0).getByLabel(projects.questionnaire.options).fill('Yes\nNo\nMaybe');
    await page.getByRole('button', { name: projects.questionnaire.addQuestion }).click();
    await questions.nth(1).waitFor();
    await questions.nth(1).getByLabel(projects.questionnaire.questionTitle).fill('What should we add?');
    await pickOption(page, questions.nth(1).getByLabel(projects.questionnaire.kind), projects.questionnaire.kinds.text);
    await expect.poll(() => questions.nth(1).getByLabel(projects.questionnaire.options).count()).toBe(0);
    await page.getByRole('button', { name: common.save }).click();
    await page.getByText(projects.saved).first().waitFor();
    await shot(page, 'creator-questionnaire-desktop');
    await page.reload();
    await pickProject(page, PANORAMA);
    await expect.poll(() => page.getByLabel(projects.questionnaire.name).inputValue()).toBe('How was the harbour tour?');
    expect(await questions.count()).toBe(2);
    expect(await questions.nth(1).getByLabel(projects.questionnaire.questionTitle).inputValue()).toBe('What should we add?');
    expect(await questions.nth(0).getByLabel(projects.questionnaire.options).inputValue()).toBe('Yes\nNo\nMaybe');

    // Nothing the creator did left a failed request or a script error in the app's error log.
    expect(await errorLog(page)).toEqual([]);
  });

  it('a signed-in viewer answers the questionnaire on the details page; the creator sees the answers and the original', async () => {
    const id = (await myProject(PANORAMA)).id;
    const ctx = await newContext(browser, { lang: 'en' });
    try {
      const viewer = await ctx.newPage();
      await signIn(viewer, base, 'user@demo.test', 'Demo@12345');
      await viewer.goto(`${base}/#/product_details?id=${id}`);
      const card = viewer.getByTestId('questionnaire-card');
      await card.getByText('How was the harbour tour?').waitFor();
      // the choice question is required
      await card.getByRole('button', { name: market.questionnaire.send }).click();
      await card.getByText(market.questionnaire.choose).waitFor();
      await card.getByLabel('Maybe').check();
      await card.getByLabel('What should we add?').fill('Night ferries');
      await card.getByRole('button', { name: market.questionnaire.send }).click();
      await card.getByText(market.questionnaire.answered).waitFor();
      await shot(viewer, 'viewer-questionnaire-desktop');
      // signing in (to /profile) and the details page asked nothing a plain user may not have
      expect(await errorLog(viewer)).toEqual([]);
    } finally {
      await ctx.close();
    }

    // The creator: one response, counted on its option; on the details page the full content with the original.
    await page.goto(`${base}/#/vrdata/questionnaire`);
    await pickProject(page, PANORAMA);
    await page.getByRole('tab', { name: projects.questionnaire.answers }).click();
    await page.getByText(projects.questionnaire.responses).waitFor();
    await page.getByText('Night ferries').waitFor();
    await page.goto(`${base}/#/product_details?id=${id}`);
    const download = page.getByTestId('download-original');
    await download.waitFor();
    expect(await download.getAttribute('href')).toMatch(/^\/api\/files\/signed\/assets\/.+sig=/);
    const file = await page.request.get(`${base}${await download.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('screenshots the creator and review screens on a phone', async () => {
    const ctx = await newContext(browser, { phone: true, lang: 'en' });
    const phone = await ctx.newPage();
    await signIn(phone, base, creatorEmail, PASSWORD);
    await phone.goto(`${base}/#/vrdata/list`);
    await rowOf(phone, PANORAMA).waitFor();
    await shot(phone, 'creator-list-phone');
    await rowOf(phone, PANORAMA).getByRole('button', { name: common.edit }).first().click();
    await drawerOf(phone, projects.form.editTitle).getByLabel(projects.field.name, { exact: true }).waitFor();
    await shot(phone, 'creator-form-phone');
    await phone.goto(`${base}/#/vrdata/status`);
    await pickProject(phone, OBJ_PROJECT);
    await phone.locator('.xr-report').waitFor();
    await shot(phone, 'creator-status-phone');
    await ctx.close();

    const actx = await newContext(browser, { phone: true, lang: 'en' });
    const admin = await actx.newPage();
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/approval/project-review`);
    await rowOf(admin, REJECTED).waitFor();
    await shot(admin, 'admin-review-list-phone');
    await admin.goto(`${base}/#/approval/project-review-records`);
    await rowOf(admin, PANORAMA).waitFor();
    await shot(admin, 'admin-review-records-phone');
    await actx.close();

    const vctx = await newContext(browser, { phone: true, lang: 'en' });
    const visitor = await vctx.newPage();
    await visitor.goto(`${base}/#/product_details?id=${panoramaId}`);
    await visitor.getByTestId('content-preview').locator('canvas').first().waitFor({ timeout: 30_000 });
    await shot(visitor, 'visitor-details-preview-phone');
    await vctx.close();
  });
});
