import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import station from '../apps/web/src/locales/en/station.json';
import { launch, newContext, shot, shotOnFailure } from './browser';
import { adminToken, createActiveUser, laneBase, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36).slice(-5);
const reader = { email: `reader${stamp}@msg.test`, password: 'Reader@12345' };

beforeAll(async () => {
  browser = await launch();
  await createActiveUser(base, await adminToken(base), reader.email, reader.password);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe('system messages', () => {
  it("an admin's pushed message reaches another user's top bar without a reload", async () => {
    const userCtx = await newContext(browser, { lang: 'en' });
    contexts.push(userCtx);
    const user = await userCtx.newPage();
    shotOnFailure(user, 'messages-reader');
    await signIn(user, base, reader.email, reader.password);
    await user.goto(`${base}/#/profile`);
    const badge = user.getByTestId('message-badge');
    await badge.waitFor();
    const unread = async () =>
      Number(
        (await badge
          .locator('.ant-badge-count')
          .textContent()
          .catch(() => '0')) || 0,
      );
    const before = await unread();

    const adminCtx = await newContext(browser, { lang: 'en' });
    contexts.push(adminCtx);
    const admin = await adminCtx.newPage();
    shotOnFailure(admin, 'messages-admin');
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/stationletter`);
    await admin.getByText(station.audiences.users).click();
    const accounts = admin.getByTestId('push-accounts');
    await accounts.click();
    await admin.keyboard.type(`reader${stamp}`);
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `reader${stamp} (${reader.email})` })
      .click();
    await admin.keyboard.press('Escape');
    await admin.locator('#content').fill(`The gallery opens at 10:00 (${stamp})`);
    await admin.getByTestId('push-send').click();
    // the confirm box (antd's modal loads with the first confirm: wait for the box, not the form's own Send)
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: station.send }).click();
    await admin.getByText(`The gallery opens at 10:00 (${stamp})`).first().waitFor();
    await shot(admin, 'stationletter-desktop');

    // No reload on the user's page: the realtime notice refreshes the badge.
    await expect.poll(unread, { timeout: 15_000 }).toBe(before + 1);
    await badge.click();
    await user.getByTestId('message-bell-list').getByText(`[Notice] The gallery opens at 10:00 (${stamp})`).waitFor();
    await shot(user, 'message-bell-desktop');
  });
});
