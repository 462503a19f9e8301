import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LiveStatePayload } from '@xr/contract/live';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { buildApp } from '../../app';
import { ffmpegPath } from '../../lib/ffmpeg';

/**
 * A publisher that drops and comes back, and a server killed during a recorded broadcast: ffmpeg pushes a real RTMP
 * stream, viewers follow the state over the realtime channel.
 */
const ffmpeg = ffmpegPath();
const GRACE_SECONDS = 4;
let t: TestApp;
let app: FastifyInstance;
let base: string;
let token: string;
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    LIVE_RTMP_PORT: String(await freePort()),
    LIVE_RTMP_HOST: '127.0.0.1',
    LIVE_RECONNECT_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const u = await makeUser(t, { roles: ['creator'] });
  token = await login(t, u.email, u.password);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of children) c.kill('SIGKILL');
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
async function api(method: 'GET' | 'POST', p: string, body?: unknown, at = base): Promise<{ code: number; data: any }> {
  const res = await fetch(`${at}/api${p}`, {
    method,
    headers: { ...auth(token), 'content-type': 'application/json', 'accept-language': 'en' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  return (await res.json()) as { code: number; data: any };
}

function push(target: string, seconds = 60): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(
    ffmpeg as string,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x160:rate=25'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-pix_fmt', 'yuv420p', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { exited });
}

async function waitFor<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(ffmpeg)('a broadcast interrupted', () => {
  it('viewers are told when the publisher drops, when it comes back on the same broadcast, and when the grace window closes it', async () => {
    const made = (await api('POST', '/live/add_live', { name: 'Drops', password: '135791' })).data;
    const first = push(made.publish_url);
    await waitFor(async () => (await api('GET', `/live/live_info?id=${made.id}`)).data.state === 'live');

    const ticket = (await api('POST', '/live/check_password', { id: made.id, password: '135791' })).data.ticket;
    const s = io(base, { path: '/socket.io/', auth: { lang: 'en' }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    const states: LiveStatePayload[] = [];
    s.on('live:state', (p: LiveStatePayload) => states.push(p));
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    s.emit('live:join', { id: made.id, ticket });
    // Joining tells the state as it is now.
    await waitFor(() => states.length === 1);
    expect(states[0]).toEqual({ stream_id: made.id, state: 'live', interrupted: false });

    // The publisher's connection drops (not a clean end): still live, interrupted.
    first.kill('SIGKILL');
    await waitFor(() => states.length === 2);
    expect(states[1]).toEqual({ stream_id: made.id, state: 'live', interrupted: true });
    const during = (await api('GET', `/live/live_info?id=${made.id}`)).data;
    expect(during).toMatchObject({ state: 'live', interrupted: true, ended_at: null });

    // It comes back within the grace window: the same broadcast goes on.
    const second = push(made.publish_url);
    await waitFor(() => states.length === 3);
    expect(states[2]).toEqual({ stream_id: made.id, state: 'live', interrupted: false });
    const back = (await api('GET', `/live/live_info?id=${made.id}`)).data;
    expect(back).toMatchObject({ state: 'live', interrupted: false, started_at: during.started_at });

    // It drops again and stays away: after the grace window the broadcast is over (idle, with its end time).
    second.kill('SIGKILL');
    await waitFor(() => states.length === 4);
    expect(states[3]).toMatchObject({ state: 'live', interrupted: true });
    await waitFor(() => states.length === 5, (GRACE_SECONDS + 10) * 1000);
    expect(states[4]).toEqual({ stream_id: made.id, state: 'idle', interrupted: false });
    const after = (await api('GET', `/live/live_info?id=${made.id}`)).data;
    expect(after).toMatchObject({ state: 'idle', interrupted: false });
    expect(Date.parse(after.ended_at)).toBeGreaterThan(Date.parse(after.started_at));
  }, 90_000);

  it('after a crash during a recorded broadcast, the next start closes the broadcast and imports the partial recording', async () => {
    const made = (await api('POST', '/live/add_live', { name: 'Crashed', password: '246802', keep_recording: true })).data;
    // What a kill -9 leaves: the row still live (no process holds its publisher), and a recording cut mid-write.
    const startedAt = new Date(Date.now() - 20_000);
    await t.database.db.execute(
      sql`update live_streams set state = 'live', started_at = ${startedAt.toISOString()}, ended_at = null where id = ${made.id}`,
    );
    const dir = path.join(t.config.dataDir, 'live', 'recordings', String(made.id));
    fs.mkdirSync(dir, { recursive: true });
    const full = path.join(dir, 'full.tmp');
    await new Promise<void>((resolve, reject) => {
      const c = spawn(ffmpeg as string, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x160:rate=25', '-t', '4'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-f', 'flv', full],
      ]);
      c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
    });
    const bytes = fs.readFileSync(full);
    fs.rmSync(full);
    const partial = path.join(dir, `${startedAt.getTime()}.flv`);
    fs.writeFileSync(partial, bytes.subarray(0, Math.floor(bytes.length * 0.7))); // cut in the middle of a tag
    // An older recording kept on disk (its import failed at the time) is not this broadcast's.
    const older = path.join(dir, `${startedAt.getTime() - 86_400_000}.flv`);
    fs.writeFileSync(older, bytes.subarray(0, 1000));
    const old = new Date(Date.now() - 86_400_000);
    fs.utimesSync(older, old, old);

    // The server starts again on the same database and data folder.
    const restarted = await buildApp(t.config, { database: t.database, logger: false });
    try {
      await restarted.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(restarted.server.address() as AddressInfo).port}`;
      const row = await waitFor(async () => {
        const r = (await api('GET', '/live/live_page', undefined, at)).data.list.find((x: { id: number }) => x.id === made.id);
        return r.recording_asset_ids.length > 0 && r;
      }, 60_000);
      expect(row.state).toBe('idle');
      expect(row.ended_at).not.toBeNull();
      expect(Date.parse(row.ended_at)).toBeGreaterThanOrEqual(startedAt.getTime());
      expect(row.recording_asset_ids).toHaveLength(1);
      const assets = (await t.database.db.execute(
        sql`select a.kind, a.extension, p.is_public from assets a join projects p on p.id = a.project_id where a.id = ${row.recording_asset_ids[0]}`,
      )) as unknown as { rows: { kind: string; extension: string; is_public: boolean }[] };
      expect(assets.rows).toEqual([{ kind: 'video360', extension: 'mp4', is_public: false }]);
      expect(fs.existsSync(partial)).toBe(false);
      expect(fs.existsSync(older)).toBe(true);
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
