import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { checkerPng } from '../apps/server/test/fixtures/models';

/**
 * The ordinary server of this file's lane: journey files run in parallel lanes (one Vitest worker each, numbered by
 * `VITEST_POOL_ID`), each lane with a server of its own, so files of different lanes never share data.
 */
export function laneBase(): string {
  const urls = inject('baseUrls');
  const lane = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(lane - 1) % urls.length] as string;
}

/** Waits until the hash route starts with `startsWith`. */
export async function waitForHash(page: Page, startsWith: string): Promise<void> {
  await page.waitForFunction((p) => window.location.hash.replace(/^#/, '').startsWith(p), startsWith, { timeout: 20_000 });
}

/** Closes the first-visit guided tour when it shows. */
export async function dismissTour(page: Page): Promise<void> {
  const tour = page.locator('.ant-tour:visible');
  try {
    await tour.first().waitFor({ timeout: 4000 });
  } catch {
    return;
  }
  await page.keyboard.press('Escape');
  if (await tour.count()) await page.locator('.ant-tour-close').first().click();
  await tour.first().waitFor({ state: 'hidden' });
}

/** Calls the API directly (setup steps that are not what a test is about); throws on a non-200 code. */
export async function api<T = Record<string, unknown>>(
  base: string,
  path: string,
  body?: unknown,
  token?: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const j = (await r.json()) as { code: number; message: string; data: T };
  if (j.code !== 200) throw new Error(`${path}: ${j.code} ${j.message}`);
  return j.data;
}

export async function adminToken(base: string): Promise<string> {
  const d = await api<{ access_token: string }>(base, '/api/login', { username: 'admin@demo.test', password: 'Demo@12345' });
  return d.access_token;
}

/** Creates an active account through the admin CSV import (role `user` unless given) and returns its id. */
export async function createActiveUser(
  base: string,
  token: string,
  email: string,
  password: string,
  role?: 'user' | 'creator' | 'organisation_admin' | 'group_admin' | 'admin',
): Promise<number> {
  const name = email.split('@')[0] as string;
  const csv = role
    ? `email,username,forum_name,password,role\n${email},${name},${name.slice(-10)},${password},${role}\n`
    : `email,username,forum_name,password\n${email},${name},${name.slice(-10)},${password}\n`;
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  const r = await fetch(`${base}/api/user/user_import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const j = (await r.json()) as { code: number; message: string };
  if (j.code !== 200) throw new Error(`import: ${j.code} ${j.message}`);
  const page = await api<{ list: { id: number; email: string }[] }>(
    base,
    `/api/user/user_page?keyword=${encodeURIComponent(email)}`,
    undefined,
    token,
    'GET',
  );
  const found = page.list.find((u) => u.email === email);
  if (!found) throw new Error('imported user not found');
  return found.id;
}

/** Signs in through the login form (first-visit tour switched off) and waits to leave the login page. */
export async function signIn(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('xr_tour_done', '1'));
  await page.goto(`${base}/#/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForFunction(() => !window.location.hash.startsWith('#/login'), undefined, { timeout: 20_000 });
}

/**
 * Opens an antd dropdown menu with its trigger and clicks the item named `name` once the menu has settled. The menu
 * slides in for ~0.25 s (rc-motion's `-appear` / `-enter` classes; scaled 0.8 → 1 from its top, so the fifth item
 * starts one item higher): a click aimed during the slide can land on the neighbouring item if the menu moves between
 * Playwright's hit test and the press on a loaded machine (the likely cause of a CI failure where "Change password"
 * was pressed and no dialog came), so the click waits for the motion to end.
 */
export async function pickMenuItem(page: Page, trigger: Locator, name: string): Promise<void> {
  await trigger.click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"])');
  await menu.first().waitFor({ state: 'visible' });
  await menu.first().getByRole('menuitem', { name }).click();
}

/** Opens an antd Select (found by its label or any locator inside it) and clicks the option with this text. */
export async function pickOption(page: Page, select: Locator, option: string, opts: { multiple?: boolean } = {}): Promise<void> {
  await select.click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // like a menu (pickMenuItem), the list slides in: a click aimed while it moves can miss its option
  const settled = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"])',
  );
  const item = settled
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await item.first().click();
  // A single select closes its list (the screenshots should not catch it half-faded).
  if (!opts.multiple) await open.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
}

/**
 * Starts recording every value the progress bars labelled `label` show (aria-valuenow), so a test can assert that
 * a fast upload really went through intermediate values. Read them with `recordedProgress`.
 */
export async function recordProgress(page: Page, label: string): Promise<void> {
  await page.evaluate((l) => {
    const w = window as unknown as { __progress: number[]; __progressObserver?: MutationObserver };
    w.__progress = [];
    w.__progressObserver?.disconnect();
    const read = () => {
      for (const el of Array.from(document.querySelectorAll(`[role=progressbar][aria-label="${l}"]`))) {
        const v = Number(el.getAttribute('aria-valuenow'));
        if (w.__progress.at(-1) !== v) w.__progress.push(v);
      }
    };
    w.__progressObserver = new MutationObserver(read);
    w.__progressObserver.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, label);
}

export async function recordedProgress(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __progress: number[] }).__progress ?? []);
}

/** Slows the page's uploads down to `bytesPerSecond` so progress can be watched; returns a function lifting the limit. */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const set = (up: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: up });
  await set(bytesPerSecond);
  return async () => {
    await set(-1);
    await cdp.detach();
  };
}

/**
 * Uploads one file through the product's resumable upload (tus: create, then the bytes in one PATCH), a setup step
 * where the upload itself is not what a test is about; `meta` as the upload form sends it (project_id, kind).
 */
export async function tusUpload(
  base: string,
  token: string,
  filename: string,
  bytes: Uint8Array,
  meta: Record<string, string | number>,
): Promise<void> {
  const b64 = (v: string | number) => Buffer.from(String(v)).toString('base64');
  const auth = { authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${base}/api/uploads/`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': Object.entries({ filename, ...meta })
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
  if (created.status !== 201) throw new Error(`upload ${filename}: ${created.status} ${await created.text()}`);
  const sent = await fetch(new URL(created.headers.get('location') ?? '', base), {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  if (sent.status !== 204) throw new Error(`upload ${filename}: ${sent.status} ${await sent.text()}`);
}

/** Uploads a PNG as a project cover of the token's owner (a project may only use pictures its owner uploaded). */
export async function uploadCover(base: string, token: string, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
  const r = await fetch(`${base}/api/project/image_upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await r.json()) as { data: { url: string } }).data.url;
}

/**
 * A free 3D showroom project of the token's owner (draft, with a cover of its own), set up through the API for
 * journeys whose subject is what happens inside it. Returns its id and cover URL.
 */
export async function addShowroomProject(
  base: string,
  token: string,
  fields: { name: string; keywords: string; description: string },
): Promise<{ id: number; cover: string }> {
  const cover = await uploadCover(base, token, await checkerPng(512, 8));
  const { id } = await api<{ id: number }>(
    base,
    '/api/project/add_project',
    { ...fields, catalog: '3d_model', type: 'showroom', price: 0, cover },
    token,
  );
  return { id, cover };
}
