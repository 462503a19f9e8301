import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newContext } from './browser';
import { api, laneBase, signIn } from './helpers';

const base = laneBase();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => {
    seen.push(v);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${location.hash} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

/** Visits each hash route and waits for it to settle (lazy chunks, viewers, workers). */
async function sweep(page: Page, routes: string[]): Promise<void> {
  for (const route of routes) {
    await page.goto(`${base}/#${route}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(800);
  }
}

describe('content security policy', () => {
  it('the app runs under its CSP: no violation on any main page, as a visitor and as an administrator', async () => {
    const first = await fetch(`${base}/`);
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');

    // One published project of each category, so the 3D viewer and the panorama viewer run too.
    const details: string[] = [];
    for (const catalog of ['3d_model', '360_image', '360_video', 'multimedia']) {
      const page = await api<{ list: { id: number }[] }>(
        base,
        `/api/home_page/item_list?page=1&limit=1&catalog=${catalog}`,
        undefined,
        undefined,
        'GET',
      );
      if (page.list[0]) details.push(`/product_details?id=${page.list[0].id}`);
    }
    expect(details.length).toBeGreaterThan(0);

    const visitorCtx = await newContext(browser, { lang: 'en' });
    const visitor = await visitorCtx.newPage();
    const visitorViolations = await watchViolations(visitor);
    await visitor.addInitScript(() => localStorage.setItem('xr_tour_done', '1'));
    await sweep(visitor, [
      '/',
      '/marke_place',
      ...details,
      '/grid',
      '/about',
      '/solutions',
      '/join',
      '/meta',
      '/contact',
      '/policy',
      '/user_terms_agreement',
      '/register',
      '/login',
    ]);
    await visitorCtx.close();

    const adminCtx = await newContext(browser, { lang: 'en' });
    const admin = await adminCtx.newPage();
    const adminViolations = await watchViolations(admin);
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await sweep(admin, [
      '/profile',
      ...details,
      '/vrdata/list',
      '/vrdata/status',
      '/approval/project-review',
      '/approval/project-review-records',
      '/member',
      '/orderlist',
      '/shoppingcart',
      '/wishlist',
      '/invite-code',
      '/coupon-code',
      '/system/capacity',
      '/system/filetype',
      '/system/auth/role',
      '/system/auth/resource',
    ]);
    await adminCtx.close();

    expect([...visitorViolations, ...adminViolations]).toEqual([]);
  }, 240_000);
});
