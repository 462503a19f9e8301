import type { ForumBoard, ForumThread, ThreadDetails } from '@xr/contract/forum';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, type Shopper, shopper } from '../../../test/commerce';

let t: TestApp;
let app: FastifyInstance;
let admin: Shopper;
let alice: Shopper;
let bob: Shopper;
let boards: ForumBoard[];

beforeAll(async () => {
  t = await createTestApp({ FORUM_POST_INTERVAL_SECONDS: '0' });
  app = t.app;
  admin = await shopper(t, { roles: ['admin'] });
  alice = await shopper(t, { forum_name: 'alice' });
  bob = await shopper(t, { forum_name: 'bob', roles: ['user'] });
  boards = body<ForumBoard[]>(await app.inject({ url: '/api/forum/board_list' })).data;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, who?: Shopper, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: { ...(who?.headers ?? {}), 'accept-language': lang },
  });
const get = (url: string, who?: Shopper) => app.inject({ url: `/api${url}`, headers: who?.headers ?? {} });

async function newThread(who: Shopper, title: string, text = 'Opening post', boardId = boards[0]?.id): Promise<number> {
  const res = await post('/forum/add_thread', { board_id: boardId, title, body: text }, who);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}
const details = async (id: number, who?: Shopper, page = 1) =>
  body<ThreadDetails>(await get(`/forum/thread_details?id=${id}&page=${page}`, who)).data;
const boardById = async (id: number) =>
  body<ForumBoard[]>(await get('/forum/board_list?all=1', admin)).data.find((b) => b.id === id);

describe('boards', () => {
  it('a fresh installation has the three default boards, in order, in three languages', () => {
    expect(boards.map((b) => b.names.en)).toEqual(['General', 'Projects', 'Help and tutorials']);
    expect(boards[1]?.names).toEqual({ zh: '作品讨论', tc: '作品討論', en: 'Projects' });
  });

  it('only moderators add and edit boards (401, 403, 400, happy path); a closed board leaves the public list', async () => {
    const payload = { names: { zh: '活动', tc: '活動', en: 'Events' }, sort: 40 };
    expect((await post('/forum/add_board', payload)).statusCode).toBe(401);
    expect((await post('/forum/add_board', payload, alice)).statusCode).toBe(403);
    const bad = await post('/forum/add_board', { names: { zh: '', tc: '活動', en: 'Events' } }, admin);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data).toMatchObject({ field: 'names.zh' });
    const added = body<ForumBoard>(await post('/forum/add_board', payload, admin)).data;
    expect(added).toMatchObject({ names: payload.names, enabled: true, thread_count: 0 });

    await post('/forum/up_board', { ...payload, id: added.id, enabled: false }, admin);
    const publicList = body<ForumBoard[]>(await get('/forum/board_list?all=1', alice)).data;
    expect(publicList.some((b) => b.id === added.id)).toBe(false);
    expect(await boardById(added.id)).toMatchObject({ enabled: false });
    // Its threads are not reachable by others, and nobody but a moderator starts one there.
    expect((await get(`/forum/thread_page?board_id=${added.id}`, alice)).statusCode).toBe(404);
    const refused = await post('/forum/add_thread', { board_id: added.id, title: 'x', body: 'y' }, alice);
    expect(body(refused)).toMatchObject({ code: 40001, message: 'This board is closed' });
    expect((await post('/forum/up_board', { ...payload, id: 2 ** 31 }, admin)).statusCode).toBe(400);
    expect((await post('/forum/up_board', { ...payload, id: 999999 }, admin)).statusCode).toBe(404);
  });
});

