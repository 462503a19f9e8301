import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

let t: TestApp;
let app: FastifyInstance;
let url: string;
let creator: string;
let creatorName: string;
let other: string;
let admin: string;
let lapsed: string;
let buyer: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [c, o, a, l, b] = await Promise.all([
    makeUser(t, { roles: ['creator'] }),
    makeUser(t, { roles: ['creator'] }),
    makeUser(t, { roles: ['admin'] }),
    makeUser(t, { roles: ['creator'], vip_date: null }),
    makeUser(t, { roles: ['user'] }),
  ]);
  creatorName = c.username;
  [creator, other, admin, lapsed, buyer] = await Promise.all([
    login(t, c.email, c.password),
    login(t, o.email, o.password),
    login(t, a.email, a.password),
    login(t, l.email, l.password),
    login(t, b.email, b.password),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown, token?: string | null, lang = 'en') {
  const res = await app.inject({
    method,
    url: `/api${path}`,
    payload: method === 'POST' ? ((body ?? {}) as Record<string, unknown>) : undefined,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as Reply };
}
const get = (path: string, token?: string | null) => call('GET', path, undefined, token);
const post = (path: string, body?: unknown, token?: string | null, lang?: string) => call('POST', path, body, token, lang);

async function addLive(token = creator, over: Record<string, unknown> = {}) {
  const r = await post('/live/add_live', { name: 'Harbour 360', password: '123456', ...over }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number; rtmp_url: string; stream_key: string; publish_url: string };
}

describe('POST /live/add_live', () => {
  it('401 without a token, 403 without the screen, 400 for a bad name or password, 40320 without membership', async () => {
    expect((await post('/live/add_live', { name: 'x', password: '123456' }, null)).status).toBe(401);
    expect((await post('/live/add_live', { name: 'x', password: '123456' }, buyer)).status).toBe(403);
    // The route is time-limited: a lapsed membership is refused by the guard already.
    expect((await post('/live/add_live', { name: 'x', password: '123456' }, lapsed)).status).toBe(403);
    for (const password of ['12345', '1234567', 'abcdef', '12 456', '', 123456]) {
      const r = await post('/live/add_live', { name: 'x', password }, creator);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(40001);
    }
    const noName = await post('/live/add_live', { name: '   ', password: '123456' }, creator);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Please enter the live stream name');
    const digits = await post('/live/add_live', { name: 'x', password: '12a456' }, creator);
    expect(digits.body.message).toBe('The password is 6 digits');
    expect((await post('/live/add_live', { name: 'x'.repeat(51), password: '123456' }, creator)).status).toBe(400);
    expect((await post('/live/add_live', { name: 'x', password: '123456', projection: 'cube' }, creator)).status).toBe(400);
  });

  it('answers the RTMP URL, a stream key shown once and the single publish URL', async () => {
    const made = await addLive(creator, { projection: 'flat', keep_recording: true });
    expect(made.rtmp_url).toMatch(/^rtmp:\/\/[^/]+:\d+\/live$/);
    const [name, query] = made.stream_key.split('?');
    expect(name).toBe(String(made.id));
    expect(query).toMatch(/^key=[A-Za-z0-9_-]{32}$/);
    expect(made.publish_url).toBe(`${made.rtmp_url}/${made.stream_key}`);
    const page = await get('/live/live_page', creator);
    const row = page.body.data.list.find((s: { id: number }) => s.id === made.id);
    expect(row).toMatchObject({
      name: 'Harbour 360',
      password: '123456',
      state: 'idle',
      projection: 'flat',
      keep_recording: true,
      owner_name: creatorName,
      viewers: 0,
    });
    expect(JSON.stringify(page.body)).not.toContain(made.stream_key.split('key=')[1]);
  });

  it('the membership hook refuses a creator whose membership lapsed (40320)', async () => {
    // The guard reuses a resolved session for a few seconds; the hook reads the account itself.
    const u = await makeUser(t, { roles: ['creator'] });
    const token = await login(t, u.email, u.password);
    expect((await get('/live/live_page', token)).status).toBe(200);
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update users set vip_date = now() - interval '1 day' where id = ${u.id}`);
    const r = await post('/live/add_live', { name: 'x', password: '123456' }, token);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(40320);
    expect(r.body.message).toBe('Live streaming needs an active membership: subscribe or renew first');
  });
});

describe('GET /live/live_page', () => {
  it('401 / 403 / 400, own streams for creators, everyone for admins', async () => {
    expect((await get('/live/live_page', null)).status).toBe(401);
    expect((await get('/live/live_page', buyer)).status).toBe(403);
    expect((await get('/live/live_page?limit=0', creator)).status).toBe(400);
    expect((await get('/live/live_page?state=broken', creator)).status).toBe(400);
    const mine = await addLive(creator, { name: 'Mine only' });
    const theirs = await addLive(other, { name: 'Theirs only' });
    const ids = (r: { body: Reply }) => r.body.data.list.map((s: { id: number }) => s.id);
    const own = await get('/live/live_page?limit=100', creator);
    expect(ids(own)).toContain(mine.id);
    expect(ids(own)).not.toContain(theirs.id);
    const all = await get('/live/live_page?limit=100', admin);
    expect(ids(all)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const search = await get('/live/live_page?keyword=Theirs', admin);
    expect(ids(search)).toEqual([theirs.id]);
  });
});

describe('up_live, rotate_key, end_live, del_live', () => {
  it('401 / 403 / 400 / 404 for someone else’s stream', async () => {
    const s = await addLive();
    for (const path of ['/live/up_live', '/live/rotate_key', '/live/end_live', '/live/del_live']) {
      expect((await post(path, { id: s.id }, null)).status).toBe(401);
      expect((await post(path, { id: s.id }, buyer)).status).toBe(403);
      expect((await post(path, { id: 2 ** 31 }, creator)).status).toBe(400);
      expect((await post(path, { id: s.id }, other)).status).toBe(404);
    }
    expect((await post('/live/up_live', { id: s.id, password: '12345' }, creator)).status).toBe(400);
  });

  it('edits, rotates the key, ends for good and deletes', async () => {
    const s = await addLive();
    const up = await post('/live/up_live', { id: s.id, name: 'Renamed', password: '654321', projection: 'flat' }, creator);
    expect(up.body.data).toMatchObject({ name: 'Renamed', password: '654321', projection: 'flat' });
    const rotated = await post('/live/rotate_key', { id: s.id }, creator);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.stream_key).not.toBe(s.stream_key);
    // An admin may act on anyone's stream.
    const ended = await post('/live/end_live', { id: s.id }, admin);
    expect(ended.body.data.state).toBe('ended');
    expect(ended.body.data.ended_at).toBeTruthy();
    expect((await post('/live/end_live', { id: s.id }, creator)).body.data.state).toBe('ended');
    const frozen = await post('/live/up_live', { id: s.id, name: 'Again' }, creator);
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe(40911);
    expect((await post('/live/rotate_key', { id: s.id }, creator)).body.code).toBe(40911);
    expect((await post('/live/del_live', { id: s.id }, creator)).status).toBe(200);
    expect((await get(`/live/live_info?id=${s.id}`)).status).toBe(404);
    expect((await post('/live/del_live', { id: s.id }, creator)).status).toBe(404);
  });

  it('parallel end_live calls all answer ended, once', async () => {
    const s = await addLive();
    const replies = await Promise.all(Array.from({ length: 5 }, () => post('/live/end_live', { id: s.id }, creator)));
    expect(replies.map((r) => r.body.data.state)).toEqual(Array(5).fill('ended'));
    expect(new Set(replies.map((r) => r.body.data.ended_at)).size).toBe(1);
  });
});

describe('GET /live/live_info and POST /live/check_password', () => {
  it('public info without the password; 400 / 404 on bad ids', async () => {
    const s = await addLive(creator, { name: 'Public name' });
    const info = await get(`/live/live_info?id=${s.id}`, null);
    expect(info.status).toBe(200);
    expect(info.body.data).toEqual({
      id: s.id,
      name: 'Public name',
      state: 'idle',
      projection: '360',
      owner_name: creatorName,
      viewers: 0,
      started_at: null,
      ended_at: null,
      keep_recording: false,
      interrupted: false,
    });
    expect(JSON.stringify(info.body)).not.toContain('123456');
    expect((await get('/live/live_info?id=abc', null)).status).toBe(400);
    expect((await get(`/live/live_info?id=${2 ** 31}`, null)).status).toBe(400);
    expect((await get('/live/live_info?id=2147483647', null)).status).toBe(404);
  });

  it('a wrong password is refused with a translated message, a right one gives a signed URL', async () => {
    const s = await addLive();
    const wrong = await post('/live/check_password', { id: s.id, password: '000000' }, null);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(40040);
    expect(wrong.body.message).toBe('Wrong live stream password');
    const zh = await post('/live/check_password', { id: s.id, password: '000000' }, null, 'zh');
    expect(zh.body.message).toBe('直播密码错误');
    expect((await post('/live/check_password', { id: s.id, password: '12345' }, null)).status).toBe(400);
    const right = await post('/live/check_password', { id: s.id, password: '123456' }, null);
    expect(right.status).toBe(200);
    expect(right.body.data.play_url).toMatch(new RegExp(`^/api/live/play/${s.id}\\.flv\\?sig=\\d+\\.[\\w-]+\\.[\\w-]+$`));
    expect(Date.parse(right.body.data.expires_at)).toBeGreaterThan(Date.now());
    // Not on air yet: the signed URL answers 40910; a forged or foreign signature 40321.
    const play = await app.inject({ url: right.body.data.play_url });
    expect(play.statusCode).toBe(409);
    expect(play.json().code).toBe(40910);
    const forged = right.body.data.play_url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await app.inject({ url: forged })).json().code).toBe(40321);
    const s2 = await addLive();
    const foreign = (await app.inject({ url: right.body.data.play_url.replace(`/${s.id}.flv`, `/${s2.id}.flv`) })).json();
    expect(foreign.code).toBe(40321);
    expect((await app.inject({ url: `/api/live/play/0.flv?sig=x` })).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/live/play/99999999999.flv?sig=x` })).statusCode).toBe(400);
  });

  it('password guessing is rate-limited per address and stream', async () => {
    const s = await addLive();
    const replies = [];
    for (let i = 0; i < 21; i++) replies.push(await post('/live/check_password', { id: s.id, password: '999999' }, null));
    expect(replies.slice(0, 20).every((r) => r.status === 400)).toBe(true);
    expect(replies[20]?.status).toBe(429);
    // Another stream is counted apart.
    const s2 = await addLive();
    expect((await post('/live/check_password', { id: s2.id, password: '123456' }, null)).status).toBe(200);
  });

  it('an ended stream gives no ticket', async () => {
    const s = await addLive();
    await post('/live/end_live', { id: s.id }, creator);
    const r = await post('/live/check_password', { id: s.id, password: '123456' }, null);
    expect(r.body.code).toBe(40911);
  });
});

