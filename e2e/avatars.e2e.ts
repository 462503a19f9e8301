import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import av from '../apps/web/src/locales/en/avatars.json';
import { launch, newContext, shot, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, pickMenuItem, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const stamp = Date.now().toString(36).slice(-6);
const email = `avatar_${stamp}@example.test`;
const password = 'Avatar@12345';
/** Quaternius's animated robot (clips Wave, Dance, ThumbsUp…), a shared CC0 pack the lane server may import. */
const CORPUS = path.resolve(__dirname, '../../shared/corpus/cc0-models');
const ROBOT = 'quaternius/Characters and Animals/Animated Robot - Oct 2018';
const robotPresent = fs.existsSync(path.join(CORPUS, ROBOT));
if (!robotPresent) console.warn(`avatars journey: the library character step is skipped, ${ROBOT} is absent from ${CORPUS}`);

beforeAll(async () => {
  browser = await launch();
  await createActiveUser(base, await adminToken(base), email, password);
});
afterAll(async () => {
  await browser?.close();
});

/** How varied an image is: the standard deviation of its pixels' brightness (0 for a blank picture). */
async function imageSpread(page: Page, src: string): Promise<number> {
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.drawImage(img, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    let sum = 0;
    let sq = 0;
    const n = data.length / 4;
    for (let i = 0; i < data.length; i += 4) {
      const v = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      sum += v;
      sq += v * v;
    }
    return Math.sqrt(sq / n - (sum / n) ** 2);
  }, src);
}

const card = (page: Page, name: string) => page.getByTestId('avatar-card').filter({ hasText: name }).first();

async function createAvatar(page: Page, name: string, picks: string[], shotName?: string) {
  await page.getByRole('button', { name: av.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('avatar-canvas').waitFor();
  await dialog.getByTestId('avatar-name').fill(name);
  for (const p of picks) await dialog.getByText(p, { exact: true }).click();
  // The live preview draws the figure: the canvas is not one flat colour.
  await page.waitForTimeout(600);
  const shotUrl = await dialog.getByTestId('avatar-canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
  expect(await imageSpread(page, shotUrl)).toBeGreaterThan(8);
  if (shotName) await shot(page, shotName);
  await dialog.getByRole('button', { name: av.save }).click();
  await page.getByText(av.saved).first().waitFor();
  await card(page, name).waitFor();
}

describe('/avatar-list', () => {
  it('a user creates a parametric avatar (in use, with a real preview), creates a second and switches', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'avatars');
    await signIn(page, base, email, password);
    // "My Avatar" in the user menu leads to the list.
    await pickMenuItem(page, page.getByTestId('user-menu'), 'My Avatar');
    await page.waitForFunction(() => window.location.hash.startsWith('#/avatar-list'));
    await card(page, 'Default').waitFor();

    await createAvatar(page, 'Explorer', ['Broad', 'Long', 'Jacket', 'Glasses'], 'avatars-editor-desktop');
    const first = card(page, 'Explorer');
    await expect.poll(() => first.getByTestId('avatar-status').textContent()).toBe(av.status.in_use);
    const src = await first.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/files\/public\/avatar-previews\//);
    expect(await imageSpread(page, src ?? '')).toBeGreaterThan(8);

    await createAvatar(page, 'Presenter', ['Slim', 'Bun', 'Dress', 'Headphones']);
    const second = card(page, 'Presenter');
    expect(await second.getByTestId('avatar-status').textContent()).toBe(av.status.alternative);
    await second.getByRole('button', { name: av.use }).click();
    await expect.poll(() => second.getByTestId('avatar-status').textContent()).toBe(av.status.in_use);
    await expect.poll(() => first.getByTestId('avatar-status').textContent()).toBe(av.status.alternative);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(3500); // the notices fade
    await shot(page, 'avatars-list-desktop');
    await ctx.close();

    const phone = await newContext(browser, { lang: 'en', phone: true });
    const mobile = await phone.newPage();
    shotOnFailure(mobile, 'avatars-phone');
    await signIn(mobile, base, email, password);
    await mobile.goto(`${base}/#/avatar-list`);
    await card(mobile, 'Presenter').waitFor();
    await mobile.waitForTimeout(800);
    await shot(mobile, 'avatars-list-phone');
    await card(mobile, 'Explorer').getByRole('button', { name: av.edit }).click();
    await mobile.getByRole('dialog').getByTestId('avatar-canvas').waitFor();
    await mobile.waitForTimeout(800);
    await shot(mobile, 'avatars-editor-phone');
    await phone.close();
  });

  it.skipIf(!robotPresent)(
    'the character list offers the library characters within the avatar budget, and every one offered can be taken',
    async () => {
      const report = await api<{ failed: unknown[] }>(base, '/api/library/import_pack', { path: ROBOT }, await adminToken(base));
      expect(report.failed).toEqual([]);
      const ctx = await newContext(browser, { lang: 'en' });
      const page = await ctx.newPage();
      shotOnFailure(page, 'avatars-library');
      await signIn(page, base, email, password);
      await page.goto(`${base}/#/avatar-list`);
      await card(page, 'Default').waitFor();
      const pageReply = async (open: () => Promise<unknown>) => {
        const listed = page.waitForResponse((r) => r.url().includes('/api/avatar/library_avatar_page'));
        await open();
        return ((await (await listed).json()) as { data: LibraryPage }).data;
      };
      let reply = await pageReply(() => page.getByRole('button', { name: av.fromLibraryButton }).click());
      const offered = page.getByTestId('library-avatar');
      await offered.first().waitFor();
      expect(await offered.count()).toBe(Math.min(reply.total, 12));
      const all = [...reply.list];
      // the journeys before this one may have imported other characters: the robot can be on a later page
      let robot = reply.list.find((c) => /robot/i.test(c.name));
      for (let p = 2; !robot && (p - 1) * 12 < reply.total; p++) {
        reply = await pageReply(() => page.locator('.ant-pagination-next').click());
        all.push(...reply.list);
        robot = reply.list.find((c) => /robot/i.test(c.name));
      }
      expect(robot, 'the robot fits the avatar budget and is offered').toBeDefined();
      await page.getByTestId(`use-library-${robot!.model_id}`).waitFor();
      await shot(page, 'avatars-library-desktop');
      await page.getByTestId(`use-library-${robot!.model_id}`).click();
      await page.getByText(av.nowInUse.replace('{{name}}', robot!.name)).first().waitFor();

      // what the list offers is never refused (a character over the budget is left out instead)
      const token = (await api<{ access_token: string }>(base, '/api/login', { username: email, password })).access_token;
      for (const c of all) {
        const taken = await api<{ status: string }>(base, '/api/avatar/use_library_avatar', { model_id: c.model_id }, token);
        expect(taken.status).toBe('in_use');
      }
      await ctx.close();
    },
    900_000,
  );
});

interface LibraryPage {
  list: { model_id: number; name: string }[];
  total: number;
  over_budget: number;
}
