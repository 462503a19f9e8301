import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import forum from '../apps/web/src/locales/en/forum.json';
import market from '../apps/web/src/locales/en/market.json';
import reports from '../apps/web/src/locales/en/reports.json';
import { launch, newContext, PHONE, shot, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36).slice(-5);
const pw = 'Report@2026';
const people = { asker: `ask${stamp}@rep.test`, spammer: `spm${stamp}@rep.test`, reader: `rdr${stamp}@rep.test` };
const spam = `Cheap headsets at spam-${stamp}.example`;
let threadId = 0;

beforeAll(async () => {
  browser = await launch();
  const admin = await adminToken(base);
  for (const email of Object.values(people)) await createActiveUser(base, admin, email, pw);
  const token = async (email: string) =>
    (await api<{ access_token: string }>(base, '/api/login', { username: email, password: pw })).access_token;
  const boards = await api<{ id: number }[]>(base, '/api/forum/board_list', undefined, undefined, 'GET');
  threadId = (
    await api<{ id: number }>(
      base,
      '/api/forum/add_thread',
      { board_id: boards[0]?.id, title: `Which headset for a classroom? ${stamp}`, body: 'Looking for advice.' },
      await token(people.asker),
    )
  ).id;
  await api(base, '/api/forum/add_post', { thread_id: threadId, body: spam }, await token(people.spammer));
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe('reports', () => {
  it('a user reports a forum post; a moderator hides it from /ReportList; the post is gone', async () => {
    const readerCtx = await newContext(browser, { lang: 'en' });
    contexts.push(readerCtx);
    const reader = await readerCtx.newPage();
    shotOnFailure(reader, 'reports-reader');
    await signIn(reader, base, people.reader, pw);
    await reader.goto(`${base}/#/forum/thread?id=${threadId}`);
    const post = reader.getByTestId('forum-post').filter({ hasText: spam });
    await post.getByTestId('forum-report').click();
    const dialog = reader.getByRole('dialog');
    await dialog.getByText(forum.reportTitle).waitFor();
    await dialog.getByText(market.details.reasons.fraud).click();
    await dialog.locator('textarea').fill('A phishing link');
    await dialog.getByRole('button', { name: market.details.reportSubmit }).click();
    await reader.getByText('we have received your report').first().waitFor();

    const adminCtx = await newContext(browser, { lang: 'en' });
    contexts.push(adminCtx);
    const admin = await adminCtx.newPage();
    shotOnFailure(admin, 'reports-admin');
    await signIn(admin, base, 'admin@demo.test', 'Demo@12345');
    await admin.goto(`${base}/#/ReportList`);
    const row = admin.locator('tr', { hasText: 'A phishing link' });
    await row.waitFor();
    await shot(admin, 'report-list-desktop');
    await row.getByRole('button', { name: reports.decide }).click();
    const decide = admin.getByRole('dialog');
    await decide.getByText(reports.actions.hide).click();
    await decide.locator('textarea').fill('Phishing is not allowed');
    await decide.getByRole('button', { name: reports.decide }).click();
    await admin.getByText(reports.actionedDone).first().waitFor();
    await expect.poll(() => admin.locator('tr', { hasText: 'A phishing link' }).count()).toBe(0);
    await admin.getByText(reports.states.resolved).first().click();
    await admin.locator('tr', { hasText: 'A phishing link' }).waitFor();
    await admin.setViewportSize(PHONE);
    await shot(admin, 'report-list-phone');

    await reader.reload();
    await reader.getByTestId('forum-post').first().waitFor();
    await expect.poll(() => reader.getByTestId('forum-post').filter({ hasText: spam }).count()).toBe(0);
  });
});
