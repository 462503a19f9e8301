import { ErrorCode } from '@xr/contract/errors';
import { RealtimeEvent } from '@xr/contract/realtime';
import {
  type ChatRecord,
  type HandQueueEvent,
  type MetaWorldCard,
  type OnlineUserRow,
  type PresentState,
  readStates,
  type WorldChatMessage,
  type WorldEntry,
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldRemovedEvent,
  type WorldStatesEvent,
} from '@xr/contract/world';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, type Shopper, shopper } from '../../../test/commerce';
import { ask, collect, makeModelScene, makeSceneProject, next, socketKit, urlOf } from '../../../test/world';
import { createChatService } from './chat.service';
import { createPresenceService } from './presence.service';
import { worldVisits } from './world.table';

let t: TestApp;
let app: FastifyInstance;
let url: string;
let admin: Shopper;
let author: Shopper;
let alice: Shopper;
let bob: Shopper;
let carol: Shopper;
let projectId: number;
const kit = socketKit();

beforeAll(async () => {
  t = await createTestApp({ WORLD_NODE_ID: 'world-test' });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = urlOf(app);
  [admin, author, alice, bob, carol] = await Promise.all([
    shopper(t, { roles: ['admin'] }),
    shopper(t, { roles: ['creator'] }),
    shopper(t, { roles: ['user'] }),
    shopper(t, { roles: ['user'] }),
    shopper(t, { roles: ['user'] }),
  ]);
  projectId = (await makeSceneProject(t, author.id)).id;
});
afterAll(async () => {
  kit.closeAll();
  await t?.close();
});

