import type { AddressInfo } from 'node:net';
import { RealtimeEvent, SOCKET_EVENTS_PER_SECOND } from '@xr/contract/realtime';
import type { PushRecord } from '@xr/contract/station';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';

let t: TestApp;
let app: FastifyInstance;
let url: string;
let admin: Shopper;
let org: Shopper;
let member: Shopper;
let outsider: Shopper;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  admin = await shopper(t, { roles: ['admin'] });
  org = await shopper(t, { roles: ['organisation_admin'], account_type: 'organisation' });
  member = await shopper(t, { roles: ['user'], invited_by: org.id });
  outsider = await shopper(t, { roles: ['creator'] });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

const push = (payload: Record<string, unknown>, who?: Shopper, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/message/push_message',
    payload,
    headers: { ...(who?.headers ?? {}), 'accept-language': lang },
  });
const inbox = async (who: Shopper, lang = 'en') =>
  body<{ list: { message: string; read: boolean }[]; unread: number }>(
    await app.inject({ url: '/api/message/my_message_page', headers: { ...who.headers, 'accept-language': lang } }),
  ).data;

function connect(opts: { token?: string; origin?: string } = {}): Socket {
  const s = io(url, {
    path: '/socket.io/',
    auth: opts.token ? { token: opts.token } : {},
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: opts.origin ? { origin: opts.origin } : undefined,
  });
  sockets.push(s);
  return s;
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const refusal = (s: Socket) =>
  new Promise<{ data?: { code?: number } }>((resolve) =>
    s.once('connect_error', (err) => resolve(err as Error & { data?: { code?: number } })),
  );

describe('POST /message/push_message', () => {
  it('401, 403 and 400 with the field at fault', async () => {
    const ok = { kind: 'notice', content: 'Hello', audience: 'all' };
    expect((await push(ok)).statusCode).toBe(401);
    expect((await push(ok, outsider)).statusCode).toBe(403);
    expect(body(await push({ ...ok, audience: 'users' }, admin)).data).toMatchObject({ field: 'user_ids' });
    expect(body(await push({ ...ok, audience: 'role' }, admin)).data).toMatchObject({ field: 'role' });
    expect(body(await push({ ...ok, content: '  ' }, admin)).data).toMatchObject({ field: 'content' });
    expect(body(await push({ ...ok, content: 'x'.repeat(1001) }, admin)).data).toMatchObject({ field: 'content' });
    expect(body(await push({ ...ok, kind: 'spam' }, admin)).data).toMatchObject({ field: 'kind' });
    const none = await push({ ...ok, audience: 'users', user_ids: [999999] }, admin, 'tc');
    expect(body(none)).toMatchObject({ code: 40001, message: '沒有符合條件的收件人', data: { field: 'audience' } });
  });

  it('reaches chosen accounts at once, in each reader language, and is audited', async () => {
    const res = await push(
      { kind: 'maintenance', content: 'Down at 02:00', audience: 'users', user_ids: [member.id, outsider.id] },
      admin,
    );
    expect(body(res).message).toBe('Message sent');
    expect(body<PushRecord>(res).data).toMatchObject({ recipients: 2, delivered: 2, status: 'sent', audience: 'users' });
    expect((await inbox(member, 'zh')).list[0]?.message).toBe('【维护】Down at 02:00');
    expect((await inbox(outsider, 'en')).list[0]).toMatchObject({ message: '[Maintenance] Down at 02:00', read: false });
    const log = body<{ list: { action: string }[] }>(
      await app.inject({ url: '/api/logs_list?action=message.push', headers: admin.headers }),
    ).data.list;
    expect(log.length).toBeGreaterThan(0);
  });

  it('a role reaches its holders; organisation admins reach only their members and may not pick a role', async () => {
    const before = (await inbox(outsider)).list.length;
    await push({ kind: 'event', content: 'Creators meet-up', audience: 'role', role: 'creator' }, admin);
    expect((await inbox(outsider)).list.length).toBe(before + 1);

    expect((await push({ kind: 'event', content: 'x', audience: 'role', role: 'user' }, org)).statusCode).toBe(403);
    const mine = body<PushRecord>(await push({ kind: 'notice', content: 'Team training on Friday', audience: 'all' }, org)).data;
    expect(mine.recipients).toBe(1);
    expect((await inbox(member)).list[0]?.message).toBe('[Notice] Team training on Friday');
    expect((await inbox(outsider)).list.some((m) => m.message.includes('Team training'))).toBe(false);
    // An outsider chosen by id is left out of an organisation admin's push.
    const chosen = await push({ kind: 'notice', content: 'x', audience: 'users', user_ids: [outsider.id] }, org);
    expect(body(chosen).code).toBe(40001);

    const mineOnly = body<{ list: PushRecord[] }>(await app.inject({ url: '/api/message/push_page', headers: org.headers })).data;
    expect(mineOnly.list.map((p) => p.content)).toEqual(['Team training on Friday']);
    const all = body<{ list: PushRecord[]; total: number }>(
      await app.inject({ url: '/api/message/push_page?limit=50', headers: admin.headers }),
    ).data;
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});

describe('realtime channel', () => {
  it('a signed-in socket hears of its new messages; others do not', async () => {
    const mine = connect({ token: member.token });
    const other = connect({ token: outsider.token });
    const anonymous = connect();
    await Promise.all([connected(mine), connected(other), connected(anonymous)]);
    // Notices of the earlier tests' pushes (sent from their transactions) arrive a moment after the commit.
    await new Promise((r) => setTimeout(r, 600));
    const heard: string[] = [];
    other.on(RealtimeEvent.messageNew, () => heard.push('other'));
    anonymous.on(RealtimeEvent.messageNew, () => heard.push('anonymous'));
    const got = new Promise<{ count: number }>((resolve) => mine.once(RealtimeEvent.messageNew, resolve));
    await push({ kind: 'notice', content: 'Live!', audience: 'users', user_ids: [member.id] }, admin);
    expect(await got).toEqual({ count: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual([]);
  });

  it('refuses a bad token with its code and a page from a foreign origin', async () => {
    const bad = connect({ token: 'not-a-real-token' });
    expect((await refusal(bad)).data?.code).toBe(10002);
    const foreign = connect({ origin: 'https://evil.example' });
    await expect(connected(foreign)).rejects.toBeTruthy();
    const same = connect({ origin: url });
    await connected(same);
  });

  it('drops events beyond the per-socket rate with a refusal', async () => {
    const s = connect({ token: member.token });
    await connected(s);
    const refused = new Promise<{ code: number }>((resolve) => s.once(RealtimeEvent.refused, resolve));
    for (let i = 0; i < SOCKET_EVENTS_PER_SECOND + 5; i++) s.emit('noise', i);
    expect((await refused).code).toBe(429);
  });

  it('signing out disconnects the account sockets', async () => {
    const who = await shopper(t);
    const s = connect({ token: who.token });
    await connected(s);
    const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
    await app.inject({ method: 'POST', url: '/api/logout', headers: who.headers });
    expect(await gone).toBe('io server disconnect');
  });
});
