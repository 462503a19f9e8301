import type { ForumBoard } from '@xr/contract/forum';
import type { ReportItem } from '@xr/contract/reports';
import {
  type ChatRecord,
  type WorldChatMessage,
  type WorldChatRemovedEvent,
  type WorldEntry,
  WorldEvent,
} from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, projectsOf, type Shopper, shopper } from '../../../test/commerce';
import { ask, makeSceneProject, next, socketKit, urlOf } from '../../../test/world';

let t: TestApp;
let app: FastifyInstance;
let admin: Shopper;
let admin2: Shopper;
let author: Shopper;
let reporter: Shopper;
let boardId: number;
const kit = socketKit();

beforeAll(async () => {
  t = await createTestApp({ WORLD_NODE_ID: 'reports-test' });
  app = t.app;
  // listening: the chat reports join a meta world room over Socket.IO
  await app.listen({ port: 0, host: '127.0.0.1' });
  admin = await shopper(t, { roles: ['admin'] });
  admin2 = await shopper(t, { roles: ['admin'] });
  author = await shopper(t, { forum_name: 'rauthor', roles: ['creator'] });
  reporter = await shopper(t, { forum_name: 'rreporter', roles: ['user'] });
  boardId = body<ForumBoard[]>(await app.inject({ url: '/api/forum/board_list' })).data[0]?.id as number;
});
afterAll(async () => {
  kit.closeAll();
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who?: Shopper, lang = 'en') =>
  app.inject({
    method,
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: { ...(who?.headers ?? {}), 'accept-language': lang },
  });
const report = (payload: Record<string, unknown>, who = reporter) => call('POST', '/reports/set_reports', payload, who);
const open = async (type?: string) =>
  body<{ list: ReportItem[] }>(
    await call('GET', `/reports/report_page?status=open&limit=100${type ? `&target_type=${type}` : ''}`, undefined, admin),
  ).data.list;
const decide = (payload: Record<string, unknown>, who = admin, lang = 'en') =>
  call('POST', '/reports/report_decide', payload, who, lang);
const inbox = async (who: Shopper) =>
  body<{ list: { message: string }[] }>(await call('GET', '/message/my_message_page', undefined, who)).data.list.map(
    (m) => m.message,
  );

async function forumPost(text: string): Promise<{ threadId: number; postId: number }> {
  const th = body<{ id: number }>(
    await call('POST', '/forum/add_thread', { board_id: boardId, title: `Thread ${text}`, body: 'Opening' }, author),
  ).data;
  // flood control: replies of one author are spaced; the opening post is enough to report
  const details = body<{ posts: { list: { id: number }[] } }>(
    await call('GET', `/forum/thread_details?id=${th.id}`, undefined, author),
  ).data;
  return { threadId: th.id, postId: details.posts.list[0]?.id as number };
}

describe('reports (/ReportList)', () => {
  it('reports exactly one target; the queue is for report handlers only', async () => {
    const both = await report({ project_id: 1, post_id: 1, reason: 'other', content: 'x' });
    expect(body(both)).toMatchObject({ code: 40001, data: { field: 'project_id' } });
    expect((await report({ post_id: 2147483000, reason: 'other', content: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/reports/report_page', undefined, reporter)).statusCode).toBe(403);
    expect((await call('GET', '/reports/report_page')).statusCode).toBe(401);
  });

  it('a reported forum post is hidden by a moderator; the author and the reporter are told; decided once', async () => {
    const { postId } = await forumPost('spam');
    expect(body(await report({ post_id: postId, reason: 'inappropriate', content: 'Spam link' })).code).toBe(200);
    // reporting again updates the same open report
    expect(body(await report({ post_id: postId, reason: 'fraud', content: 'Phishing link' })).code).toBe(200);
    const mine = (await open('forum_post')).filter((r) => r.target_id === postId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reason: 'fraud', content: 'Phishing link', target_visible: true, owner: { id: author.id } });

    const noNote = await decide({ id: mine[0]?.id, status: 'resolved', action: 'hide' }, admin, 'zh');
    expect(body(noNote)).toMatchObject({ code: 40001, message: '请填写原因', data: { field: 'note' } });
    const noAction = await decide({ id: mine[0]?.id, status: 'resolved', note: 'x' });
    expect(body(noAction)).toMatchObject({ code: 40001, data: { field: 'action' } });

    const both = await Promise.all([
      decide({ id: mine[0]?.id, status: 'resolved', action: 'hide', note: 'Phishing' }, admin),
      decide({ id: mine[0]?.id, status: 'dismissed', note: 'Fine' }, admin2),
    ]);
    const codes = both.map((r) => body(r).code).sort();
    expect(codes).toEqual([200, 40950]);
    const decided = body<{ list: ReportItem[] }>(
      await call('GET', '/reports/report_page?status=resolved&limit=100', undefined, admin),
    ).data.list.find((r) => r.id === mine[0]?.id);
    if (decided) {
      expect(decided).toMatchObject({ action: 'hide', note: 'Phishing', target_visible: false });
      expect((await inbox(author)).some((m) => m.includes('was hidden after a report'))).toBe(true);
      expect((await inbox(reporter)).some((m) => m.includes('we took action'))).toBe(true);
    } else {
      // the dismissal won the race: nothing was hidden
      expect((await inbox(reporter)).some((m) => m.includes('breaks no rule'))).toBe(true);
    }
    const log = body<{ list: { action: string }[] }>(await call('GET', '/logs_list?action=report.decide', undefined, admin)).data
      .list;
    expect(log.length).toBeGreaterThan(0);
  });

  it('a project report: warn the creator, or withdraw the project to review', async () => {
    const p = await makeProject(t, author.id, { name: 'Reported tour' });
    await report({ project_id: p.id, reason: 'infringement', content: 'Copied from my site' });
    const [r] = (await open('project')).filter((x) => x.target_id === p.id);
    expect(r).toMatchObject({ target_title: 'Reported tour', target_path: `/product_details?id=${p.id}`, target_visible: true });
    expect(body(await decide({ id: r?.id, status: 'resolved', action: 'warn', note: 'Credit the photographer' })).code).toBe(200);
    expect((await inbox(author)).some((m) => m.includes('A warning about your content “Reported tour”'))).toBe(true);
    expect((await projectsOf(t).byId(p.id))?.reviewStatus).toBe('approved');

    await report({ project_id: p.id, reason: 'infringement', content: 'Still copied' });
    const [again] = (await open('project')).filter((x) => x.target_id === p.id);
    expect(body(await decide({ id: again?.id, status: 'resolved', action: 'hide', note: 'Infringement confirmed' })).code).toBe(
      200,
    );
    const after = await projectsOf(t).byId(p.id);
    expect(after).toMatchObject({ reviewStatus: 'rejected', reviewReason: 'Infringement confirmed' });
  });

  it('an action that is refused (disabling your own account) leaves the report open and nobody is told', async () => {
    const mod = await shopper(t, { roles: ['admin'], forum_name: 'rmod' });
    const th = body<{ id: number }>(
      await call('POST', '/forum/add_thread', { board_id: boardId, title: 'Mod post', body: 'Hello' }, mod),
    ).data;
    const postId = body<{ posts: { list: { id: number }[] } }>(
      await call('GET', `/forum/thread_details?id=${th.id}`, undefined, mod),
    ).data.posts.list[0]?.id as number;
    await report({ post_id: postId, reason: 'other', content: 'Rude' });
    const [r] = (await open('forum_post')).filter((x) => x.target_id === postId);
    const before = (await inbox(reporter)).length;
    const refused = await decide({ id: r?.id, status: 'resolved', action: 'disable', note: 'Rude' }, mod);
    expect(refused.statusCode).toBe(400);
    const [still] = (await open('forum_post')).filter((x) => x.target_id === postId);
    expect(still).toMatchObject({ status: 'open', action: null, handler: '' });
    expect((await inbox(reporter)).length).toBe(before);
    // another administrator can carry it out
    expect(body(await decide({ id: r?.id, status: 'resolved', action: 'disable', note: 'Rude' }, admin)).code).toBe(200);
    const login = await call('GET', '/user/user_info', undefined, mod);
    expect(login.statusCode).toBe(401);
  });
});

describe('reports of meta world chat messages', () => {
  let entry: WorldEntry;
  let speaker: Socket;
  let listener: Socket;

  beforeAll(async () => {
    const projectId = (await makeSceneProject(t, author.id)).id;
    entry = body<WorldEntry>(await call('POST', '/explore/add_world', { name: 'Chat hall', project_id: projectId }, author)).data;
    speaker = await kit.connect(urlOf(app), author.token);
    listener = await kit.connect(urlOf(app), reporter.token);
    for (const s of [speaker, listener]) {
      const joined = await ask(s, WorldEvent.join, { entry_id: entry.id });
      expect(joined.ok, JSON.stringify(joined)).toBe(true);
    }
  });

  /** The author says `text` in the room (spaced: chat is rate-limited per member). */
  async function say(text: string): Promise<WorldChatMessage> {
    await new Promise((r) => setTimeout(r, 600));
    const sent = await ask<WorldChatMessage>(speaker, WorldEvent.chat, { text });
    if (!sent.ok) throw new Error(`chat refused: ${sent.code} ${sent.message}`);
    return sent.data;
  }
  const reportOf = async (chatId: number) => (await open('chat')).find((r) => r.target_id === chatId);

  it('a signed-in user reports a message; the queue shows its text, room and author; bad ids are refused', async () => {
    const m = await say('Cheap coins at scam.example');
    expect((await call('POST', '/reports/set_reports', { chat_id: m.id, reason: 'fraud', content: 'Scam' })).statusCode).toBe(
      401,
    );
    expect((await report({ chat_id: 2 ** 31, reason: 'fraud', content: 'Scam' })).statusCode).toBe(400);
    expect((await report({ chat_id: 2147483000, reason: 'fraud', content: 'Scam' })).statusCode).toBe(404);
    expect(body(await report({ chat_id: m.id, post_id: 1, reason: 'fraud', content: 'Scam' }))).toMatchObject({
      code: 40001,
      data: { field: 'project_id' },
    });
    expect(body(await report({ chat_id: m.id, reason: 'fraud', content: 'Scam' })).code).toBe(200);
    expect(await reportOf(m.id)).toMatchObject({
      target_type: 'chat',
      target_title: 'Chat hall',
      target_excerpt: 'Cheap coins at scam.example',
      target_visible: true,
      target_path: null,
      owner: { id: author.id },
      author_name: m.name,
      reporter: { id: reporter.id },
    });
  });

  it('hide deletes the message, tells the room, the author and the reporter; it can no longer be reported', async () => {
    const m = await say('Rude words');
    expect(body(await report({ chat_id: m.id, reason: 'inappropriate', content: 'Rude' })).code).toBe(200);
    const r = await reportOf(m.id);
    const removed = next<WorldChatRemovedEvent>(listener, WorldEvent.chatRemoved, (e) => e.ids.includes(m.id));
    expect(body(await decide({ id: r?.id, status: 'resolved', action: 'hide', note: 'Insults' })).code).toBe(200);
    expect((await removed).ids).toEqual([m.id]);
    const records = body<{ list: ChatRecord[] }>(
      await call('GET', `/explore/chat_record_page?entry_id=${entry.id}&limit=100`, undefined, admin),
    ).data.list;
    expect(records.some((c) => c.id === m.id)).toBe(false);
    expect((await report({ chat_id: m.id, reason: 'other', content: 'Again' })).statusCode).toBe(404);
    expect((await inbox(author)).some((x) => x.includes('“Rude words” was hidden after a report'))).toBe(true);
    expect((await inbox(reporter)).some((x) => x.includes('we took action'))).toBe(true);
    const log = body<{ list: { action: string; after: unknown }[] }>(
      await call('GET', '/logs_list?action=report.decide', undefined, admin),
    ).data.list;
    expect(JSON.stringify(log)).toContain(`chat:${m.id}`);
  });

  it('warn tells the author and keeps the message; dismiss tells the reporter', async () => {
    const warned = await say('Borderline joke');
    await report({ chat_id: warned.id, reason: 'inappropriate', content: 'Not funny' });
    const w = await reportOf(warned.id);
    expect(body(await decide({ id: w?.id, status: 'resolved', action: 'warn', note: 'Keep it civil' })).code).toBe(200);
    expect((await inbox(author)).some((x) => x.includes('A warning about your content “Borderline joke”'))).toBe(true);

    const fine = await say('Hello everyone');
    await report({ chat_id: fine.id, reason: 'other', content: 'Annoying' });
    const d = await reportOf(fine.id);
    expect(body(await decide({ id: d?.id, status: 'dismissed', note: 'A greeting' })).code).toBe(200);
    expect((await inbox(reporter)).some((x) => x.includes('breaks no rule'))).toBe(true);
    const records = body<{ list: ChatRecord[] }>(
      await call('GET', `/explore/chat_record_page?entry_id=${entry.id}&limit=100`, undefined, admin),
    ).data.list.map((c) => c.id);
    expect(records).toEqual(expect.arrayContaining([warned.id, fine.id]));
  });
});