const call = async (method: 'GET' | 'POST', path: string, who?: Shopper, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${path}`,
    payload: method === 'POST' ? ((payload ?? {}) as object) : undefined,
    headers: { ...(who?.headers ?? {}), 'accept-language': 'en' },
  });
const get = async <T>(path: string, who?: Shopper) => body<T>(await call('GET', path, who));
const post = async <T>(path: string, who: Shopper | undefined, payload: unknown) =>
  body<T>(await call('POST', path, who, payload));

async function addWorld(over: Record<string, unknown> = {}, who: Shopper = author): Promise<WorldEntry> {
  const r = await post<WorldEntry>('/explore/add_world', who, { name: 'Hall', project_id: projectId, ...over });
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data;
}
async function enter(s: Socket, payload: Record<string, unknown>): Promise<WorldJoinReply> {
  const r = await ask<WorldJoinReply>(s, WorldEvent.join, payload);
  if (!r.ok) throw new Error(`join refused: ${r.code} ${r.message}`);
  return r.data;
}
const connect = (who?: Shopper) => kit.connect(url, who?.token);

describe('entries (admin /explore/list and /meta)', () => {
  it('needs the permission; validates the weight both ways; bounds ids', async () => {
    expect((await call('GET', '/explore/world_page')).statusCode).toBe(401);
    expect((await call('GET', '/explore/world_page', alice)).statusCode).toBe(403);
    const heavy = await call('POST', '/explore/add_world', author, { name: 'X', project_id: projectId, weight: 1000 });
    expect(heavy.statusCode).toBe(400);
    expect(body(heavy).message).toBe('Weight must be a whole number from 0 to 999');
    expect((await call('POST', '/explore/add_world', author, { name: 'X', project_id: 2 ** 31 })).statusCode).toBe(400);
    expect((await call('GET', `/meta/world_details?id=${2 ** 31}`)).statusCode).toBe(400);
    expect((await call('POST', '/explore/add_world', author, { name: 'a\u0000b', project_id: projectId })).statusCode).toBe(400);
  });

  it('refuses a project the author may not use (someone else’s unpublished, or no scene)', async () => {
    const other = await makeSceneProject(t, alice.id, { published: false });
    const r = await post('/explore/add_world', author, { name: 'X', project_id: other.id });
    expect(r.code).toBe(ErrorCode.WORLD_PROJECT_UNUSABLE);
    const plain = await makeProject(t, author.id);
    expect((await post('/explore/add_world', author, { name: 'X', project_id: plain.id })).code).toBe(
      ErrorCode.WORLD_PROJECT_UNUSABLE,
    );
    // Someone else's published scene is fine.
    const published = await makeSceneProject(t, alice.id);
    expect((await post('/explore/add_world', author, { name: 'Y', project_id: published.id })).code).toBe(200);
  });

  it('lists, edits, hides secrets publicly and deletes; creators manage only their own', async () => {
    const e = await addWorld({ name: 'Gallery', weight: 900, access: 'password', password: 'secret1', room_type: 'exhibition' });
    expect(e).toMatchObject({
      author_id: author.id,
      author_name: expect.any(String),
      account: author.email,
      weight: 900,
      online_users: 0,
      views: 0,
      average_online_time: 0,
      room_id: `world:${e.id}`,
      has_password: true,
      scene_kind: 'scene',
      capacity: 50,
    });
    expect(e.invite_token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const page = await get<{ list: WorldEntry[]; total: number }>('/explore/world_page?keyword=Gallery', author);
    expect(page.data.list.map((x) => x.id)).toContain(e.id);
    // Another creator does not see or edit it; an admin does.
    const other = await shopper(t, { roles: ['creator'] });
    expect((await get<{ list: WorldEntry[] }>('/explore/world_page', other)).data.list).toHaveLength(0);
    expect((await post('/explore/up_world', other, { id: e.id, weight: 1 })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get<{ list: WorldEntry[] }>('/explore/world_page?keyword=Gallery', admin)).data.list.length).toBeGreaterThan(0);
    const up = await post<WorldEntry>('/explore/up_world', author, {
      id: e.id,
      weight: 999,
      name: 'Gallery 2',
      new_invite: true,
    });
    expect(up.data).toMatchObject({ weight: 999, name: 'Gallery 2' });
    expect(up.data.invite_token).not.toBe(e.invite_token);
    // /meta: weight first, no password or invite data.
    const meta = await get<{ list: MetaWorldCard[] }>('/meta/world_list');
    expect(meta.data.list[0]?.id).toBe(e.id);
    expect(JSON.stringify(meta.data)).not.toContain('invite_token');
    expect(JSON.stringify(meta.data)).not.toMatch(/has_password|password_hash|secret1/);
    const details = await get<{ project_id: number; scene_kind: string; is_host: boolean }>(
      `/meta/world_details?id=${e.id}`,
      author,
    );
    expect(details.data).toMatchObject({ project_id: projectId, scene_kind: 'scene', is_host: true });
    expect((await post('/explore/del_world', other, { id: e.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/explore/del_world', author, { id: e.id })).code).toBe(200);
    expect((await call('GET', `/meta/world_details?id=${e.id}`)).statusCode).toBe(404);
  });

  it('switching to password access needs a password', async () => {
    const e = await addWorld();
    const r = await call('POST', '/explore/up_world', author, { id: e.id, access: 'password' });
    expect(r.statusCode).toBe(400);
    expect(body(r).message).toBe('Set a room password');
  });
});

describe('rooms', () => {
  it('access modes: public lets guests in; signed-in, invite and password rooms check', async () => {
    const pub = await addWorld({ access: 'public' });
    const guest = await connect();
    const joined = await enter(guest, { entry_id: pub.id, guest_id: 'guest-123456', guest_name: 'Visitor' });
    expect(joined.me).toMatchObject({ user_id: null, guest_id: 'guest-123456', name: 'Visitor', role: 'visitor' });
    expect(joined.entry).toMatchObject({ id: pub.id, project_id: projectId, scene_kind: 'scene' });

    const signed = await addWorld({ access: 'signed_in' });
    const r1 = await ask(guest, WorldEvent.join, { entry_id: signed.id });
    expect(r1).toMatchObject({ ok: false, code: ErrorCode.WORLD_SIGN_IN_REQUIRED, message: 'Sign in to enter this room' });

    const invite = await addWorld({ access: 'invite' });
    const a = await connect(alice);
    expect(await ask(a, WorldEvent.join, { entry_id: invite.id, invite: 'wrong-token-1234567890' })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_INVITE_INVALID,
    });
    expect((await enter(a, { entry_id: invite.id, invite: invite.invite_token })).me.role).toBe('visitor');

    const locked = await addWorld({ access: 'password', password: 'open sesame' });
    expect(await ask(a, WorldEvent.join, { entry_id: locked.id, password: 'nope' })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_PASSWORD_WRONG,
    });
    expect((await enter(a, { entry_id: locked.id, password: 'open sesame' })).entry.id).toBe(locked.id);
    // The author needs neither.
    const h = await connect(author);
    expect((await enter(h, { entry_id: locked.id })).me.role).toBe('host');
    // Hostile payloads are refused with a translated message.
    expect(await ask(a, WorldEvent.join, { entry_id: 2 ** 31 })).toMatchObject({ ok: false, code: ErrorCode.VALIDATION });
    expect(await ask(a, WorldEvent.join, 'x')).toMatchObject({ ok: false, code: ErrorCode.VALIDATION });
    expect(await ask(a, WorldEvent.join, { entry_id: 999_999 })).toMatchObject({ ok: false, code: ErrorCode.NOT_FOUND });
  });

  it('events before joining are refused', async () => {
    const s = await connect(alice);
    expect(await ask(s, WorldEvent.chat, { text: 'hi' })).toMatchObject({ ok: false, code: ErrorCode.WORLD_NOT_IN_ROOM });
    const refused = next<{ code: number }>(s, RealtimeEvent.refused);
    s.emit(WorldEvent.move, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 });
    expect((await refused).code).toBe(ErrorCode.WORLD_NOT_IN_ROOM);
  });

  it('members see each other join, move (batched states) and leave', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const b = await connect(bob);
    const ja = await enter(a, { entry_id: e.id });
    const joinedSeen = next<WorldMember>(a, WorldEvent.memberJoined);
    const jb = await enter(b, { entry_id: e.id });
    expect((await joinedSeen).member_id).toBe(jb.member_id);
    expect(jb.members.map((m) => m.member_id).sort()).toEqual([ja.member_id, jb.member_id].sort());
    expect(jb.tick_ms).toBe(50);
    // no WEBRTC_ICE_SERVERS in the test configuration: direct connections only
    expect(jb.ice_servers).toEqual([]);

    const seen = next<WorldStatesEvent>(b, WorldEvent.states, (ev) => ev.m.includes(ja.member_id));
    a.emit(WorldEvent.move, { x: 1.23456, y: 0, z: -2, yaw: 0.5, pitch: 0.1, anim: 'walk' });
    const states = readStates(await seen);
    expect(states.find((x) => x.member_id === ja.member_id)?.state).toEqual({
      x: 1.235,
      y: 0,
      z: -2,
      yaw: 0.5,
      pitch: 0.1,
      anim: 'walk',
      scene: null,
    });
    // Invalid movement is refused.
    const refused = next<{ code: number }>(a, RealtimeEvent.refused);
    a.emit(WorldEvent.move, { x: 1e9, y: 0, z: 0, yaw: 0, pitch: 0 });
    expect((await refused).code).toBe(ErrorCode.VALIDATION);

    const left = next<{ member_id: number }>(b, WorldEvent.memberLeft);
    a.disconnect();
    expect((await left).member_id).toBe(ja.member_id);
  });

  it('far members come every 4th tick, near ones every tick', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const b = await connect(bob);
    const c = await connect(carol);
    const ja = await enter(a, { entry_id: e.id });
    const jb = await enter(b, { entry_id: e.id });
    const jc = await enter(c, { entry_id: e.id });
    a.emit(WorldEvent.move, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 });
    c.emit(WorldEvent.move, { x: 500, y: 0, z: 0, yaw: 0, pitch: 0 });
    await new Promise((r) => setTimeout(r, 150));
    const got = collect<WorldStatesEvent>(a, WorldEvent.states);
    // b near a, c far: both move every 50 ms for 1.2 s.
    for (let i = 0; i < 24; i++) {
      b.emit(WorldEvent.move, { x: 1, y: 0, z: i / 100, yaw: 0, pitch: 0 });
      c.emit(WorldEvent.move, { x: 500, y: 0, z: i / 100, yaw: 0, pitch: 0 });
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 100));
    const nearCount = got.filter((g) => g.m.includes(jb.member_id)).length;
    const farCount = got.filter((g) => g.m.includes(jc.member_id)).length;
    expect(nearCount).toBeGreaterThanOrEqual(12);
    expect(farCount).toBeGreaterThan(0);
    expect(farCount).toBeLessThanOrEqual(Math.ceil(nearCount / 2));
    // Members of one cell share one encoded message, which may hold their own state too (clients skip their own id).
    expect(ja.member_id).not.toBe(jb.member_id);
  });

  it('chat: persisted, broadcast, bounded, rate-limited; statistics count messages', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const b = await connect(bob);
    await enter(a, { entry_id: e.id });
    await enter(b, { entry_id: e.id });
    const heard = next<WorldChatMessage>(b, WorldEvent.chatMessage);
    const sent = await ask<WorldChatMessage>(a, WorldEvent.chat, { text: '  hello world ' });
    expect(sent).toMatchObject({ ok: true, data: { text: 'hello world', user_id: alice.id } });
    expect((await heard).text).toBe('hello world');
    expect(await ask(a, WorldEvent.chat, { text: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      code: ErrorCode.VALIDATION,
      message: 'A message has at most 500 characters',
    });
    expect(await ask(a, WorldEvent.chat, { text: 'bad\u0007' })).toMatchObject({ ok: false, code: ErrorCode.VALIDATION });
    const burst = await Promise.all([1, 2, 3].map((i) => ask(a, WorldEvent.chat, { text: `m${i}` })));
    expect(burst.filter((r) => !r.ok).map((r) => (r.ok ? 0 : r.code))).toContain(ErrorCode.WORLD_CHAT_TOO_FAST);
    const okCount = 1 + burst.filter((r) => r.ok).length;
    // A later joiner receives the recent chat.
    const c = await connect(carol);
    const jc = await enter(c, { entry_id: e.id });
    expect(jc.chat.map((m) => m.text)).toContain('hello world');
    // Chat records and the online list (messages per person).
    const records = await get<{ list: ChatRecord[]; total: number }>(
      `/explore/chat_record_page?entry_id=${e.id}&keyword=hello`,
      author,
    );
    expect(records.data.list).toHaveLength(1);
    expect(records.data.list[0]).toMatchObject({ entry_name: 'Hall', user_id: alice.id, text: 'hello world' });
    const online = await get<{ list: OnlineUserRow[] }>(`/explore/online_page?entry_id=${e.id}`, author);
    expect(online.data.list.find((r) => r.user_id === alice.id)).toMatchObject({ messages: okCount, online: true });
    // Export and delete.
    const csv = await call('GET', `/explore/chat_record_export?entry_id=${e.id}`, author);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('hello world');
    expect((await call('GET', `/explore/chat_record_export?entry_id=${e.id}`, alice)).statusCode).toBe(403);
    const del = await post<{ deleted: number }>('/explore/del_chat_record', author, { ids: [records.data.list[0]?.id] });
    expect(del.data.deleted).toBe(1);
    expect((await get<{ total: number }>(`/explore/chat_record_page?entry_id=${e.id}&keyword=hello`, author)).data.total).toBe(0);
  });

  it('host actions: only hosts; mute, role, kick, ban (persists), lock', async () => {
    const e = await addWorld({ room_type: 'classroom' });
    const h = await connect(author);
    const a = await connect(alice);
    const b = await connect(bob);
    const jh = await enter(h, { entry_id: e.id });
    const ja = await enter(a, { entry_id: e.id });
    const jb = await enter(b, { entry_id: e.id });
    expect(jh.me).toMatchObject({ role: 'host', muted: false });
    // Classroom: visitors join muted.
    expect(ja.me).toMatchObject({ role: 'visitor', muted: true });
    expect(await ask(a, WorldEvent.host, { action: 'kick', member_id: jb.member_id })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_NOT_HOST,
    });
    // Promote to speaker: unmuted; the role is kept for the next visit.
    const updated = next<WorldMember>(b, WorldEvent.memberUpdated, (m) => m.member_id === ja.member_id);
    expect(await ask(h, WorldEvent.host, { action: 'role', member_id: ja.member_id, role: 'speaker' })).toMatchObject({
      ok: true,
    });
    expect(await updated).toMatchObject({ role: 'speaker', muted: false });
    expect(await ask(h, WorldEvent.host, { action: 'mute', member_id: ja.member_id })).toMatchObject({ ok: true });
    // Raise hand queue, visible to hosts.
    const queue = next<HandQueueEvent>(h, WorldEvent.handQueue);
    expect(await ask(b, WorldEvent.handRaise, {})).toMatchObject({ ok: true });
    expect((await queue).hands.map((x) => x.member_id)).toEqual([jb.member_id]);
    expect(await ask(a, WorldEvent.handLower, { member_id: jb.member_id })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_NOT_HOST,
    });
    expect(await ask(h, WorldEvent.handLower, { member_id: jb.member_id })).toMatchObject({ ok: true, data: { hands: [] } });
    // Kick: removed, may come back.
    const removed = next<WorldRemovedEvent>(b, WorldEvent.removed);
    const leftSeen = next<{ member_id: number }>(a, WorldEvent.memberLeft, (x) => x.member_id === jb.member_id);
    expect(await ask(h, WorldEvent.host, { action: 'kick', member_id: jb.member_id })).toMatchObject({ ok: true });
    expect((await removed).reason).toBe('kick');
    await leftSeen;
    expect(await ask(b, WorldEvent.chat, { text: 'still here?' })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_NOT_IN_ROOM,
    });
    const jb2 = await enter(b, { entry_id: e.id });
    // Ban: removed and refused afterwards.
    const banned = next<WorldRemovedEvent>(b, WorldEvent.removed);
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jb2.member_id })).toMatchObject({ ok: true });
    expect((await banned).reason).toBe('ban');
    expect(await ask(b, WorldEvent.join, { entry_id: e.id })).toMatchObject({ ok: false, code: ErrorCode.WORLD_BANNED });
    // Lock: only hosts enter.
    const lockSeen = next<{ locked: boolean }>(a, WorldEvent.locked);
    expect(await ask(h, WorldEvent.host, { action: 'lock' })).toMatchObject({ ok: true });
    expect((await lockSeen).locked).toBe(true);
    const c = await connect(carol);
    expect(await ask(c, WorldEvent.join, { entry_id: e.id })).toMatchObject({ ok: false, code: ErrorCode.WORLD_LOCKED });
    await ask(h, WorldEvent.host, { action: 'unlock' });
    await enter(c, { entry_id: e.id });
    // Move a member.
    const moved = next<{ x: number }>(c, WorldEvent.moved);
    const jcMember = (await ask<WorldJoinReply>(c, WorldEvent.join, { entry_id: e.id })) as { ok: true; data: WorldJoinReply };
    expect(await ask(h, WorldEvent.host, { action: 'move', member_id: jcMember.data.member_id, x: 3, y: 0, z: 4 })).toMatchObject(
      {
        ok: true,
      },
    );
    expect((await moved).x).toBe(3);
    // The speaker role persisted for alice's next visit.
    a.disconnect();
    const a2 = await connect(alice);
    expect((await enter(a2, { entry_id: e.id })).me.role).toBe('speaker');
  });

  it('a full instance overflows into a new one; the /meta card totals; host state reaches every instance', async () => {
    const e = await addWorld({ capacity: 2, room_type: 'meeting' });
    const h = await connect(author);
    const a = await connect(alice);
    const b = await connect(bob);
    const jh = await enter(h, { entry_id: e.id });
    const ja = await enter(a, { entry_id: e.id });
    const jb = await enter(b, { entry_id: e.id });
    expect([jh.instance, ja.instance, jb.instance]).toEqual([1, 1, 2]);
    expect(jb.room).toBe(`world:${e.id}:2`);
    expect(jb.members.map((m) => m.member_id)).toEqual([jb.member_id]);
    const meta = await get<{ list: MetaWorldCard[] }>('/meta/world_list?limit=100');
    expect(meta.data.list.find((c) => c.id === e.id)?.online_users).toBe(3);
    // Presenter and follow from the host reach instance 2; visitors may not present.
    expect(await ask(a, WorldEvent.presentStart, { kind: 'slides', urls: ['/a.png'] })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_NOT_HOST,
    });
    const pres = next<PresentState | null>(b, WorldEvent.presentState, (p) => p?.page === 1);
    await ask(h, WorldEvent.presentStart, { kind: 'slides', urls: ['/a.png', '/b.png'], page: 0 });
    await ask(h, WorldEvent.presentPage, { page: 1 });
    expect(await pres).toMatchObject({ presenter_member_id: jh.member_id, urls: ['/a.png', '/b.png'], page: 1 });
    const follow = next<{ scene_id: string } | null>(b, WorldEvent.followState, (f) => !!f);
    await ask(h, WorldEvent.followHost, { scene_id: 'hall', yaw: 1, pitch: 0 });
    expect(await follow).toMatchObject({ scene_id: 'hall', host_member_id: jh.member_id });
    // A late joiner gets the host state; when the presenter leaves, it ends.
    const c = await connect(carol);
    const jc = await enter(c, { entry_id: e.id });
    expect(jc.host.presenter?.page).toBe(1);
    expect(jc.host.follow?.scene_id).toBe('hall');
    const ended = next<PresentState | null>(b, WorldEvent.presentState, (p) => p === null);
    h.disconnect();
    await ended;
    // Voice signalling reaches one member across instances; oversized data is refused.
    const signal = next<{ from: number; data: unknown }>(a, WorldEvent.voiceSignalFrom);
    expect(await ask(b, WorldEvent.voiceSignal, { to: ja.member_id, data: { type: 'offer', sdp: 'v=0' } })).toMatchObject({
      ok: true,
    });
    expect(await signal).toEqual({ from: jb.member_id, data: { type: 'offer', sdp: 'v=0' } });
    expect(await ask(b, WorldEvent.voiceSignal, { to: ja.member_id, data: 'x'.repeat(13_000) })).toMatchObject({ ok: false });
    expect(await ask(b, WorldEvent.voiceSignal, { to: 999_999, data: {} })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_MEMBER_GONE,
    });
    const emote = next<{ member_id: number; emote: string }>(a, WorldEvent.emoteShown);
    await ask(a, WorldEvent.emote, { emote: 'wave' });
    expect(await emote).toEqual({ member_id: ja.member_id, emote: 'wave' });
    const self = next<WorldMember>(a, WorldEvent.memberUpdated, (m) => m.member_id === ja.member_id);
    await ask(a, WorldEvent.voiceState, { self_muted: true });
    expect((await self).self_muted).toBe(true);
  });

  it('per-kind rate limits: movement at 20 Hz passes, beyond 25/s is refused', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    await enter(a, { entry_id: e.id });
    const refusals = collect<{ code: number }>(a, RealtimeEvent.refused);
    for (let i = 0; i < 20; i++) a.emit(WorldEvent.move, { x: i, y: 0, z: 0, yaw: 0, pitch: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(refusals).toHaveLength(0);
    // A fresh window, then a burst of 40 in one go: beyond 25 the rest is refused.
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 40; i++) a.emit(WorldEvent.move, { x: i, y: 0, z: 0, yaw: 0, pitch: 0 });
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals.some((r) => r.code === ErrorCode.RATE_LIMITED)).toBe(true);
  });
});

describe('room passwords: one guessing budget per address and room, whichever way in', () => {
  const sceneOf = (payload: Record<string, unknown>) => call('POST', '/meta/world_scene', alice, payload);
  const budget = 20;

  it('fresh sockets do not reset it: the 21st wrong guess is refused with 429, the right password too until it refills', async () => {
    const e = await addWorld({ access: 'password', password: 'open sesame' });
    let socket = await connect(alice);
    for (let i = 1; i <= budget; i++) {
      // A new connection every 5 guesses (per-socket limits would start again from zero).
      if (i % 5 === 0) socket = await connect(alice);
      expect(await ask(socket, WorldEvent.join, { entry_id: e.id, password: `guess${i}` })).toMatchObject({
        ok: false,
        code: ErrorCode.WORLD_PASSWORD_WRONG,
      });
    }
    const fresh = await connect(alice);
    expect(await ask(fresh, WorldEvent.join, { entry_id: e.id, password: 'guess21' })).toMatchObject({
      ok: false,
      code: ErrorCode.RATE_LIMITED,
    });
    expect(await ask(fresh, WorldEvent.join, { entry_id: e.id, password: 'open sesame' })).toMatchObject({
      ok: false,
      code: ErrorCode.RATE_LIMITED,
    });
    // The HTTP scene call draws on the same budget (429 with a retry time).
    const http = await sceneOf({ entry_id: e.id, password: 'open sesame' });
    expect(http.statusCode).toBe(429);
    expect(Number(http.headers['retry-after'])).toBeGreaterThan(0);
    // Another room has its own budget.
    const other = await addWorld({ access: 'password', password: 'other door' });
    expect((await enter(fresh, { entry_id: other.id, password: 'other door' })).entry.id).toBe(other.id);
  });

  it('HTTP and socket guesses share one budget; right passwords do not use it up', async () => {
    const { projectId: withScene } = await makeModelScene(t, author.id);
    const e = await addWorld({ access: 'password', password: 'open sesame', project_id: withScene });
    const s = await connect(alice);
    // Right passwords, many times over: never limited.
    for (let i = 0; i < budget + 5; i++)
      expect((await sceneOf({ entry_id: e.id, password: 'open sesame' })).statusCode).toBe(200);
    for (let i = 0; i < budget / 2; i++) {
      expect(body(await sceneOf({ entry_id: e.id, password: `http${i}` })).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    }
    for (let i = 0; i < budget / 2; i++) {
      expect(await ask(s, WorldEvent.join, { entry_id: e.id, password: `sock${i}` })).toMatchObject({
        code: ErrorCode.WORLD_PASSWORD_WRONG,
      });
    }
    expect(body(await sceneOf({ entry_id: e.id, password: 'http-last' })).code).toBe(ErrorCode.RATE_LIMITED);
    expect(await ask(s, WorldEvent.join, { entry_id: e.id, password: 'sock-last' })).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
    });
    // The room's host needs no password and is never limited.
    expect((await enter(await connect(author), { entry_id: e.id })).entry.id).toBe(e.id);
  });

  it('a parallel burst is held to the budget (each attempt is counted before the password is checked)', async () => {
    const e = await addWorld({ access: 'password', password: 'open sesame' });
    const sockets = await Promise.all(Array.from({ length: 6 }, () => connect(alice)));
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ask<unknown>(sockets[i % sockets.length] as Socket, WorldEvent.join, { entry_id: e.id, password: `burst${i}` }, 20_000),
      ),
    );
    const codes = replies.map((r) => (r.ok ? 200 : r.code));
    expect(codes.filter((c) => c === ErrorCode.WORLD_PASSWORD_WRONG)).toHaveLength(budget);
    expect(codes.filter((c) => c === ErrorCode.RATE_LIMITED)).toHaveLength(60 - budget);
  });
});

describe('guest names', () => {
  it('a guest cannot take a registered account’s user name or forum name, however it is spelled; other names pass', async () => {
    const e = await addWorld({ access: 'public' });
    const staff = await shopper(t, { roles: ['admin'], username: `demo_admin_${Date.now() % 100000}` });
    const guest = await connect();
    // Case, surrounding spaces and full-width letters (NFKC) make no difference.
    const fullWidth = [...staff.username.toUpperCase()]
      .map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join('');
    for (const name of [staff.username, `  ${staff.username.toUpperCase()} `, fullWidth, staff.forum_name.toUpperCase()]) {
      expect(await ask(guest, WorldEvent.join, { entry_id: e.id, guest_id: 'guest-abcdefgh', guest_name: name })).toEqual({
        ok: false,
        code: ErrorCode.WORLD_GUEST_NAME_TAKEN,
        message: 'This name belongs to a registered account: choose another guest name, or sign in',
      });
    }
    const joined = await enter(guest, { entry_id: e.id, guest_id: 'guest-abcdefgh', guest_name: ' Harbour fan ' });
    const me = joined.members.find((m) => m.member_id === joined.member_id);
    expect(me).toMatchObject({ name: 'Harbour fan', user_id: null, guest_id: 'guest-abcdefgh' });
    // The account itself, signed in, is of course known by its name.
    const signedIn = await enter(await connect(staff), { entry_id: e.id, guest_name: 'ignored' });
    expect(signedIn.members.find((m) => m.member_id === signedIn.member_id)).toMatchObject({
      name: staff.username,
      user_id: staff.id,
    });
  });
});

describe('presence statistics', () => {
  it('closes visits on disconnect and counts views, online time and averages', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const ja = await enter(a, { entry_id: e.id });
    // Pretend the visit started 100 s ago.
    await t.database.db
      .update(worldVisits)
      .set({ joinedAt: new Date(Date.now() - 100_000) })
      .where(eq(worldVisits.id, ja.member_id));
    const online = await get<{ list: OnlineUserRow[] }>(`/explore/online_page?entry_id=${e.id}&online=true`, author);
    expect(online.data.list[0]?.total_online_time).toBeGreaterThanOrEqual(100);
    a.disconnect();
    await expect
      .poll(async () => (await t.database.db.select().from(worldVisits).where(eq(worldVisits.id, ja.member_id)))[0]?.leftAt)
      .toBeTruthy();
    const b = await connect(alice);
    const jb = await enter(b, { entry_id: e.id });
    await t.database.db
      .update(worldVisits)
      .set({ joinedAt: new Date(Date.now() - 50_000) })
      .where(eq(worldVisits.id, jb.member_id));
    await ask(b, WorldEvent.leave, {});
    const entry = (await get<{ list: WorldEntry[] }>(`/explore/world_page?keyword=Hall&limit=100`, author)).data.list.find(
      (x) => x.id === e.id,
    );
    expect(entry).toMatchObject({ views: 2, online_users: 0 });
    expect(entry?.average_online_time).toBeGreaterThanOrEqual(75);
    expect(entry?.average_online_time).toBeLessThanOrEqual(77);
    const rows = await get<{ list: OnlineUserRow[] }>(`/explore/online_page?entry_id=${e.id}`, author);
    const row = rows.data.list.find((r) => r.user_id === alice.id);
    expect(row?.total_online_time).toBeGreaterThanOrEqual(150);
    expect(row?.total_online_time).toBeLessThanOrEqual(152);
    expect(row?.online).toBe(false);
    expect(new Date(row?.first_login ?? 0).getTime()).toBeLessThan(new Date(row?.last_login ?? 0).getTime());
    // Date filter: nobody logged in tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await get<{ total: number }>(`/explore/online_page?entry_id=${e.id}&date_from=${tomorrow}`, author)).data.total).toBe(
      0,
    );
    expect((await call('GET', '/explore/online_page?date_from=2026-13-45', author)).statusCode).toBe(400);
  });

  it('an admin kicks from the online list', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    await enter(a, { entry_id: e.id });
    const removed = next<WorldRemovedEvent>(a, WorldEvent.removed);
    expect((await post<{ kicked: number }>('/explore/kick', author, { entry_id: e.id, user_id: alice.id })).data.kicked).toBe(1);
    expect((await removed).reason).toBe('admin_kick');
    expect((await call('POST', '/explore/kick', alice, { entry_id: e.id, user_id: alice.id })).statusCode).toBe(403);
  });

  it('a restarted process closes the visits it held; a silent process is swept by the others', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const ja = await enter(a, { entry_id: e.id });
    const unused = async (): Promise<never> => {
      throw new Error('unused');
    };
    const deps = {
      db: t.database.db,
      entries: { admit: unused, detailsOf: unused },
      chat: createChatService({ db: t.database.db }),
      users: { contacts: async () => new Map() },
      lookFor: async () => new Map(),
    };
    // Same node id as the running app: as after a restart.
    const restarted = createPresenceService(deps);
    const stop = await restarted.startNode('world-test', { beatMs: 60_000 });
    const [v] = await t.database.db.select().from(worldVisits).where(eq(worldVisits.id, ja.member_id));
    expect(v?.leftAt).not.toBeNull();
    expect(v?.seconds).toBeGreaterThanOrEqual(0);
    await stop();
    // A visit of a process that stopped beating is closed by another process's sweep.
    await t.database.db.insert(worldVisits).values({
      entryId: e.id,
      instance: 1,
      userId: bob.id,
      name: 'ghost',
      nodeId: 'crashed-node',
      socketId: 'gone',
    });
    const other = createPresenceService(deps);
    const stopOther = await other.startNode('other-node', { beatMs: 50, staleMs: 1000 });
    await expect
      .poll(async () => {
        const open = await t.database.db.select().from(worldVisits).where(eq(worldVisits.nodeId, 'crashed-node'));
        return open.every((x) => x.leftAt !== null);
      })
      .toBe(true);
    await stopOther();
  });
});

describe('admin chat delete reaches rooms; audited world actions', () => {
  interface AuditRow {
    action: string;
    actor: { id: number | null; name: string };
    target: { type: string; id: string; label: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }
  const auditOf = async (action: string, targetType: string, targetId: number) =>
    (
      await get<{ list: AuditRow[] }>(
        `/logs_list?action=${action}&target_type=${targetType}&target_id=${targetId}&limit=50`,
        admin,
      )
    ).data.list;

  it('deleting records on /explore/chat-record-list pushes world:chat_removed to the open room, audited', async () => {
    const e = await addWorld({ name: 'Chatroom' });
    const a = await connect(alice);
    const b = await connect(bob);
    await enter(a, { entry_id: e.id });
    await enter(b, { entry_id: e.id });
    const m1 = await ask<WorldChatMessage>(a, WorldEvent.chat, { text: 'first' });
    await new Promise((r) => setTimeout(r, 1100));
    const m2 = await ask<WorldChatMessage>(a, WorldEvent.chat, { text: 'second' });
    if (!m1.ok || !m2.ok) throw new Error('chat refused');
    const removedSeen = next<{ ids: number[] }>(b, WorldEvent.chatRemoved);
    // Another creator cannot delete this room's messages (nothing goes, nothing is pushed).
    const stranger = await shopper(t, { roles: ['creator'] });
    expect((await post<{ deleted: number }>('/explore/del_chat_record', stranger, { ids: [m1.data.id] })).data.deleted).toBe(0);
    const del = await post<{ deleted: number }>('/explore/del_chat_record', author, { ids: [m1.data.id, m2.data.id] });
    expect(del.data.deleted).toBe(2);
    expect((await removedSeen).ids.sort()).toEqual([m1.data.id, m2.data.id].sort());
    // One audit entry per message, with what it said.
    const entries = await auditOf('world.chat_delete', 'world_chat', m1.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: author.id },
      target: { type: 'world_chat', id: String(m1.data.id), label: 'Chatroom' },
      before: { entry_id: e.id, text: 'first', name: expect.any(String) },
    });
    // Deleting again: nothing deleted, no second entry.
    expect((await post<{ deleted: number }>('/explore/del_chat_record', author, { ids: [m1.data.id] })).data.deleted).toBe(0);
    expect(await auditOf('world.chat_delete', 'world_chat', m1.data.id)).toHaveLength(1);
  });

  it('add, edit and delete of entries, admin kick and persisted host actions write audit entries', async () => {
    const e = await addWorld({ name: 'Audited', access: 'password', password: 'secret1' });
    const added = await auditOf('world.entry_add', 'world_entry', e.id);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actor: { id: author.id }, after: { name: 'Audited', access: 'password', weight: 0 } });
    expect(JSON.stringify(added[0])).not.toContain('secret1');
    await post('/explore/up_world', author, { id: e.id, weight: 7, password: 'secret2', new_invite: true });
    const [edited] = await auditOf('world.entry_update', 'world_entry', e.id);
    expect(edited).toMatchObject({
      before: { weight: 0 },
      after: { weight: 7, credential_changed: true, invite_renewed: true },
    });
    expect(JSON.stringify(edited)).not.toContain('secret2');
    await post('/explore/up_world', author, { id: e.id, access: 'public' });

    // In-room host actions that persist: role, ban, lock / unlock (by the host's account).
    const h = await connect(author);
    const a = await connect(alice);
    const b = await connect(bob);
    await enter(h, { entry_id: e.id });
    const ja = await enter(a, { entry_id: e.id });
    const jb = await enter(b, { entry_id: e.id });
    expect(await ask(h, WorldEvent.host, { action: 'role', member_id: ja.member_id, role: 'speaker' })).toMatchObject({
      ok: true,
    });
    const roles = (await auditOf('world.member_role', 'user', alice.id)).filter((x) => x.after?.entry_id === e.id);
    expect(roles[0]).toMatchObject({ actor: { id: author.id }, before: { role: 'visitor' }, after: { role: 'speaker' } });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jb.member_id })).toMatchObject({ ok: true });
    const bans = (await auditOf('world.member_ban', 'user', bob.id)).filter((x) => x.after?.entry_id === e.id);
    expect(bans).toHaveLength(1);
    expect(await ask(h, WorldEvent.host, { action: 'lock' })).toMatchObject({ ok: true });
    expect(await ask(h, WorldEvent.host, { action: 'unlock' })).toMatchObject({ ok: true });
    expect(await auditOf('world.room_lock', 'world_entry', e.id)).toMatchObject([
      { before: { locked: false }, after: { locked: true } },
    ]);
    expect(await auditOf('world.room_unlock', 'world_entry', e.id)).toHaveLength(1);
    // A refused host action (not a host) writes nothing.
    expect(await ask(a, WorldEvent.host, { action: 'lock' })).toMatchObject({ ok: false });
    expect(await auditOf('world.room_lock', 'world_entry', e.id)).toHaveLength(1);

    // Admin kick from /explore/onlinelist.
    const removed = next<WorldRemovedEvent>(a, WorldEvent.removed);
    expect((await post<{ kicked: number }>('/explore/kick', admin, { entry_id: e.id, user_id: alice.id })).data.kicked).toBe(1);
    await removed;
    const kicks = (await auditOf('world.member_kick', 'user', alice.id)).filter((x) => x.after?.entry_id === e.id);
    expect(kicks).toMatchObject([{ actor: { id: admin.id }, after: { closed_visits: 1 } }]);

    // Delete.
    await post('/explore/del_world', author, { id: e.id });
    expect(await auditOf('world.entry_delete', 'world_entry', e.id)).toMatchObject([
      { before: { name: 'Audited' }, after: { closed_visits: expect.any(Number) } },
    ]);
  });
});

describe('a room’s scene on a paid or unpublished project (POST /meta/world_scene)', () => {
  interface RoomScene {
    id: number;
    kind: string;
    access: string;
    document: { objects: unknown[] };
    media: Record<string, { urls: Record<string, string> }>;
  }
  const sceneOf = (who: Shopper | undefined, payload: Record<string, unknown>) => call('POST', '/meta/world_scene', who, payload);

  it('a visitor who has not bought the paid project gets the scene of a public room, viewer-quality signed URLs only', async () => {
    const { projectId: paid, assetId } = await makeModelScene(t, author.id, { price: 50 });
    // The market refuses her the project's scene (not bought, no anonymous preview)…
    expect((await call('GET', `/project/scene_details?id=${paid}`, alice)).statusCode).toBe(403);
    const e = await addWorld({ name: 'Paid hall', project_id: paid });
    // …the room shows it to her, and to a guest.
    for (const who of [alice, undefined]) {
      const r = await sceneOf(who, { entry_id: e.id });
      expect(r.statusCode, r.body).toBe(200);
      const scene = body<RoomScene>(r).data;
      expect(scene).toMatchObject({ id: paid, kind: 'scene', access: 'preview' });
      expect(scene.document.objects).toHaveLength(1);
      const urls = scene.media[String(assetId)]?.urls ?? {};
      // What the viewer draws (the processed model, its coarse version and its pictures), signed; never the uploaded original.
      expect(Object.keys(urls).sort()).toEqual(['model', 'model_coarse', 'preview', 'thumbnail']);
      expect(urls.model).toMatch(/statue-model\.glb.*(exp|expires|sig|X-Amz)/i);
      expect(urls.model_coarse).toMatch(/statue-model_coarse\.glb.*(exp|expires|sig|X-Amz)/i);
      expect(JSON.stringify(scene)).not.toContain('statue-original');
    }
  });

  it('password, sign-in, invite and ban rules apply; unknown and hostile ids are refused', async () => {
    const { projectId } = await makeModelScene(t, author.id, { price: 20 });
    const locked = await addWorld({ name: 'Secret', project_id: projectId, access: 'password', password: 'open123' });
    const stranger = await sceneOf(bob, { entry_id: locked.id });
    expect(body(stranger).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    expect(JSON.stringify(body(stranger))).not.toContain('document');
    expect(body(await sceneOf(bob, { entry_id: locked.id, password: 'wrong12' })).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    expect((await sceneOf(bob, { entry_id: locked.id, password: 'open123' })).statusCode).toBe(200);
    // The room's author needs no password.
    expect((await sceneOf(author, { entry_id: locked.id })).statusCode).toBe(200);
    const members = await addWorld({ name: 'Members', project_id: projectId, access: 'signed_in' });
    expect(body(await sceneOf(undefined, { entry_id: members.id })).code).toBe(ErrorCode.WORLD_SIGN_IN_REQUIRED);
    expect((await sceneOf(carol, { entry_id: members.id })).statusCode).toBe(200);
    const invited = await addWorld({ name: 'Invited', project_id: projectId, access: 'invite' });
    expect(body(await sceneOf(carol, { entry_id: invited.id, invite: 'nope' })).code).toBe(ErrorCode.WORLD_INVITE_INVALID);
    expect((await sceneOf(carol, { entry_id: invited.id, invite: invited.invite_token })).statusCode).toBe(200);
    // Banned from the room: no scene either.
    const pub = await addWorld({ name: 'Ban hall', project_id: projectId });
    const h = await connect(author);
    const c = await connect(carol);
    await enter(h, { entry_id: pub.id });
    const jc = await enter(c, { entry_id: pub.id });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jc.member_id })).toMatchObject({ ok: true });
    expect(body(await sceneOf(carol, { entry_id: pub.id })).code).toBe(ErrorCode.WORLD_BANNED);
    expect(body(await sceneOf(carol, { entry_id: 2 ** 30 })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await sceneOf(carol, { entry_id: 2 ** 31 })).statusCode).toBe(400);
    expect((await sceneOf(carol, { entry_id: pub.id, password: 'a\u0000b'.repeat(100) })).statusCode).toBe(400);
  });

  it('a room on the author’s unpublished project shows its draft to the room’s visitors', async () => {
    const { projectId } = await makeModelScene(t, author.id, { published: false });
    expect((await call('GET', `/project/scene_details?id=${projectId}`, alice)).statusCode).toBe(404);
    const e = await addWorld({ name: 'Preview room', project_id: projectId });
    const r = await sceneOf(alice, { entry_id: e.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<RoomScene>(r).data).toMatchObject({ id: projectId, kind: 'scene' });
  });
});

describe('host "move"', () => {
  it('a host moves a member to a point (3D) or a scene (tour); others may not; the moved one alone hears it', async () => {
    const tour = await makeSceneProject(t, author.id, { kind: 'tour' });
    const e = await addWorld({ name: 'Tour room', project_id: tour.id });
    const h = await connect(author);
    const a = await connect(alice);
    const b = await connect(bob);
    await enter(h, { entry_id: e.id });
    const ja = await enter(a, { entry_id: e.id });
    const jb = await enter(b, { entry_id: e.id });
    const bobMoves = collect(b, WorldEvent.moved);
    expect(
      await ask(b, WorldEvent.host, { action: 'move', member_id: ja.member_id, x: 0, y: 0, z: 0, scene: 'yard' }),
    ).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_NOT_HOST,
    });
    const moved = next<{ scene: string | null; x: number }>(a, WorldEvent.moved);
    expect(
      await ask(h, WorldEvent.host, { action: 'move', member_id: ja.member_id, x: 0, y: 0, z: 0, scene: 'yard' }),
    ).toMatchObject({
      ok: true,
    });
    expect(await moved).toEqual({ x: 0, y: 0, z: 0, scene: 'yard' });
    const toPoint = next<{ scene: string | null; x: number; z: number }>(a, WorldEvent.moved);
    expect(await ask(h, WorldEvent.host, { action: 'move', member_id: ja.member_id, x: 2.5, y: 0, z: -1 })).toMatchObject({
      ok: true,
    });
    expect(await toPoint).toEqual({ x: 2.5, y: 0, z: -1, scene: null });
    // Hostile values are refused with a message, and a member who left cannot be moved.
    expect(await ask(h, WorldEvent.host, { action: 'move', member_id: ja.member_id, x: 1e12, y: 0, z: 0 })).toMatchObject({
      ok: false,
      code: ErrorCode.VALIDATION,
    });
    b.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    expect(await ask(h, WorldEvent.host, { action: 'move', member_id: jb.member_id, x: 0, y: 0, z: 0 })).toMatchObject({
      ok: false,
      code: ErrorCode.WORLD_MEMBER_GONE,
    });
    expect(bobMoves).toHaveLength(0);
  });
});

describe('lifting a ban (/explore/ban_page, /explore/unban)', () => {
  it('lists an entry’s bans for its managers; an unban lets the person in again, once, audited', async () => {
    const e = await addWorld({ name: 'Ban list' });
    const h = await connect(author);
    const c = await connect(carol);
    await enter(h, { entry_id: e.id });
    const jc = await enter(c, { entry_id: e.id });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jc.member_id })).toMatchObject({ ok: true });
    const bans = await get<{ list: { user_id: number; account: string; banned_by: number }[]; total: number }>(
      `/explore/ban_page?entry_id=${e.id}`,
      author,
    );
    expect(bans.data.total).toBe(1);
    expect(bans.data.list[0]).toMatchObject({ user_id: carol.id, account: carol.email, banned_by: author.id });
    // Other creators see nothing of it and cannot lift it; visitors lack the permission.
    const other = await shopper(t, { roles: ['creator'] });
    expect((await get(`/explore/ban_page?entry_id=${e.id}`, other)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/explore/unban', other, { entry_id: e.id, user_id: carol.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call('POST', '/explore/unban', alice, { entry_id: e.id, user_id: carol.id })).statusCode).toBe(403);
    expect((await call('GET', `/explore/ban_page?entry_id=${2 ** 31}`, author)).statusCode).toBe(400);
    // Two admins lift it at once: one succeeds, the other hears it is gone; one audit entry.
    const both = await Promise.all([
      post('/explore/unban', author, { entry_id: e.id, user_id: carol.id }),
      post('/explore/unban', admin, { entry_id: e.id, user_id: carol.id }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, ErrorCode.NOT_FOUND].sort());
    const entries = (
      await get<{ list: { after: Record<string, unknown> | null }[] }>(
        `/logs_list?action=world.member_unban&target_type=user&target_id=${carol.id}`,
        admin,
      )
    ).data.list.filter((x) => x.after?.entry_id === e.id);
    expect(entries).toHaveLength(1);
    expect((await get<{ total: number }>(`/explore/ban_page?entry_id=${e.id}`, author)).data.total).toBe(0);
    await enter(c, { entry_id: e.id });
  });
});

describe('a host’s voice and screen reach every instance', () => {
  it('joiners learn the hosts of every instance; signals cross instances both ways; host changes and leaves reach them', async () => {
    const e = await addWorld({ capacity: 2, room_type: 'meeting' });
    const h = await connect(author);
    const c = await connect(carol);
    const a = await connect(alice);
    const b = await connect(bob);
    const jh = await enter(h, { entry_id: e.id });
    expect(jh.hosts.map((m) => m.member_id)).toEqual([jh.member_id]);
    const jc = await enter(c, { entry_id: e.id });
    const ja = await enter(a, { entry_id: e.id });
    expect([jh.instance, jc.instance, ja.instance]).toEqual([1, 1, 2]);
    // Alice (another instance) knows the host, with the host's instance, but not as a member of her own.
    expect(ja.hosts).toEqual([expect.objectContaining({ member_id: jh.member_id, role: 'host', instance: jh.instance })]);
    expect(ja.members.map((m) => m.member_id)).toEqual([ja.member_id]);
    // The visitor offers (she is the one who knows), the host answers: both relayed across instances.
    const offer = next<{ from: number; data: unknown }>(h, WorldEvent.voiceSignalFrom);
    expect(await ask(a, WorldEvent.voiceSignal, { to: jh.member_id, data: { kind: 'offer', sdp: 'v=0' } })).toMatchObject({
      ok: true,
    });
    expect(await offer).toEqual({ from: ja.member_id, data: { kind: 'offer', sdp: 'v=0' } });
    const answer = next<{ from: number; data: unknown }>(a, WorldEvent.voiceSignalFrom);
    expect(await ask(h, WorldEvent.voiceSignal, { to: ja.member_id, data: { kind: 'answer', sdp: 'v=0' } })).toMatchObject({
      ok: true,
    });
    expect(await answer).toEqual({ from: jh.member_id, data: { kind: 'answer', sdp: 'v=0' } });
    // Bob joins Alice's instance; the host promotes him: every instance hears of the new host.
    const jb = await enter(b, { entry_id: e.id });
    expect(jb.instance).toBe(2);
    const promoted = next<{ hosts: WorldMember[] }>(c, WorldEvent.hosts, (x) => x.hosts.length === 2);
    expect(await ask(h, WorldEvent.host, { action: 'role', member_id: jb.member_id, role: 'host' })).toMatchObject({ ok: true });
    expect((await promoted).hosts.map((m) => m.member_id).sort()).toEqual([jh.member_id, jb.member_id].sort());
    // A host's mute reaches the other instance's host list (their own and another host's doing).
    const selfMuted = next<{ hosts: WorldMember[] }>(a, WorldEvent.hosts, (x) =>
      x.hosts.some((m) => m.member_id === jh.member_id && m.self_muted),
    );
    expect(await ask(h, WorldEvent.voiceState, { self_muted: true })).toMatchObject({ ok: true });
    await selfMuted;
    const mutedByHost = next<{ hosts: WorldMember[] }>(a, WorldEvent.hosts, (x) =>
      x.hosts.some((m) => m.member_id === jb.member_id && m.muted),
    );
    expect(await ask(h, WorldEvent.host, { action: 'mute', member_id: jb.member_id })).toMatchObject({ ok: true });
    await mutedByHost;
    // Alice leaves: the hosts of the other instances hear it (they drop her voice connection).
    const aliceLeft = next<{ member_id: number }>(h, WorldEvent.memberLeft, (x) => x.member_id === ja.member_id);
    const aliceLeftB = next<{ member_id: number }>(b, WorldEvent.memberLeft, (x) => x.member_id === ja.member_id);
    a.disconnect();
    await Promise.all([aliceLeft, aliceLeftB]);
    // The first host leaves: the other instance's host hears it and the host list shrinks.
    const hostGone = next<{ hosts: WorldMember[] }>(b, WorldEvent.hosts, (x) => x.hosts.length === 1);
    const hostLeft = next<{ member_id: number }>(b, WorldEvent.memberLeft, (x) => x.member_id === jh.member_id);
    h.disconnect();
    await hostLeft;
    expect((await hostGone).hosts.map((m) => m.member_id)).toEqual([jb.member_id]);
  });
});
