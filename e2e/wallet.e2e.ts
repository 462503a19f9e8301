import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wallet from '../apps/web/src/locales/en/wallet.json';
import { launch, newContext, shot, shotOnFailure } from './browser';
import { api, laneBase, signIn } from './helpers';

const base = laneBase();
const DEMO_PASSWORD = 'Demo@12345';
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function open(opts: { phone?: boolean } = {}): Promise<Page> {
  const ctx = await newContext(browser, { lang: 'en', ...opts });
  contexts.push(ctx);
  return ctx.newPage();
}

/** The confirmation box on top (antd keeps closed modals in the DOM). */
const topDialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();

describe('wallet and coins', () => {
  it('a creator with demo earnings cashes out, an admin pays it with a reference, the creator sees success and the message', async () => {
    const creator = await open();
    shotOnFailure(creator, 'wallet-creator');
    await signIn(creator, base, 'creator@demo.test', DEMO_PASSWORD);
    await creator.goto(`${base}/#/wallet/page`);
    await creator.getByText(wallet.cash.available, { exact: true }).first().waitFor();
    await creator.getByText(wallet.methods.title).waitFor();
    await creator.locator('svg[role=img]').first().waitFor();
    await shot(creator, 'wallet-cash-desktop');

    // Request a cash-out of HK$100 to the seeded FPS method; the amount is reserved at once.
    await creator.getByRole('button', { name: wallet.cash.requestCashOut }).click();
    const dialog = topDialog(creator);
    await dialog.getByLabel(wallet.cashOut.amount).fill('100');
    await dialog.getByRole('button', { name: wallet.cashOut.submit }).click();
    const confirm = creator.locator('.ant-modal', { hasText: 'Request a cash-out of HK$100.00?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await creator.getByText(wallet.cashOut.requested).first().waitFor();
    await creator.getByText(wallet.states.wait).first().waitFor();

    // An administrator marks it paid, with a reference, after a confirmation.
    const admin = await open();
    shotOnFailure(admin, 'wallet-admin');
    await signIn(admin, base, 'admin@demo.test', DEMO_PASSWORD);
    await admin.goto(`${base}/#/approval/cashOutProcess`);
    const row = admin.locator('tr', { hasText: 'demo_creator' }).filter({ hasText: 'HK$100.00' }).first();
    await row.waitFor();
    await shot(admin, 'wallet-cashout-review-desktop');
    await row.getByRole('button', { name: wallet.review.view }).click();
    await admin.getByText(wallet.review.sales).waitFor();
    await shot(admin, 'wallet-cashout-details-desktop');
    await admin.keyboard.press('Escape');
    await row.getByRole('button', { name: wallet.review.approve }).click();
    const decide = topDialog(admin);
    await decide.getByLabel(wallet.review.reference).fill('FPS-E2E-0001');
    await decide.getByRole('button', { name: wallet.review.approve }).click();
    await admin.getByText('Confirm that HK$100.00 was paid?', { exact: false }).waitFor();
    await topDialog(admin).getByRole('button', { name: 'OK' }).click();
    await admin.getByText(wallet.review.approvedDone).first().waitFor();

    // The creator sees the request paid with its reference, and the system message in the top bar.
    await creator.reload();
    const paid = creator.locator('tr', { hasText: 'FPS-E2E-0001' });
    await paid.getByText(wallet.states.success).waitFor();
    await creator.getByTestId('message-badge').click();
    await creator.getByTestId('message-bell-list').getByText('Your cash-out of HK$ 100.00 was paid', { exact: false }).waitFor();

    const phone = await open({ phone: true });
    await signIn(phone, base, 'creator@demo.test', DEMO_PASSWORD);
    await phone.goto(`${base}/#/wallet/page`);
    await phone.getByText(wallet.methods.title).waitFor();
    await shot(phone, 'wallet-cash-phone');
    const adminPhone = await open({ phone: true });
    await signIn(adminPhone, base, 'admin@demo.test', DEMO_PASSWORD);
    await adminPhone.goto(`${base}/#/approval/cashOutProcess`);
    await adminPhone.getByText(wallet.review.title).first().waitFor();
    await shot(adminPhone, 'wallet-cashout-review-phone');
  });

  it('a user exchanges coins for membership days', async () => {
    const page = await open();
    shotOnFailure(page, 'wallet-coins');
    const login = await api<{ access_token: string }>(base, '/api/login', {
      username: 'user@demo.test',
      password: DEMO_PASSWORD,
    });
    const before = await api<{ vip_date: string | null }>(base, '/api/user/user_info', undefined, login.access_token, 'GET');
    await signIn(page, base, 'user@demo.test', DEMO_PASSWORD);
    await page.goto(`${base}/#/wallet/coins`);
    await page.getByText(wallet.coins.rulesTitle).waitFor();
    await shot(page, 'wallet-coins-desktop');
    await page.getByRole('button', { name: wallet.coins.exchange }).click();
    const dialog = topDialog(page);
    await dialog.getByRole('spinbutton', { name: wallet.coins.days }).first().fill('3');
    await dialog.getByText('Cost: 300 coins').waitFor();
    await dialog.getByRole('button', { name: wallet.coins.exchange }).click();
    await page.getByText(wallet.coins.confirm).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await page.getByText(wallet.coins.done).first().waitFor();
    await page.locator('tr', { hasText: wallet.coins.exchangeKinds.membership_days }).getByText('-300').first().waitFor();
    const after = await api<{ vip_date: string | null }>(base, '/api/user/user_info', undefined, login.access_token, 'GET');
    const gained = new Date(after.vip_date ?? 0).getTime() - Math.max(Date.now(), new Date(before.vip_date ?? 0).getTime());
    expect(Math.round(gained / 86_400_000)).toBeGreaterThanOrEqual(2);

    const phone = await open({ phone: true });
    await signIn(phone, base, 'user@demo.test', DEMO_PASSWORD);
    await phone.goto(`${base}/#/wallet/coins`);
    await phone.getByText(wallet.coins.rulesTitle).waitFor();
    await shot(phone, 'wallet-coins-phone');
  });
});
