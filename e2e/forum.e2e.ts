import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import forum from '../apps/web/src/locales/en/forum.json';
import market from '../apps/web/src/locales/en/market.json';
import { launch, newContext, shot, shotOnFailure } from './browser';
import { adminToken, api, createActiveUser, laneBase, pickMenuItem, signIn } from './helpers';

const base = laneBase();
let browser: Browser;
const stamp = Date.now().toString(36).slice(-5);
// createActiveUser gives each account the last 10 characters of its e-mail's local part as forum name.
const asker = { email: `ask${stamp}@forum.test`, forum: `ask${stamp}`, password: 'Forum@12345' };
const helper = { email: `help${stamp}@forum.test`, forum: `help${stamp}`, password: 'Forum@12345' };
const title = `Lighting a showroom ${stamp}?`;
let threadUrl = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
  const admin = await adminToken(base);
  await createActiveUser(base, admin, asker.email, asker.password);
  await createActiveUser(base, admin, helper.email, helper.password);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function person(who: { email: string; password: string }, opts: { phone?: boolean } = {}): Promise<Page> {
  const ctx = await newContext(browser, { lang: 'en', ...opts });
  contexts.push(ctx);
  const page = await ctx.newPage();
  await signIn(page, base, who.email, who.password);
  return page;
}

describe('forum journey', () => {
  it('a user starts a thread; another finds it by search, replies with a mention and likes it; the asker marks the solution', async () => {
    const a = await person(asker);
    shotOnFailure(a, 'forum-asker');
    await a.goto(`${base}/#/forum`);
    await a.getByTestId('forum-board').first().waitFor();
    await a.getByTestId('forum-new-thread').click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel(forum.titleLabel).fill(title);
    await dialog.getByRole('textbox', { name: forum.bodyLabel }).fill('Which **lights** make a 3D showroom look real?');
    await dialog.getByRole('button', { name: forum.post }).click();
    await a.getByTestId('forum-thread-title').filter({ hasText: title }).waitFor();
    await a.locator('.xr-forum-md strong').filter({ hasText: 'lights' }).waitFor();
    threadUrl = a.url();

    const b = await person(helper);
    shotOnFailure(b, 'forum-helper');
    await b.goto(`${base}/#/forum`);
    const search = b.getByPlaceholder(forum.search);
    await search.fill(`showroom ${stamp}`);
    await search.press('Enter');
    const found = b.getByTestId('forum-thread').filter({ hasText: title });
    await found.waitFor();
    await expect.poll(() => found.getByText(forum.unread).count()).toBe(1);
    await found.getByRole('link', { name: title }).click();
    await b.getByTestId('forum-thread-title').waitFor();
    await b.getByRole('button', { name: forum.like }).first().click();
    await expect.poll(() => b.getByRole('button', { name: forum.unlike }).count()).toBe(1);
    await b.getByRole('textbox', { name: forum.replyPlaceholder }).fill(`@${asker.forum} use an HDRI environment map.`);
    await b.getByTestId('forum-reply').click();
    await expect.poll(() => b.getByTestId('forum-post').count()).toBe(2);

    // The asker was told (mention) and marks the reply as the solution.
    const token = await api<{ access_token: string }>(base, '/api/login', { username: asker.email, password: asker.password });
    const inbox = await api<{ list: { message: string }[] }>(
      base,
      '/api/message/my_message_page',
      undefined,
      token.access_token,
      'GET',
    );
    expect(inbox.list.map((m) => m.message)).toContain(`${helper.forum} 在主题“${title}”中提到了您`);
    await a.reload();
    const reply = a.getByTestId('forum-post').nth(1);
    await reply.getByRole('button', { name: forum.markSolution }).click();
    await reply.getByText(forum.solution, { exact: true }).waitFor();
    await a.getByText(forum.solved).first().waitFor();
    await shot(a, 'forum-thread-desktop');
  });

  it('a moderator locks the thread: the reply box gives way to the notice', async () => {
    const m = await person({ email: 'admin@demo.test', password: 'Demo@12345' });
    shotOnFailure(m, 'forum-moderator');
    await m.goto(threadUrl);
    await pickMenuItem(m, m.getByTestId('forum-moderate'), forum.lock);
    await m.getByText(forum.lockedNotice).waitFor();

    const b = await person(helper);
    await b.goto(threadUrl);
    await b.getByText(forum.lockedNotice).waitFor();
    expect(await b.getByTestId('forum-reply').count()).toBe(0);
  });

  it('"Discuss" on a project opens its forum thread; the forum fits a phone', async () => {
    const list = await api<{ list: { id: number; name: string }[] }>(
      base,
      '/api/home_page/item_list?limit=1',
      undefined,
      undefined,
      'GET',
    );
    const project = list.list[0];
    expect(project).toBeDefined();
    const p = await person(helper, { phone: true });
    shotOnFailure(p, 'forum-phone');
    await p.goto(`${base}/#/product_details?id=${project?.id}`);
    await p.getByTestId('project-discuss').click();
    await p.getByTestId('forum-thread-title').filter({ hasText: project?.name }).waitFor();
    await p.getByRole('link', { name: forum.openProject }).waitFor();
    await shot(p, 'forum-project-thread-phone');
    await p.goto(`${base}/#/forum`);
    await p.getByTestId('forum-thread').first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'forum-phone');
    expect(market.details.discuss).toBe('Discuss');
  });
});
