import { ErrorCode } from '@xr/contract/errors';
import {
  readStates,
  type WorldChatMessage,
  type WorldEntry,
  WorldEvent,
  type WorldJoinReply,
  type WorldMember,
  type WorldStatesEvent,
} from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import {
  type LocalPostgres,
  type LocalRedis,
  localServersAvailable,
  startLocalPostgres,
  startLocalRedis,
} from '../../../test/services';
import { ask, collect, makeSceneProject, socketKit, urlOf } from '../../../test/world';
import { buildApp } from '../../app';
import type { Database } from '../../db/database';
import { postgresDatabase } from '../../db/postgres';

/**
 * Redis restarted while a room is in use by people on two server processes (on a PostgreSQL and a Redis of this
 * test's own, so restarting Redis disturbs no other test): within 5 s of Redis being back they see each other move and
 * chat again on the sockets they already hold, and every chat message and every arrival acknowledged during the
 * outage reaches the people on the other process.
 */
const available = localServersAvailable({ postgres: true, redis: true });
const RECOVERY_MS = 5000;

type Joined = { ok: true; data: WorldJoinReply };

describe.skipIf(!available)('Redis restarted under a room used on two processes', () => {
  let pgServer: LocalPostgres;
  let redis: LocalRedis;
  let t: TestApp;
  let appB: FastifyInstance;
  let dbB: Database;
  let alice: Shopper;
  let bob: Shopper;
  let carol: Shopper;
  let dave: Shopper;
  let entry: WorldEntry;
  const kit = socketKit();

  beforeAll(async () => {
    [pgServer, redis] = await Promise.all([startLocalPostgres(), startLocalRedis()]);
    t = await createTestApp(
      {
        DATABASE_URL: pgServer.url,
        REDIS_URL: redis.url,
        WORLD_NODE_ID: 'a',
        AUTH_RATE_LIMIT: '100000',
        API_RATE_LIMIT: '1000000',
      },
      { database: postgresDatabase(pgServer.url, 10) },
    );
    const appA = t.app;
    dbB = postgresDatabase(pgServer.url, 10);
    appB = await buildApp({ ...t.config, world: { ...t.config.world, nodeId: 'b' } }, { database: dbB, logger: false });
    await appA.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    let author: Shopper;
    [author, alice, bob, carol, dave] = await Promise.all([
      shopper(t, { roles: ['creator'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
    ]);
    const project = await makeSceneProject(t, author.id);
    const res = await appA.inject({
      method: 'POST',
      url: '/api/explore/add_world',
      headers: author.headers,
      payload: { name: 'Restart hall', project_id: project.id, capacity: 10 },
    });
    entry = body<WorldEntry>(res).data;
  });
  afterAll(async () => {
    kit.closeAll();
    await appB?.close();
    await dbB?.close();
    await t?.close();
    await Promise.all([pgServer?.destroy(), redis?.destroy()]);
  });

  /** Records `s`'s states messages; answers whether it has seen `memberId` at x = `x` since `since`. */
  function watchMoves(s: Socket) {
    const seen: { at: number; id: number; x: number }[] = [];
    s.on(WorldEvent.states, (e: WorldStatesEvent) => {
      for (const st of readStates(e)) seen.push({ at: Date.now(), id: st.member_id, x: st.state.x });
    });
    return (memberId: number, x: number, since: number) => seen.some((m) => m.at >= since && m.id === memberId && m.x === x);
  }

  it('people see each other move and chat within 5 s of Redis being back; nothing acknowledged is lost', {
    timeout: 60_000,
  }, async () => {
    const urlA = urlOf(t.app);
    const urlB = urlOf(appB);
    const a = await kit.connect(urlA, alice.token);
    const b = await kit.connect(urlB, bob.token);
    const ja = (await ask<WorldJoinReply>(a, WorldEvent.join, { entry_id: entry.id })) as Joined;
    const jb = (await ask<WorldJoinReply>(b, WorldEvent.join, { entry_id: entry.id })) as Joined;
    expect(jb.data.instance).toBe(ja.data.instance);
    const aliceId = ja.data.member_id;
    const bobId = jb.data.member_id;
    const movesOnA = watchMoves(a);
    const movesOnB = watchMoves(b);
    const chatOnA = collect<WorldChatMessage>(a, WorldEvent.chatMessage);
    const chatOnB = collect<WorldChatMessage>(b, WorldEvent.chatMessage);
    const joinedOnA = collect<WorldMember>(a, WorldEvent.memberJoined);
    const leftOnA = collect<{ member_id: number }>(a, WorldEvent.memberLeft);
    // Dave is in the room on process B before the outage and leaves during it.
    const d = await kit.connect(urlB, dave.token);
    const jd = (await ask<WorldJoinReply>(d, WorldEvent.join, { entry_id: entry.id })) as Joined;
    expect(jd.data.instance).toBe(ja.data.instance);

    // Both keep moving all along, as people in a room do; `pos` changes what they send.
    const pos = { a: 1, b: 2 };
    const moving = setInterval(() => {
      a.emit(WorldEvent.move, { x: pos.a, y: 0, z: 0, yaw: 0, pitch: 0 });
      b.emit(WorldEvent.move, { x: pos.b, y: 0, z: 0, yaw: 0, pitch: 0 });
    }, 50);
    const acked: { from: 'a' | 'b' | 'c'; id: number; text: string }[] = [];
    const say = async (s: Socket, from: 'a' | 'b' | 'c', text: string) => {
      const r = await ask<WorldChatMessage>(s, WorldEvent.chat, { text }).catch(() => null);
      if (r?.ok) acked.push({ from, id: r.data.id, text });
    };
    const waitFor = async (what: string, ok: () => boolean, ms = RECOVERY_MS) => {
      const end = Date.now() + ms;
      while (!ok()) {
        if (Date.now() > end) throw new Error(`${what} not within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      // Before: movement and chat cross the processes.
      let since = Date.now();
      await waitFor('movement before the restart', () => movesOnA(bobId, 2, since) && movesOnB(aliceId, 1, since));
      await say(a, 'a', 'before from A');
      await say(b, 'b', 'before from B');

      // Redis goes away; people keep talking, and Carol arrives on process B.
      await redis.stop();
      pos.a = 3;
      pos.b = 4;
      await say(b, 'b', 'during from B');
      await say(a, 'a', 'during from A');
      const c = await kit.connect(urlB, carol.token);
      const jc = (await ask<WorldJoinReply>(c, WorldEvent.join, { entry_id: entry.id })) as Joined;
      expect(jc.ok).toBe(true);
      const carolId = jc.data.member_id;
      await say(c, 'c', 'during from C');
      expect(await ask(d, WorldEvent.leave, {})).toMatchObject({ ok: true });
      // The HTTP API meanwhile: the global rate limit lets requests through; what needs Redis (the sign-in attempt
      // counters) answers a clear 503, never an internal error.
      expect((await appB.inject({ url: '/api/meta/world_list?limit=10' })).statusCode).toBe(200);
      const signIn = () =>
        appB.inject({ method: 'POST', url: '/api/login', payload: { username: dave.email, password: dave.password } });
      const asked = Date.now();
      const duringOutage = await signIn();
      // At once, not after ioredis's reconnection attempts.
      expect(Date.now() - asked).toBeLessThan(3000);
      expect([200, 503]).toContain(duringOutage.statusCode);
      if (duringOutage.statusCode === 503) expect(body(duringOutage).code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      await new Promise((r) => setTimeout(r, 1000));

      await redis.start();
      const back = Date.now();
      pos.a = 5;
      pos.b = 6;
      since = back;
      await waitFor('movement after the restart', () => movesOnA(bobId, 6, since) && movesOnB(aliceId, 5, since));
      const heard = (list: WorldChatMessage[], from: ('a' | 'b' | 'c')[]) => () =>
        acked.filter((m) => from.includes(m.from)).every((m) => list.some((x) => x.id === m.id));
      await waitFor(
        'Carol seen on process A',
        () => joinedOnA.some((m) => m.member_id === carolId),
        back + RECOVERY_MS - Date.now(),
      );
      await waitFor(
        'Dave gone on process A',
        () => leftOnA.some((m) => m.member_id === jd.data.member_id),
        back + RECOVERY_MS - Date.now(),
      );
      await waitFor('every acknowledged message on A', heard(chatOnA, ['b', 'c']), back + RECOVERY_MS - Date.now());
      await waitFor('every acknowledged message on B', heard(chatOnB, ['a']), back + RECOVERY_MS - Date.now());

      // Chat after the restart arrives like before.
      await say(b, 'b', 'after from B');
      await waitFor('chat after the restart', heard(chatOnA, ['b']), 2000);
      // Sign-in's counters use the server's command connection, which reconnects on its own schedule (ioredis waits up
      // to 2 s between attempts, longer than the sockets' pub/sub connections may): it is back within the same window.
      let signedIn = 0;
      while (signedIn !== 200 && Date.now() < back + RECOVERY_MS) {
        signedIn = (await signIn()).statusCode;
        if (signedIn !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(signedIn, `sign-in within ${RECOVERY_MS} ms of Redis being back`).toBe(200);
      // The same sockets all along: nobody reconnected.
      expect([a.connected, b.connected, c.connected]).toEqual([true, true, true]);
      expect(acked.map((m) => m.text)).toEqual([
        'before from A',
        'before from B',
        'during from B',
        'during from A',
        'during from C',
        'after from B',
      ]);
    } finally {
      clearInterval(moving);
    }
  });
});
