import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import codes from '../apps/web/src/locales/en/codes.json';
import institution from '../apps/web/src/locales/en/institution.json';
import { lastMail, launch, newContext, PHONE, shot, shotOnFailure } from './browser';
import { api, laneBase, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36).slice(-6);
const org = { email: `org${stamp}@inst.test`, username: `org_${stamp}`, password: 'Organise@2026' };

/** Registers an organisation the way the registration form does: e-mail code, certificate upload, activation link. */
async function registerOrganisation() {
  await api(base, '/api/send_register_email_code', { email: org.email });
  const code = /\b(\d{6})\b/.exec((await lastMail(base, org.email)).text)?.[1];
  const form = new FormData();
  const pdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...new Uint8Array(2000).fill(32)]);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'certificate.pdf');
  const up = (await (await fetch(`${base}/api/register_certificate_upload`, { method: 'POST', body: form })).json()) as {
    data: { certificate: string };
  };
  await api(base, '/api/register', {
    account_type: 'organisation',
    username: org.username,
    password: org.password,
    gender: 'other',
    phone: '+852 9123 4567',
    forum_name: `o${stamp}`,
    email: org.email,
    email_code: code,
    certificate: up.data.certificate,
    terms: true,
  });
  const link = /(\/api\/activate\?token=[a-f0-9]{64})/.exec((await lastMail(base, org.email)).text)?.[1];
  const r = await fetch(`${base}${link}`, { redirect: 'manual' });
  expect(r.status).toBe(302);
}

beforeAll(async () => {
  browser = await launch();
  await registerOrganisation();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe('organisation approval', () => {
  it('a new organisation waits for approval, an admin approves, then it creates an invite code', async () => {
    const orgCtx = await newContext(browser, { lang: 'en' });
    contexts.push(orgCtx);
    const page = await orgCtx.newPage();
    shotOnFailure(page, 'institution-org');
    await signIn(page, base, org.email, org.password);
    await page.goto(`${base}/#/profile`);
    const card = page.getByTestId('institution-status');
    await card.getByText(institution.pendingTitle).first().waitFor();
    // the invite-code screen is not in the menu yet, and its address says there is no access
    expect(await page.locator(`a[href="#/invite-code/add-invite-code"]`).count()).toBe(0);
    await shot(page, 'institution-pending-desktop');

    const adminCtx = await newContext(browser, { lang: 'en' });
    contexts.push(adminCtx);
    const admin = await adminCtx.newPage();
    shotOnFailure(admin, 'institution-admin');
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/approval/institutional`);
    const row = admin.locator('tr', { hasText: org.username });
    await row.waitFor();
    // the certificate opens through its signed link
    const href = await row.getByRole('link', { name: institution.open }).getAttribute('href');
    const file = await fetch(new URL(href ?? '', base));
    expect(file.status).toBe(200);
    await shot(admin, 'institution-review-desktop');
    await row.getByRole('button', { name: institution.approve }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await admin.getByText(institution.approved).first().waitFor();
    await expect.poll(() => admin.locator('tr', { hasText: org.username }).count()).toBe(0);
    await admin.getByText(institution.states.approved).first().click();
    await admin.locator('tr', { hasText: org.username }).waitFor();
    await admin.setViewportSize(PHONE);
    await shot(admin, 'institution-review-phone');

    // the organisation's next page load has the role: the card says so and invite codes can be created
    await page.reload();
    await card.getByText(institution.approvedTitle).waitFor();
    await page.goto(`${base}/#/invite-code/add-invite-code`);
    await page.getByRole('button', { name: codes.invite.add, exact: false }).and(page.locator('.ant-btn-primary')).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#note').fill('Open day');
    await dialog.locator('button.ant-btn-primary').click();
    await page
      .getByText(/Invite code \w+ added/)
      .first()
      .waitFor();
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/#/profile`);
    await card.getByText(institution.approvedTitle).waitFor();
    await shot(page, 'institution-approved-phone');
  });
});
