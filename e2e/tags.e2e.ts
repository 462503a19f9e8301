import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import audit from '../apps/web/src/locales/en/audit.json';
import tags from '../apps/web/src/locales/en/tags.json';
import { launch, newContext, PHONE, shot, shotOnFailure } from './browser';
import { adminToken, api, laneBase, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const stamp = Date.now().toString(36).slice(-5);
const keep = `Lantern ${stamp}`;
const drop = `Lanterns ${stamp}`;

beforeAll(async () => {
  browser = await launch();
  const token = await adminToken(base);
  await api(base, '/api/tag/add_tag', { name: keep, names: { en: keep }, sort: 0 }, token);
  await api(base, '/api/tag/add_tag', { name: drop, names: { en: drop }, sort: 0 }, token);
});
afterAll(async () => {
  await browser?.close();
});

describe('/projecttag', () => {
  it('an admin closes a tag (the market chips lose it), reopens it, and merges a duplicate into it', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'tags');
    await signIn(page, base, 'admin@demo.test', 'Demo@12345');
    await page.goto(`${base}/#/projecttag`);
    await page.getByPlaceholder(tags.searchPlaceholder).fill(stamp);
    await page.getByPlaceholder(tags.searchPlaceholder).press('Enter');
    const row = (name: string) => page.locator('tr', { has: page.getByRole('cell', { name, exact: true }) }).first();
    await row(keep).waitFor();
    await row(drop).waitFor();
    await shot(page, 'tags-desktop');

    // closing: gone from the market's chips
    await row(keep).getByRole('switch').click();
    await page.getByText(tags.closed).first().waitFor();
    const market = await ctx.newPage();
    await market.goto(`${base}/#/marke_place`);
    await market.locator('.xr-market__tags').getByText('Education', { exact: true }).waitFor();
    await market.waitForTimeout(300);
    expect(await market.getByText(keep, { exact: true }).count()).toBe(0);
    await row(keep).getByRole('switch').click();
    await page.getByText(tags.opened).first().waitFor();

    // merging the plural into the singular
    await row(drop).getByRole('button', { name: tags.merge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('merge-into').click();
    await page.keyboard.type(stamp);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `(${keep})` })
      .click();
    await dialog.getByRole('button', { name: tags.merge }).click();
    await page
      .getByText(/Merged: 0 project/)
      .first()
      .waitFor();
    await expect.poll(() => page.locator('tr', { has: page.getByRole('cell', { name: drop, exact: true }) }).count()).toBe(0);
    await page.setViewportSize(PHONE);
    await shot(page, 'tags-phone');
  });
});

describe('/system/logs', () => {
  it('an admin finds the tag merge above in the audit log, labelled, beside the sign-ins (desktop and phone)', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'logs');
    await signIn(page, base, 'admin@demo.test', 'Demo@12345');
    await page.goto(`${base}/#/system/logs`);
    await page.getByText(audit.hint).waitFor();
    // the merge of the journey above is on the list with its label and the merged tag as target
    const merged = page.locator('.ant-table-row', { hasText: audit.actions.tag_merge }).filter({ hasText: stamp });
    await merged.first().waitFor();
    expect(await page.getByText(audit.actions.auth_login, { exact: true }).count()).toBeGreaterThan(0);
    await shot(page, 'logs-desktop');
    await page.setViewportSize(PHONE);
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, 'logs-phone');
    await ctx.close();
  });
});