function connect(token?: string): Socket {
  const s = io(url, {
    path: '/socket.io/',
    auth: token ? { token, lang: 'en' } : { lang: 'en' },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  return s;
}
const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, (p: T) => resolve(p)));

describe('live chat (socket)', () => {
  it('join needs the ticket; messages are persisted, broadcast, bounded and rate-limited; viewers are counted', async () => {
    const s = await addLive();
    const ticket = (await post('/live/check_password', { id: s.id, password: '123456' }, null)).body.data.ticket as string;
    const viewer = connect(creator);
    const anonymous = connect();
    await Promise.all([next(viewer, 'connect'), next(anonymous, 'connect')]);

    const refused = next<{ code: number; message: string }>(viewer, 'live:error');
    viewer.emit('live:join', { id: s.id, ticket: `${ticket}x` });
    expect((await refused).code).toBe(40321);

    const history = next<{ messages: unknown[] }>(viewer, 'live:history');
    const count = next<{ viewers: number }>(viewer, 'live:viewers');
    viewer.emit('live:join', { id: s.id, ticket });
    expect((await history).messages).toEqual([]);
    expect((await count).viewers).toBe(1);

    // The anonymous viewer joins with its own ticket and reads; writing needs a sign-in.
    const ticket2 = (await post('/live/check_password', { id: s.id, password: '123456' }, null)).body.data.ticket as string;
    const two = next<{ viewers: number }>(viewer, 'live:viewers');
    anonymous.emit('live:join', { id: s.id, ticket: ticket2 });
    expect((await two).viewers).toBe(2);
    const anonRefused = next<{ code: number; message: string }>(anonymous, 'live:error');
    anonymous.emit('live:send', { id: s.id, text: 'hi' });
    expect(await anonRefused).toEqual({ code: 40322, message: 'Sign in to write in the chat' });

    const got = next<{ text: string; user_name: string }>(anonymous, 'live:message');
    viewer.emit('live:send', { id: s.id, text: '  Hello harbour  ' });
    expect(await got).toMatchObject({ text: 'Hello harbour', user_name: creatorName });

    const tooLong = next<{ code: number }>(viewer, 'live:error');
    viewer.emit('live:send', { id: s.id, text: 'x'.repeat(301) });
    expect((await tooLong).code).toBe(40001);

    // 5 messages per 10 s: four more pass, the sixth is refused.
    for (let i = 0; i < 4; i++) {
      const echo = next(viewer, 'live:message');
      viewer.emit('live:send', { id: s.id, text: `m${i}` });
      await echo;
    }
    const limited = next<{ code: number }>(viewer, 'live:error');
    viewer.emit('live:send', { id: s.id, text: 'one too many' });
    expect((await limited).code).toBe(429);

    // A late joiner gets the history; the count drops when someone leaves.
    const drop = next<{ viewers: number }>(viewer, 'live:viewers');
    anonymous.disconnect();
    expect((await drop).viewers).toBe(1);
    const late = connect(other);
    await next(late, 'connect');
    const lateHistory = next<{ messages: { text: string }[] }>(late, 'live:history');
    late.emit('live:join', { id: s.id, ticket: ticket2 });
    expect((await lateHistory).messages.map((m) => m.text)).toEqual(['Hello harbour', 'm0', 'm1', 'm2', 'm3']);
    expect((await get(`/live/live_info?id=${s.id}`, null)).body.data.viewers).toBe(2);
    const page = await get('/live/live_page?limit=100', creator);
    expect(page.body.data.list.find((x: { id: number }) => x.id === s.id).viewer_peak).toBe(2);
  });
});
