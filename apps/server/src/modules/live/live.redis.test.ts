import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { redisAnswers, TEST_REDIS_URL } from '../../../test/redis';
import { buildApp } from '../../app';
import { ffmpegPath } from '../../lib/ffmpeg';
import { createRedisLiveDirectory } from './live.directory';

/**
 * Two server processes on one database and one Redis (two apps in this test process): process A holds the RTMP
 * ingest, process B has none. A viewer who reaches B gets the stream A ingests (B proxies the play request to A,
 * found through Redis); when the stream ends, A's claim is gone and B answers "not live" again.
 */
const ffmpeg = ffmpegPath();
const hasRedis = await redisAnswers();

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

describe.runIf(ffmpeg && hasRedis)('live streams across two processes on one Redis', () => {
  let t: TestApp;
  let appB: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let token: string;
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const run = crypto.randomBytes(4).toString('hex');
    const rtmpPort = await freePort();
    t = await createTestApp({
      REDIS_URL: TEST_REDIS_URL,
      WORLD_NODE_ID: `live-a-${run}`,
      LIVE_RTMP_PORT: String(rtmpPort),
      LIVE_RTMP_HOST: '127.0.0.1',
      LIVE_RECONNECT_GRACE_SECONDS: '0',
    });
    appB = await buildApp(
      { ...t.config, live: { ...t.config.live, rtmpPort: 0 }, world: { ...t.config.world, nodeId: `live-b-${run}` } },
      { database: t.database, logger: false },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    baseA = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
    const u = await makeUser(t, { roles: ['creator'] });
    token = await login(t, u.email, u.password);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const c of children) c.kill('SIGKILL');
    await appB?.close();
    await t?.close();
  });

  async function api(base: string, method: 'GET' | 'POST', p: string, body?: unknown) {
    const res = await fetch(`${base}/api${p}`, {
      method,
      headers: { ...auth(token), 'content-type': 'application/json', 'accept-language': 'en' },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
    return (await res.json()) as { code: number; data: any };
  }

  async function waitFor(probe: () => Promise<boolean>, ms = 20_000) {
    const until = Date.now() + ms;
    while (!(await probe())) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('a viewer on the process without the ingest plays the stream the other one ingests', async () => {
    const made = (await api(baseA, 'POST', '/live/add_live', { name: 'Across', password: '135790' })).data;
    const ticket = (await api(baseB, 'POST', '/live/check_password', { id: made.id, password: '135790' })).data;
    // Nothing on air yet: B says "not live" (nothing claimed in Redis).
    const early = await fetch(`${baseB}${ticket.play_url}`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: number }).code).toBe(40910);
    // A bad ticket is refused on B before anything is forwarded.
    const forged = await fetch(`${baseB}/api/live/play/${made.id}.flv?sig=${'1'.repeat(10)}.x.y`);
    expect(forged.status).toBe(403);

    const publisher = spawn(
      ffmpeg as string,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x160:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...['-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
        ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', made.publish_url],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(publisher);
    const exited = new Promise((resolve) => publisher.on('exit', resolve));
    await waitFor(async () => (await api(baseB, 'GET', `/live/live_info?id=${made.id}`)).data.state === 'live');

    const res = await fetch(`${baseB}${ticket.play_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/x-flv');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    while (total < 20_000) {
      const { value, done } = await within(reader.read(), 15_000);
      if (done) throw new Error('FLV body ended early');
      chunks.push(value);
      total += value.length;
    }
    const all = Buffer.concat(chunks);
    expect(all.subarray(0, 3).toString('latin1')).toBe('FLV');
    expect(all.indexOf(Buffer.from('onMetaData'))).toBeGreaterThan(0);
    // The viewer is counted by the ingesting process (the proxied connection is theirs).
    expect((await api(baseA, 'GET', `/live/live_info?id=${made.id}`)).data.viewers).toBe(1);

    // Ending the stream on B cuts A's publisher (told over Redis); the body B proxies ends with it.
    expect((await api(baseB, 'POST', '/live/end_live', { id: made.id })).data.state).toBe('ended');
    await within(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
      15_000,
    );
    await within(exited, 15_000);
  }, 90_000);

  it('viewer counts span both processes: chat viewers on A and on B are counted once each, everywhere', async () => {
    const made = (await api(baseA, 'POST', '/live/add_live', { name: 'Counted', password: '246813' })).data;
    const join = async (base: string) => {
      const ticket = (await api(base, 'POST', '/live/check_password', { id: made.id, password: '246813' })).data.ticket;
      const s = io(base, { path: '/socket.io/', auth: { lang: 'en' }, transports: ['websocket'], reconnection: false });
      sockets.push(s);
      const counts: number[] = [];
      s.on('live:viewers', (p: { viewers: number }) => counts.push(p.viewers));
      await new Promise<void>((resolve) => s.once('connect', () => resolve()));
      s.emit('live:join', { id: made.id, ticket });
      return { s, counts };
    };
    const onA = await join(baseA);
    await waitFor(async () => onA.counts.at(-1) === 1);
    const onB = await join(baseB);
    // Each process's viewers hear the total of both.
    await waitFor(async () => onA.counts.at(-1) === 2 && onB.counts.at(-1) === 2);
    for (const base of [baseA, baseB]) {
      expect((await api(base, 'GET', `/live/live_info?id=${made.id}`)).data.viewers).toBe(2);
      const row = (await api(base, 'GET', '/live/live_page')).data.list.find((x: { id: number }) => x.id === made.id);
      expect(row.viewers).toBe(2);
    }
    onB.s.disconnect();
    await waitFor(async () => onA.counts.at(-1) === 1);
    expect((await api(baseB, 'GET', `/live/live_info?id=${made.id}`)).data.viewers).toBe(1);
  });
});

describe.runIf(hasRedis)('the live ingest directory (Redis)', () => {
  it('points other processes at the claimer, never a process at itself; only the claimer releases; claims expire', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
    const a = createRedisLiveDirectory(redis, () => 'http://a.internal:1', 2);
    const b = createRedisLiveDirectory(redis, () => 'http://b.internal:2', 2);
    const id = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
    try {
      expect(await b.locate(id)).toBeNull();
      await a.claim(id);
      expect(await b.locate(id)).toBe('http://a.internal:1');
      expect(await a.locate(id)).toBeNull();
      // B cannot release A's claim
      await b.release(id);
      expect(await b.locate(id)).toBe('http://a.internal:1');
      // A's claim is refreshed while held: still there after its 2 s expiry
      await new Promise((r) => setTimeout(r, 2500));
      expect(await b.locate(id)).toBe('http://a.internal:1');
      await a.release(id);
      expect(await b.locate(id)).toBeNull();
      // a claim nobody refreshes (a crashed process) expires
      await b.claim(id);
      b.stop();
      await new Promise((r) => setTimeout(r, 2300));
      expect(await a.locate(id)).toBeNull();
    } finally {
      a.stop();
      b.stop();
      await redis.quit();
    }
  });
});
