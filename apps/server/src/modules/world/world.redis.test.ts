import crypto from 'node:crypto';
import {
  type MetaWorldCard,
  readStates,
  type WorldChatMessage,
  type WorldEntry,
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldStatesEvent,
} from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { redisAnswers, TEST_REDIS_URL } from '../../../test/redis';
import { ask, makeModelScene, makeSceneProject, next, socketKit, urlOf } from '../../../test/world';
import { buildApp } from '../../app';

/**
 * Two server processes on one database and one Redis (two apps in this test process, each with its own HTTP and
 * Socket.IO server and its own Redis connections): people on different processes are in one room, see each other
 * join, move and chat, and the instance counts come from the database, not from one process's memory.
 */
const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('two processes on one Redis', () => {
  let t: TestApp;
  let appB: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let author: Shopper;
  let alice: Shopper;
  let bob: Shopper;
  let entry: WorldEntry;
  const kit = socketKit();

  beforeAll(async () => {
    const run = crypto.randomBytes(4).toString('hex');
    t = await createTestApp({ REDIS_URL: TEST_REDIS_URL, WORLD_NODE_ID: `a-${run}` });
    appB = await buildApp(
      { ...t.config, world: { ...t.config.world, nodeId: `b-${run}` } },
      { database: t.database, logger: false },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    urlA = urlOf(t.app);
    urlB = urlOf(appB);
    [author, alice, bob] = await Promise.all([
      shopper(t, { roles: ['creator'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
    ]);
    const project = await makeSceneProject(t, author.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/explore/add_world',
      headers: author.headers,
      payload: { name: 'Shared hall', project_id: project.id, capacity: 3 },
    });
    entry = body<WorldEntry>(res).data;
  });
  afterAll(async () => {
    kit.closeAll();
    await appB?.close();
    await t?.close();
  });

  it('people on different processes see each other join, move and chat; counts span processes', async () => {
    const a = await kit.connect(urlA, alice.token);
    const b = await kit.connect(urlB, bob.token);
    const ja = (await ask<WorldJoinReply>(a, WorldEvent.join, { entry_id: entry.id })) as { ok: true; data: WorldJoinReply };
    expect(ja.ok).toBe(true);
    const joinedSeen = next<WorldMember>(a, WorldEvent.memberJoined);
    const jb = (await ask<WorldJoinReply>(b, WorldEvent.join, { entry_id: entry.id })) as { ok: true; data: WorldJoinReply };
    expect(jb.data.instance).toBe(ja.data.instance);
    expect(jb.data.members.map((m) => m.member_id)).toContain(ja.data.member_id);
    expect((await joinedSeen).member_id).toBe(jb.data.member_id);

    // Movement on process B reaches the socket on process A (and the other way round).
    const seenOnA = next<WorldStatesEvent>(a, WorldEvent.states, (e) => e.m.includes(jb.data.member_id));
    const seenOnB = next<WorldStatesEvent>(b, WorldEvent.states, (e) => e.m.includes(ja.data.member_id));
    const moving = setInterval(() => {
      b.emit(WorldEvent.move, { x: 2, y: 0, z: 3, yaw: 1, pitch: 0 });
      a.emit(WorldEvent.move, { x: -1, y: 0, z: 0, yaw: 0, pitch: 0 });
    }, 50);
    try {
      const onA = readStates(await seenOnA).find((s) => s.member_id === jb.data.member_id);
      expect(onA?.state).toMatchObject({ x: 2, z: 3, yaw: 1 });
      const onB = readStates(await seenOnB).find((s) => s.member_id === ja.data.member_id);
      expect(onB?.state).toMatchObject({ x: -1 });
    } finally {
      clearInterval(moving);
    }

    // Chat from A reaches B.
    const heard = next<WorldChatMessage>(b, WorldEvent.chatMessage);
    await ask(a, WorldEvent.chat, { text: 'hello from A' });
    expect((await heard).text).toBe('hello from A');

    // Online totals are the database's, whichever process answers.
    const card = async (app: FastifyInstance) =>
      body<{ list: MetaWorldCard[] }>(await app.inject({ url: '/api/meta/world_list?limit=100' })).data.list.find(
        (c) => c.id === entry.id,
      );
    expect((await card(t.app))?.online_users).toBe(2);
    expect((await card(appB))?.online_users).toBe(2);

    // A kick decided on process A removes the socket held by process B.
    const removed = next(b, WorldEvent.removed);
    const hostSocket = await kit.connect(urlA, author.token);
    await ask(hostSocket, WorldEvent.join, { entry_id: entry.id });
    expect(await ask(hostSocket, WorldEvent.host, { action: 'kick', member_id: jb.data.member_id })).toMatchObject({ ok: true });
    await removed;
    const leftOnA = await card(t.app);
    expect(leftOnA?.online_users).toBe(2);
  });
  it('a host on one process reaches another instance on the other process: host list, voice signals, leaving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/explore/add_world',
      headers: author.headers,
      payload: { name: 'Two instances', project_id: entry.project_id, capacity: 2 },
    });
    const small = body<WorldEntry>(res).data;
    const h = await kit.connect(urlA, author.token);
    const a = await kit.connect(urlA, alice.token);
    const b = await kit.connect(urlB, bob.token);
    const join = async (s: typeof a) =>
      ((await ask<WorldJoinReply>(s, WorldEvent.join, { entry_id: small.id })) as { ok: true; data: WorldJoinReply }).data;
    const jh = await join(h);
    await join(a);
    const jb = await join(b);
    expect([jh.instance, jb.instance]).toEqual([1, 2]);
    expect(jb.hosts.map((m) => [m.member_id, m.instance])).toEqual([[jh.member_id, 1]]);
    // Bob (process B, instance 2) offers to the host (process A, instance 1); the host answers.
    const offer = next<{ from: number; data: unknown }>(h, WorldEvent.voiceSignalFrom);
    await ask(b, WorldEvent.voiceSignal, { to: jh.member_id, data: { kind: 'offer', sdp: 'v=0' } });
    expect(await offer).toEqual({ from: jb.member_id, data: { kind: 'offer', sdp: 'v=0' } });
    const answer = next<{ from: number; data: unknown }>(b, WorldEvent.voiceSignalFrom);
    await ask(h, WorldEvent.voiceSignal, { to: jb.member_id, data: { kind: 'answer', sdp: 'v=0' } });
    expect(await answer).toEqual({ from: jh.member_id, data: { kind: 'answer', sdp: 'v=0' } });
    // The host leaves: Bob, on the other process and instance, hears it.
    const hosts = next<{ hosts: WorldMember[] }>(b, WorldEvent.hosts, (x) => x.hosts.length === 0);
    const left = next<{ member_id: number }>(b, WorldEvent.memberLeft, (x) => x.member_id === jh.member_id);
    h.disconnect();
    await Promise.all([hosts, left]);
  });

  it('wrong room-password guesses count into one budget per address and room across both processes', async () => {
    const project = await makeModelScene(t, author.id);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/explore/add_world',
      headers: author.headers,
      payload: { name: 'Locked hall', project_id: project.projectId, access: 'password', password: 'open sesame' },
    });
    const locked = body<WorldEntry>(made).data;
    // Left over from an earlier run on this Redis (same address and a reused id), the budget would not start full.
    const redis = new Redis(TEST_REDIS_URL);
    await redis.del(`xr:world:pw:127.0.0.1|${locked.id}`);
    redis.disconnect();

    const onA = await kit.connect(urlA, alice.token);
    for (let i = 0; i < 10; i++) {
      expect(await ask(onA, WorldEvent.join, { entry_id: locked.id, password: `a${i}` })).toMatchObject({ code: 40070 });
    }
    for (let i = 0; i < 10; i++) {
      const r = await appB.inject({
        method: 'POST',
        url: '/api/meta/world_scene',
        headers: alice.headers,
        payload: { entry_id: locked.id, password: `b${i}` },
      });
      expect(body(r).code).toBe(40070);
    }
    const onB = await kit.connect(urlB, alice.token);
    expect(await ask(onB, WorldEvent.join, { entry_id: locked.id, password: 'open sesame' })).toMatchObject({ code: 429 });
    const viaA = await t.app.inject({
      method: 'POST',
      url: '/api/meta/world_scene',
      headers: alice.headers,
      payload: { entry_id: locked.id, password: 'b21' },
    });
    expect(viaA.statusCode).toBe(429);
  });
});
