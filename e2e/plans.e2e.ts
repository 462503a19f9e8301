import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import orders from '../apps/web/src/locales/en/orders.json';
import plans from '../apps/web/src/locales/en/plans.json';
import route from '../apps/web/src/locales/en/route.json';
import { launch, newContext, settle, shot, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, signIn, waitForHash } from './helpers';

const base = laneBase();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The side menu's "Live streaming" entry, looked at from an open "Meta World admin" group. */
async function liveStreamingInMenu(page: Page): Promise<boolean> {
  await page.goto(`${base}/#/explore/list`);
  await waitForHash(page, '/explore/list');
  const menu = page.locator('.xr-side');
  await menu.getByText(route.exploreList).first().waitFor();
  return (await menu.getByText(route.exploreLive, { exact: true }).count()) > 0;
}

/** Sets the account's membership end (the admin member edit, /user/user_manage): the e2e test clock. */
async function setMembershipEnd(id: number, end: Date) {
  await api(base, '/api/user/user_manage', { id, vip_date: end.toISOString() }, await adminToken(base));
}

describe('plans and memberships', () => {
  it('a creator buys Biz through the sandbox gateway, live streaming appears; when the plan ends it goes and the reminder shows', async () => {
    const email = `plans${Date.now()}@example.com`;
    const password = 'Plans@2026';
    const id = await createActiveUser(base, await adminToken(base), email, password, 'creator');
    // The free trial is over: no membership.
    await setMembershipEnd(id, new Date(Date.now() - 2 * 86_400_000));

    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    shotOnFailure(page, 'plans-1');
    await signIn(page, base, email, password);

    // Without a membership: no live streaming in the menu, and the reminder says the membership ended.
    expect(await liveStreamingInMenu(page)).toBe(false);
    await page.getByTestId('renewal-reminder').getByText(plans.reminder.expired).waitFor();

    // The reminder leads to the plans; Biz, monthly.
    await page.getByTestId('renewal-reminder').getByRole('link').click();
    await waitForHash(page, '/solutions');
    const biz = page.getByTestId('offer-biz');
    await biz.waitFor();
    await page.getByTestId('plan-compare').waitFor();
    await shot(page, 'solutions-plans-desktop');
    await page.getByTestId('buy-biz').click();

    // The invoice shows the plan; pay with Alipay on the sandbox gateway.
    const invoice = page.getByTestId('invoice');
    await invoice.waitFor();
    await page.getByTestId('invoice-plan').getByText(/Biz/).waitFor();
    const invoiceNo = (await page.getByTestId('invoice-number').textContent())?.trim() ?? '';
    await shot(page, 'plan-invoice-desktop');
    await page.getByRole('radio', { name: orders.methods.Alipay }).check();
    await page.getByRole('button', { name: orders.invoice.placeOrder }).click();
    await page.waitForURL(/\/api\/pay\/sandbox\/checkout/);
    await page.getByText(`SDK${invoiceNo}`).first().waitFor();
    await page.locator('button[value=pay]').click();
    await page.waitForURL((u) => u.hash.includes(`paid=SDK${invoiceNo}`), { timeout: 20_000 });

    // Paid: the membership runs, live streaming is in the menu, the profile shows the plan.
    // One fresh page load (a hash change followed at once by a reload raced the session check's request).
    await page.goto('about:blank');
    await page.goto(`${base}/#/profile`);
    await page.getByTestId('my-plan-level').getByText('Biz').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('renewal-reminder').count()).toBe(0);
    await shot(page, 'profile-plan-desktop');
    expect(await liveStreamingInMenu(page)).toBe(true);
    const info = await api<{ vip_status: boolean; vip_date: string }>(
      base,
      '/api/user/user_info',
      undefined,
      await page.evaluate(() => localStorage.getItem('xr_token') ?? ''),
      'GET',
    );
    expect(info.vip_status).toBe(true);
    expect(new Date(info.vip_date).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    // The plan ends (the administrator moves the date into the past): the item goes, the reminder shows.
    await setMembershipEnd(id, new Date(Date.now() - 60_000));
    await page.reload();
    await expect.poll(() => liveStreamingInMenu(page), { timeout: 40_000, interval: 2000 }).toBe(false);
    await page.getByTestId('renewal-reminder').getByText(plans.reminder.expired).waitFor();
    await page.goto(`${base}/#/profile`);
    await page.getByTestId('my-plan').getByText(plans.mine.expired).waitFor();
    await shot(page, 'renewal-reminder-desktop');
    await ctx.close();
  });

  it('an administrator manages plans on /system/combo (desktop and phone)', async () => {
    for (const phone of [false, true]) {
      const ctx = await newContext(browser, { lang: 'en', phone });
      const page = await ctx.newPage();
      shotOnFailure(page, `plans-admin-${phone ? 'phone' : 'desktop'}`);
      await signIn(page, base, 'admin@demo.test', 'Demo@12345');
      await page.goto(`${base}/#/system/combo`);
      await page.getByText(plans.admin.title).filter({ visible: true }).first().waitFor();
      await page.getByText('Enterprise VIP').first().waitFor();
      await settle(page);
      await shot(page, `combo-admin-${phone ? 'phone' : 'desktop'}`);
      if (phone) {
        await page.goto(`${base}/#/solutions`);
        await page.getByTestId('offer-biz').waitFor();
        await shot(page, 'solutions-plans-phone');
      }
      await ctx.close();
    }
  });
});
