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
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldRemovedEvent,
  type WorldStatesEvent,
} from '@xr/contract/world';
import { describe, expect, it } from 'vitest';
import { ask, collect, makeSceneProject, next } from '../../../test/world';
import {
  addWorld,
  alice,
  author,
  bob,
  call,
  carol,
  connect,
  enter,
  get,
  post,
  projectId,
  seat,
  t,
  useWorldApp,
} from './world.test-kit';

// Inside a room: members, movement, chat, host actions, instances, rate limits, host moves and host media.
useWorldApp();

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
    const {
      sockets: [a, b, c],
      joins: [ja, jb, jc],
    } = await seat(e.id, alice, bob, carol);
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
    const {
      sockets: [h, a, b],
      joins: [jh, ja, jb],
    } = await seat(e.id, author, alice, bob);
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
    const {
      sockets: [h, a, b],
      joins: [jh, ja, jb],
    } = await seat(e.id, author, alice, bob);
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

describe('host "move"', () => {
  it('a host moves a member to a point (3D) or a scene (tour); others may not; the moved one alone hears it', async () => {
    const tour = await makeSceneProject(t, author.id, { kind: 'tour' });
    const e = await addWorld({ name: 'Tour room', project_id: tour.id });
    const {
      sockets: [h, a, b],
      joins: [, ja, jb],
    } = await seat(e.id, author, alice, bob);
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
