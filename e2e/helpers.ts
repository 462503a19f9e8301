import type { Page } from 'playwright-core';

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

/** Creates an active account through the admin CSV import and returns its id. */
export async function createActiveUser(base: string, token: string, email: string, password: string): Promise<number> {
  const name = email.split('@')[0] as string;
  const csv = `email,username,forum_name,password\n${email},${name},${name.slice(-10)},${password}\n`;
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
