import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const SHOTS = path.resolve(__dirname, 'artifacts/screenshots');

/** Debian's Chromium, headless, as root (no sandbox), quiet on this closed network; `extraArgs` add to the flags. */
export function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (own storage) at a viewport; the language starts as the spec's default (zh) unless given. */
export async function newContext(
  browser: Browser,
  opts: { phone?: boolean; lang?: 'zh' | 'tc' | 'en' } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: opts.phone ? PHONE : DESKTOP,
    deviceScaleFactor: 1,
    isMobile: !!opts.phone,
    hasTouch: !!opts.phone,
  });
  if (opts.lang) {
    const lang = opts.lang;
    await ctx.addInitScript((l) => {
      if (!localStorage.getItem('xr_lang')) localStorage.setItem('xr_lang', l);
    }, lang);
  }
  return ctx;
}

/** Saves a full-page screenshot to e2e/artifacts/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const adminTokens = new Map<string, string>();

/** A token of the seeded administrator on a server (one sign-in per server). */
async function adminToken(baseUrl: string): Promise<string> {
  const known = adminTokens.get(baseUrl);
  if (known) return known;
  const r = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo@12345' }),
  });
  const j = (await r.json()) as { data: { access_token?: string } | null };
  if (!j.data?.access_token) throw new Error(`admin sign-in failed: ${JSON.stringify(j)}`);
  adminTokens.set(baseUrl, j.data.access_token);
  return j.data.access_token;
}

/** Reads the newest mail to an address as the administrator does (mail is readable by nobody else). */
export async function lastMail(baseUrl: string, to: string): Promise<{ subject: string; text: string }> {
  const token = await adminToken(baseUrl);
  for (let i = 0; i < 50; i++) {
    const r = await fetch(`${baseUrl}/api/system/mail_outbox?to=${encodeURIComponent(to)}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const j = (await r.json()) as { data: { subject: string; text: string }[] };
    if (j.data[0]) return j.data[0];
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no mail to ${to}`);
}

/** Waits (at most `timeout` ms) until no CSS animation or transition runs, so drawers and modals are fully in. */
export async function settle(page: Page, timeout = 2000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout },
    )
    .catch(() => undefined);
}

/** On a failed test, the page as it was: e2e/artifacts/screenshots/fail-<name>.png (full page). */
export function shotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    await page.screenshot({ path: path.join(SHOTS, `fail-${name}.png`), fullPage: true }).catch(() => undefined);
  });
}
