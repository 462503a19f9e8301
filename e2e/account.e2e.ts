import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../apps/web/src/locales/en/http.json';
import enLayout from '../apps/web/src/locales/en/layout.json';
import tcRoute from '../apps/web/src/locales/tc/route.json';
import zhAuth from '../apps/web/src/locales/zh/auth.json';
import zhRoute from '../apps/web/src/locales/zh/route.json';
import { lastMail, launch, newContext, shot } from './browser';
import {
  api as callApi,
  dismissTour,
  adminToken as getAdminToken,
  createActiveUser as importUser,
  laneBase,
  pickMenuItem,
  waitForHash,
} from './helpers';

const base = laneBase();
const api = <T = Record<string, unknown>>(path: string, body: unknown, token?: string) => callApi<T>(base, path, body, token);
const adminToken = () => getAdminToken(base);
const createActiveUser = (token: string, email: string, password: string) => importUser(base, token, email, password);
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '');

/** Logs in through the login form. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto(`${base}/#/login`);
  await page.reload(); // a fresh page: no half-unmounted form of the previous route

  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
}

describe('account journey', () => {
  it('registers, activates through the mailbox, signs in, switches language, changes password and logs out', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const email = `journey${Date.now()}@example.com`;
    const password = 'Journey@2026';
    const newPassword = 'Journey@2027';

    // Register (default language is Simplified Chinese).
    await page.goto(`${base}/#/register`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await shot(page, 'register-desktop');
    await page.locator('#username').fill(`journey${Date.now() % 100000}`);
    await page.locator('#password').fill(password);
    await page.locator('#forum_name').fill(`j${Date.now() % 100000}`);
    await page.locator('#gender label').nth(1).click();
    await page.locator('#phone').fill('+85291234567');
    await page.locator('#email').fill(email);
    await page.getByRole('button', { name: zhAuth.code.send }).click();
    const codeMail = await lastMail(base, email);
    const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1];
    expect(code, codeMail.text).toBeTruthy();
    await page.locator('#email_code').fill(code as string);
    await page.locator('#terms').check();
    await page.locator('form button[type=submit]').click();

    // "Confirm account activation through the mailbox", then "I have confirmed" before and after activating.
    await page.getByText(zhAuth.register.checkMailTitle).waitFor();
    await page.getByRole('button', { name: zhAuth.register.confirmed }).click();
    await page.getByText(zhAuth.register.notActivated).first().waitFor();
    let activation = await lastMail(base, email);
    for (let i = 0; i < 20 && !/activate\?token=/.test(activation.text); i++) {
      await page.waitForTimeout(200);
      activation = await lastMail(base, email);
    }
    const link = /(https?:\/\/\S+\/api\/activate\?token=[\w-]+)/.exec(activation.text)?.[1];
    expect(link, activation.text).toBeTruthy();
    const activated = await fetch(link as string, { redirect: 'manual' });
    expect(activated.status).toBe(302);
    expect(activated.headers.get('location')).toContain('activated=1');
    await page.getByRole('button', { name: zhAuth.register.confirmed }).click();
    await waitForHash(page, '/login');

    // Sign in: token stored, user info fetched, lands on the profile.
    await signIn(page, email, password);
    await waitForHash(page, '/profile');
    await page.getByText(email).first().waitFor();
    // First visit: the guided tour opens over the layout.
    await page.locator('.ant-tour:visible').first().waitFor();
    await shot(page, 'profile-tour-desktop');
    await dismissTour(page);
    expect(await page.evaluate(() => localStorage.getItem('xr_tour_done'))).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('xr_token'))).toBeTruthy();
    expect(await page.title()).toContain(zhRoute.profile);
    await shot(page, 'profile-desktop');

    // Language cycles zh -> tc -> en, kept in local storage.
    await page.getByTestId('lang-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    expect(await page.title()).toContain(tcRoute.profile);
    await page.getByTestId('lang-switch').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('xr_lang'))).toBe('en');
    await page.reload();
    await expect.poll(() => page.title()).toContain('Profile');

    // Change password through the user menu; the session stays signed in.
    await pickMenuItem(page, page.getByTestId('user-menu'), enLayout.user.changePassword);
    const dialog = page.getByRole('dialog');
    await dialog.locator('#old_password').fill(password);
    await dialog.locator('#new_password').fill(newPassword);
    await dialog.locator('#password').fill('different1');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('Inconsistent password entered twice!').waitFor();
    await dialog.locator('#password').fill(newPassword);
    await dialog.locator('.ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(hashPath(page)).toBe('/profile');

    // Log out: token and tabs cleared, back to /login?redirect=<where we were>.
    await pickMenuItem(page, page.getByTestId('user-menu'), enLayout.user.logout);
    await waitForHash(page, '/login?redirect=');
    expect(decodeURIComponent(hashPath(page))).toContain('redirect=/profile');
    expect(await page.evaluate(() => localStorage.getItem('xr_token'))).toBeNull();

    // Guard: an admin path without a token goes to the login page with the redirect.
    await page.goto(`${base}/#/orderlist`);
    await waitForHash(page, '/login?redirect=');
    expect(decodeURIComponent(hashPath(page))).toBe('/login?redirect=/orderlist');

    // The new password works and the redirect is honoured.
    await page.locator('#username').fill(email);
    await page.locator('#password').fill(newPassword);
    await page.locator('form button[type=submit]').click();
    await waitForHash(page, '/orderlist');
    await ctx.close();
  });

  it('screenshots the login, register and profile pages on a phone', async () => {
    const ctx = await newContext(browser, { phone: true });
    const page = await ctx.newPage();
    await page.goto(`${base}/#/login`);
    await page.locator('#username').waitFor();
    await shot(page, 'login-phone');
    await page.goto(`${base}/#/register`);
    await page.locator('#email').waitFor();
    await shot(page, 'register-phone');
    await signIn(page, 'creator@demo.test', 'Demo@12345');
    await waitForHash(page, '/profile');
    await page.getByText('creator@demo.test').first().waitFor();
    await page.getByTestId('mobile-warning').waitFor();
    await shot(page, 'profile-phone');
    await ctx.close();

    const desk = await newContext(browser);
    const p2 = await desk.newPage();
    await p2.goto(`${base}/#/login`);
    await p2.locator('#username').waitFor();
    await shot(p2, 'login-desktop');
    await desk.close();
  });
});

describe('coupon code', () => {
  it('redeems the demo coupon from the user menu and refuses an empty one with the spec text', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('xr_tour_done', '1'));
    await signIn(page, 'user@demo.test', 'Demo@12345');
    await waitForHash(page, '/profile');
    const before = await page.evaluate(async () => {
      const r = await fetch('/api/user/user_info', { headers: { authorization: `Bearer ${localStorage.getItem('xr_token')}` } });
      return ((await r.json()) as { data: { vip_date: string } }).data.vip_date;
    });
    await pickMenuItem(page, page.getByTestId('user-menu'), enLayout.user.coupon);
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('Coupon code cannot be empty').waitFor();
    await dialog.locator('#cdk').fill('XRWELCOME30');
    await dialog.locator('.ant-btn-primary').click();
    await page.getByText(enLayout.coupon.done).first().waitFor();
    const after = await page.evaluate(async () => {
      const r = await fetch('/api/user/user_info', { headers: { authorization: `Bearer ${localStorage.getItem('xr_token')}` } });
      return ((await r.json()) as { data: { vip_date: string } }).data.vip_date;
    });
    expect(new Date(after).getTime() - new Date(before).getTime()).toBeGreaterThanOrEqual(29 * 86_400_000);
    await ctx.close();
  });
});

describe('reply-code reactions against real server responses', () => {
  it('10001-10004: an unusable token is cleared and the user goes to the login page', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await page.goto(`${base}/#/login`);
    await page.evaluate(() => localStorage.setItem('xr_token', 'forged-token-value-that-the-server-never-issued'));
    await page.goto(`${base}/#/profile`);
    await page.reload();
    await waitForHash(page, '/login?redirect=');
    expect(decodeURIComponent(hashPath(page))).toBe('/login?redirect=/profile');
    expect(await page.evaluate(() => localStorage.getItem('xr_token'))).toBeNull();
    await ctx.close();
  });

  it('other codes: the server message is shown (wrong password)', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await signIn(page, 'user@demo.test', 'not-the-password');
    await page.getByText('Incorrect account or password').first().waitFor();
    expect(hashPath(page)).toContain('/login');
    await ctx.close();
  });

  it('429: the rate-limit message is shown', async () => {
    const strict = inject('strictUrl');
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await page.goto(`${strict}/#/login`);
    for (let i = 0; i < 4; i++) {
      await page.locator('#username').fill('user@demo.test');
      await page.locator('#password').fill(`wrong-${i}-password`);
      await page.locator('form button[type=submit]').click();
      await page.waitForTimeout(400);
    }
    await page.getByText(en.rateLimited).first().waitFor();
    await ctx.close();
  });

  it('50012: a password changed elsewhere opens the "Confirm logout" box; Re-Login resets the session', async () => {
    const email = `twice${Date.now()}@example.com`;
    const token = await adminToken();
    await createActiveUser(token, email, 'Twice@2026');
    const a = await newContext(browser, { lang: 'en' });
    const pa = await a.newPage();
    await signIn(pa, email, 'Twice@2026');
    await waitForHash(pa, '/profile');
    await dismissTour(pa);

    // The same account changes its password in another session.
    const other = await api<{ access_token: string }>('/api/login', { username: email, password: 'Twice@2026' });
    await api(
      '/api/user/up_password',
      { old_password: 'Twice@2026', new_password: 'Twice@2027', password: 'Twice@2027' },
      other.access_token,
    );

    // The next call this page makes (opening the order list) answers 50012.
    await pa.evaluate(() => {
      window.location.hash = '#/orderlist';
    });
    await pa.locator('.ant-modal-confirm-title', { hasText: en.confirmLogoutTitle }).waitFor();
    await pa.getByText(en.confirmLogoutContent).waitFor();
    await pa.getByRole('button', { name: en.reLogin }).click();
    await waitForHash(pa, '/login');
    expect(await pa.evaluate(() => localStorage.getItem('xr_token'))).toBeNull();
    await a.close();
  });

  it('50008: an account disabled by an admin opens the "Confirm logout" box; Cancel keeps the page', async () => {
    const email = `disabled${Date.now()}@example.com`;
    const token = await adminToken();
    const id = await createActiveUser(token, email, 'Disable@2026');
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await signIn(page, email, 'Disable@2026');
    await waitForHash(page, '/profile');
    await dismissTour(page);
    await api('/api/user/user_manage', { id, status: 'disabled' }, token);
    await page.evaluate(() => {
      window.location.hash = '#/orderlist';
    });
    await page.locator('.ant-modal-confirm-title', { hasText: en.confirmLogoutTitle }).waitFor();
    await page.getByRole('button', { name: en.cancel }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: en.confirmLogoutTitle }).waitFor({ state: 'hidden' });
    expect(hashPath(page)).toBe('/orderlist');
    await ctx.close();
  });

  it('network failure: the connection-busy message is shown', async () => {
    const ctx = await newContext(browser, { lang: 'en' });
    const page = await ctx.newPage();
    await page.goto(`${base}/#/contact`);
    await page.route('**/api/send_contact_us', (route) => route.abort('connectionrefused'));
    await page.locator('#name').fill('Network Test');
    await page.locator('#email').fill('net@example.com');
    await page.locator('#phone').fill('91234567');
    await page.locator('form button[type=submit]').click();
    await page.getByText(en.networkBusy).first().waitFor();
    await ctx.close();
  });
});