describe('threads and replies', () => {
  it('posting needs a sign-in and a forum name; titles and bodies are bounded', async () => {
    expect((await post('/forum/add_thread', { board_id: boards[0]?.id, title: 'Hi', body: 'x' })).statusCode).toBe(401);
    const nameless = await shopper(t);
    await t.database.db.execute(sql`update users set forum_name = '' where id = ${nameless.id}`);
    const res = await post('/forum/add_thread', { board_id: boards[0]?.id, title: 'Hi', body: 'x' }, nameless, 'zh');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40090, message: '请先在个人资料中设置论坛用户名再发帖' });
    const long = await post('/forum/add_thread', { board_id: boards[0]?.id, title: 'x'.repeat(101), body: 'x' }, alice);
    expect(body(long)).toMatchObject({ code: 40001, data: { field: 'title' } });
    const empty = await post('/forum/add_thread', { board_id: boards[0]?.id, title: 'ok', body: '   ' }, alice);
    expect(body(empty)).toMatchObject({ code: 40001, data: { field: 'body' } });
    const nul = await post('/forum/add_thread', { board_id: boards[0]?.id, title: 'a\u0000b', body: 'x' }, alice);
    expect(nul.statusCode).toBe(400);
  });

  it('lists threads newest activity first, pinned on top, with reply counts, last poster and unread markers', async () => {
    const board = boards[2]?.id as number;
    const first = await newThread(alice, 'How do I set the start view?', 'Looking around does not stick', board);
    const second = await newThread(alice, 'FBX textures are missing', 'My model is grey', board);
    expect((await post('/forum/add_post', { thread_id: first, body: 'Press "Set start view"' }, bob)).statusCode).toBe(200);

    let page = body<{ list: ForumThread[]; total: number }>(await get(`/forum/thread_page?board_id=${board}`, alice)).data;
    expect(page.total).toBe(2);
    expect(page.list.map((x) => x.id)).toEqual([first, second]);
    expect(page.list[0]).toMatchObject({ reply_count: 1, last_poster: 'bob', author: { forum_name: 'alice' }, unread: true });

    await details(first, alice);
    page = body<{ list: ForumThread[]; total: number }>(await get(`/forum/thread_page?board_id=${board}`, alice)).data;
    expect(page.list[0]?.unread).toBe(false);
    await post('/forum/add_post', { thread_id: first, body: 'Thanks!' }, bob);
    page = body<{ list: ForumThread[]; total: number }>(await get(`/forum/thread_page?board_id=${board}`, alice)).data;
    expect(page.list[0]?.unread).toBe(true);
    // Anonymous readers see no markers.
    const anon = body<{ list: ForumThread[] }>(await get(`/forum/thread_page?board_id=${board}`)).data;
    expect(anon.list.every((x) => !x.unread)).toBe(true);

    await post('/forum/moderate_thread', { id: second, action: 'pin' }, admin);
    page = body<{ list: ForumThread[]; total: number }>(await get(`/forum/thread_page?board_id=${board}`)).data;
    expect(page.list.map((x) => [x.id, x.pinned])).toEqual([
      [second, true],
      [first, false],
    ]);
    const b = await boardById(board);
    expect(b).toMatchObject({ thread_count: 2, post_count: 4 });
  });

  it('searches titles and replies, in English and Chinese', async () => {
    const zh = await newThread(alice, '全景导览的热点', '如何添加视频热点？');
    const en = await newThread(bob, 'Lighting question', 'Intro');
    await post('/forum/add_post', { thread_id: en, body: 'Use an HDRI environment map for reflections' }, alice);
    const search = async (k: string) =>
      body<{ list: ForumThread[] }>(await get(`/forum/thread_page?keyword=${encodeURIComponent(k)}`)).data.list.map((x) => x.id);
    expect(await search('热点')).toContain(zh);
    expect(await search('视频热点')).toContain(zh);
    // One- and two-character words (stored CJK tripled, so the trigram index serves them) and mixed case.
    expect(await search('导')).toContain(zh);
    expect(await search('全景')).toEqual([zh]);
    expect(await search('LIGHTING')).toEqual([en]);
    expect(await search('hdri')).toEqual([en]);
    expect(await search('100%_')).toEqual([]);
    expect((await get(`/forum/thread_page?keyword=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('quotes stay in the thread; mentions and replies notify by system message, in the reader language', async () => {
    const thread = await newThread(alice, 'Quote me', 'The original words');
    const other = await newThread(alice, 'Elsewhere', 'Other words');
    const firstOfOther = (await details(other)).posts.list[0]?.id as number;
    const firstPost = (await details(thread)).posts.list[0]?.id as number;
    const wrong = await post('/forum/add_post', { thread_id: thread, body: 'x', quote_id: firstOfOther }, bob);
    expect(body(wrong)).toMatchObject({ code: 40001, message: 'Only posts of the same thread can be quoted' });
    const carol = await shopper(t, { forum_name: 'carol' });
    const reply = await post(
      '/forum/add_post',
      { thread_id: thread, body: 'Agreed, @carol and @nobody. mail me@bob', quote_id: firstPost },
      bob,
    );
    expect(reply.statusCode).toBe(200);
    const d = await details(thread);
    expect(d.posts.list[1]?.quote).toMatchObject({ id: firstPost, author: 'alice', excerpt: 'The original words' });

    const inbox = async (who: Shopper, lang: string) =>
      body<{ list: { message: string }[] }>(
        await app.inject({ url: '/api/message/my_message_page', headers: { ...who.headers, 'accept-language': lang } }),
      ).data.list.map((m) => m.message);
    expect(await inbox(carol, 'en')).toContain('bob mentioned you in “Quote me”');
    expect(await inbox(alice, 'tc')).toContain('bob 回覆了您的主題「Quote me」');
    // "me@bob" is an address, not a mention: bob is not notified of his own words.
    expect((await inbox(bob, 'en')).some((m) => m.includes('mentioned'))).toBe(false);
  });

  it('likes count once per person, never one’s own post; solutions are the author’s call', async () => {
    const thread = await newThread(alice, 'Like and solve', 'Question');
    const reply = body<{ id: number }>(await post('/forum/add_post', { thread_id: thread, body: 'Answer' }, bob)).data.id;
    const first = (await details(thread)).posts.list[0]?.id as number;
    expect((await post('/forum/like_post', { id: first, like: true }, alice)).statusCode).toBe(403);
    await post('/forum/like_post', { id: reply, like: true }, alice);
    const again = await post('/forum/like_post', { id: reply, like: true }, alice);
    expect(body(again).data).toEqual({ like_count: 1, liked: true });
    expect((await details(thread, alice)).posts.list[1]).toMatchObject({ like_count: 1, liked: true });
    expect(body(await post('/forum/like_post', { id: reply, like: false }, alice)).data).toEqual({ like_count: 0, liked: false });

    expect((await post('/forum/solve_thread', { id: thread, post_id: reply }, bob)).statusCode).toBe(403);
    const firstAsSolution = await post('/forum/solve_thread', { id: thread, post_id: first }, alice);
    expect(body(firstAsSolution).code).toBe(40001);
    expect((await post('/forum/solve_thread', { id: thread, post_id: reply }, alice)).statusCode).toBe(200);
    const d = await details(thread, alice);
    expect(d.thread.solved).toBe(true);
    expect(d.posts.list[1]?.is_solution).toBe(true);
    await post('/forum/solve_thread', { id: thread, post_id: null }, admin);
    expect((await details(thread)).thread.solved).toBe(false);
  });

  it('edits and deletions: authors their own replies, moderators anything; counters follow', async () => {
    const thread = await newThread(alice, 'Edit me', 'Typo here');
    const reply = body<{ id: number }>(await post('/forum/add_post', { thread_id: thread, body: 'A reply' }, bob)).data.id;
    const first = (await details(thread)).posts.list[0]?.id as number;
    expect((await post('/forum/up_post', { id: first, body: 'Fixed', title: 'Edited title' }, bob)).statusCode).toBe(404);
    expect((await post('/forum/up_post', { id: first, body: 'Fixed', title: 'Edited title' }, alice)).statusCode).toBe(200);
    let d = await details(thread);
    expect(d.thread.title).toBe('Edited title');
    expect(d.posts.list[0]).toMatchObject({ body: 'Fixed' });
    expect(d.posts.list[0]?.edited_at).not.toBeNull();

    // The opening post is the thread: only a moderator deletes it.
    expect((await post('/forum/del_post', { id: first }, alice)).statusCode).toBe(403);
    expect((await post('/forum/del_post', { id: reply }, alice)).statusCode).toBe(404);
    expect((await post('/forum/del_post', { id: reply }, bob)).statusCode).toBe(200);
    d = await details(thread);
    expect(d.thread.reply_count).toBe(0);
    expect(d.posts.total).toBe(1);
    const before = await boardById(d.thread.board_id);
    expect((await post('/forum/moderate_thread', { id: thread, action: 'delete' }, admin)).statusCode).toBe(200);
    expect((await get(`/forum/thread_details?id=${thread}`)).statusCode).toBe(404);
    const after = await boardById(d.thread.board_id);
    expect(after?.thread_count).toBe((before?.thread_count ?? 0) - 1);
    expect(after?.post_count).toBe((before?.post_count ?? 0) - 1);
  });

  it('moderation: lock stops replies and edits (40990), move carries the counts to the other board', async () => {
    const [from, to] = [boards[0]?.id as number, boards[1]?.id as number];
    const thread = await newThread(alice, 'Lock me', 'Body', from);
    await post('/forum/add_post', { thread_id: thread, body: 'One reply' }, bob);
    expect((await post('/forum/moderate_thread', { id: thread, action: 'lock' }, alice)).statusCode).toBe(403);
    await post('/forum/moderate_thread', { id: thread, action: 'lock' }, admin);
    const refused = await post('/forum/add_post', { thread_id: thread, body: 'Too late' }, bob, 'tc');
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 40990, message: '此主題已被鎖定' });
    expect((await details(thread, bob)).can_reply).toBe(false);
    expect((await post('/forum/add_post', { thread_id: thread, body: 'Moderator note' }, admin)).statusCode).toBe(200);

    const [a0, b0] = [await boardById(from), await boardById(to)];
    const noBoard = await post('/forum/moderate_thread', { id: thread, action: 'move' }, admin);
    expect(body(noBoard)).toMatchObject({ code: 40001, data: { field: 'board_id' } });
    await post('/forum/moderate_thread', { id: thread, action: 'move', board_id: to }, admin);
    const [a1, b1] = [await boardById(from), await boardById(to)];
    expect(a1?.thread_count).toBe((a0?.thread_count ?? 0) - 1);
    expect(a1?.post_count).toBe((a0?.post_count ?? 0) - 3);
    expect(b1?.thread_count).toBe((b0?.thread_count ?? 0) + 1);
    expect(b1?.post_count).toBe((b0?.post_count ?? 0) + 3);
    expect((await details(thread)).thread.board_id).toBe(to);
    // Each moderator action is in the audit log, with who did it and what changed.
    const log = body<{ list: { action: string; actor: { id: number }; target: { id: string }; after: { action: string } }[] }>(
      await get(`/logs_list?action=forum.moderate&target_type=forum_thread&target_id=${thread}`, admin),
    ).data.list;
    expect(log.map((e) => e.after.action).sort()).toEqual(['lock', 'move']);
    expect(log.every((e) => e.actor.id === admin.id)).toBe(true);
  });

  it('parallel replies keep exact counts', async () => {
    const thread = await newThread(alice, 'Busy thread', 'Go');
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => shopper(t, { forum_name: `p${i}x` })));
    const board = (await details(thread)).thread.board_id;
    const before = await boardById(board);
    const replies = await Promise.all(
      people.map((p, i) => post('/forum/add_post', { thread_id: thread, body: `Reply ${i}` }, p)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(people.map(() => 200));
    const d = await details(thread, alice, 1);
    expect(d.thread.reply_count).toBe(12);
    expect(d.posts.total).toBe(13);
    expect((await boardById(board))?.post_count).toBe((before?.post_count ?? 0) + 12);
  });
});

describe('project discussions', () => {
  it('one thread per project, also when many open it at once; unseen projects are not found', async () => {
    const creator = await shopper(t, { forum_name: 'maker' });
    const project = await makeProject(t, creator.id, { name: 'Harbour 360 tour' });
    const ids = await Promise.all(
      [alice, bob, creator, alice].map(
        async (who) => body<{ id: number }>(await post('/forum/project_thread', { project_id: project.id }, who)).data.id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const d = await details(ids[0] as number);
    expect(d.thread).toMatchObject({ title: 'Harbour 360 tour', project_id: project.id });
    expect(d.board.names.en).toBe('Projects');
    expect(d.posts.list[0]?.body).toContain(`#/product_details?id=${project.id}`);
    const hidden = await makeProject(t, creator.id, { status: 'pending' });
    expect((await post('/forum/project_thread', { project_id: hidden.id }, alice)).statusCode).toBe(404);
  });
});

describe('flood control', () => {
  it('one post per interval per account, with Retry-After and a translated message', async () => {
    const slow = await createTestApp({ FORUM_POST_INTERVAL_SECONDS: '30' });
    try {
      const who = await shopper(slow, { forum_name: 'speedy' });
      const board = body<ForumBoard[]>(await slow.app.inject({ url: '/api/forum/board_list' })).data[0]?.id;
      const send = (title: string) =>
        slow.app.inject({
          method: 'POST',
          url: '/api/forum/add_thread',
          payload: { board_id: board, title, body: 'x' },
          headers: { ...who.headers, 'accept-language': 'zh' },
        });
      const [a, b] = await Promise.all([send('one'), send('two')]);
      const codes = [a, b].map((r) => body(r).code).sort();
      expect(codes).toEqual([200, 42990]);
      const refused = [a, b].find((r) => body(r).code === 42990);
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(refused as { json(): unknown }).message).toMatch(/^发帖太快了，请 \d+ 秒后再试$/);
    } finally {
      await slow.close();
    }
  });
});
