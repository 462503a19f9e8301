import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';
import { freePort } from '../../../test/ports';
import { ffmpegPath } from '../../lib/ffmpeg';

/**
 * The real ingest: ffmpeg (from @ffmpeg-installer) pushes a generated H.264/AAC stream over RTMP, a viewer reads FLV
 * back from the signed playback URL over real HTTP.
 */
const ffmpeg = ffmpegPath();
let t: TestApp;
let app: FastifyInstance;
let base: string;
let rtmpPort: number;
let token: string;
let ownerId: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  rtmpPort = await freePort();
  t = await createTestApp({
    LIVE_RTMP_PORT: String(rtmpPort),
    LIVE_RTMP_HOST: '127.0.0.1',
    LIVE_RECONNECT_GRACE_SECONDS: '0',
  });
  app = t.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const u = await makeUser(t, { roles: ['creator'] });
  token = await login(t, u.email, u.password);
  ownerId = u.id;
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await t?.close();
});

async function api(method: 'GET' | 'POST', p: string, body?: unknown) {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: { ...auth(token), 'content-type': 'application/json', 'accept-language': 'en' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  return (await res.json()) as { code: number; data: any };
}

/** Pushes a generated 640x320 test picture with a tone to an RTMP URL, in real time, for `seconds`. */
function push(target: string, seconds = 60): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(
    ffmpeg as string,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x320:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { exited });
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

describe.runIf(ffmpeg)('RTMP ingest and HTTP-FLV playback', () => {
  it('a pushed stream goes live, plays back as FLV that keeps coming, is recorded as a 360 video asset, and rotating the key cuts it', async () => {
    const made = (await api('POST', '/live/add_live', { name: 'Ingest', password: '246810', keep_recording: true })).data;
    expect(made.rtmp_url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);

    // Unknown stream and wrong key are refused: ffmpeg gives up, the stream stays idle.
    const [, query] = made.stream_key.split('?');
    const unknown = push(`${made.rtmp_url}/2147483000?${query}`, 5);
    const wrongKey = push(`${made.rtmp_url}/${made.id}?key=${'A'.repeat(32)}`, 5);
    const noKey = push(`${made.rtmp_url}/${made.id}`, 5);
    for (const c of [unknown, wrongKey, noKey]) expect(await within(c.exited, 15_000)).not.toBe(0);
    expect((await api('GET', `/live/live_info?id=${made.id}`)).data.state).toBe('idle');

    const publisher = push(made.publish_url);
    await waitFor(async () => (await api('GET', `/live/live_info?id=${made.id}`)).data.state === 'live');

    const ticket = (await api('POST', '/live/check_password', { id: made.id, password: '246810' })).data;
    const res = await fetch(`${base}${ticket.play_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/x-flv');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    const readUntil = async (bytes: number) => {
      while (total < bytes) {
        const { value, done } = await within(reader.read(), 15_000);
        if (done) throw new Error('FLV body ended early');
        chunks.push(value);
        total += value.length;
      }
    };
    await readUntil(13);
    const head = Buffer.concat(chunks);
    expect(head.subarray(0, 3).toString('latin1')).toBe('FLV');
    expect(head[3]).toBe(1);
    expect(head[4]).toBe(5); // audio and video
    const first = total;
    await new Promise((r) => setTimeout(r, 1500));
    await readUntil(first + 20_000); // data keeps coming
    expect(total).toBeGreaterThan(first);
    const all = Buffer.concat(chunks);
    expect(all.indexOf(Buffer.from('onMetaData'))).toBeGreaterThan(0);
    expect((await api('GET', `/live/live_info?id=${made.id}`)).data.viewers).toBe(1);

    // RTMP playback would skip the password: refused.
    const rtmpPlay = spawn(ffmpeg as string, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      `${made.rtmp_url}/${made.id}`,
      '-t',
      '1',
      '-f',
      'null',
      '-',
    ]);
    children.push(rtmpPlay);
    expect(await within(new Promise((resolve) => rtmpPlay.on('exit', resolve)), 15_000)).not.toBe(0);

    // Rotating the key cuts the publisher at once; the viewer's body ends; the stream is idle again (restarts allowed).
    const rotated = (await api('POST', '/live/rotate_key', { id: made.id })).data;
    expect(rotated.stream_key).not.toBe(made.stream_key);
    expect(await within(publisher.exited, 15_000)).not.toBe(0);
    await within(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
      15_000,
    );
    await waitFor(async () => (await api('GET', `/live/live_info?id=${made.id}`)).data.state === 'idle');
    expect((await api('GET', `/live/live_info?id=${made.id}`)).data.viewers).toBe(0);

    // The old key no longer works; the new one does.
    const stale = push(made.publish_url, 5);
    expect(await within(stale.exited, 15_000)).not.toBe(0);
    const again = push(rotated.publish_url, 60);
    await waitFor(async () => (await api('GET', `/live/live_info?id=${made.id}`)).data.state === 'live');
    await new Promise((r) => setTimeout(r, 2000));

    // Ending the stream cuts the publisher for good; the recordings are kept.
    expect((await api('POST', '/live/end_live', { id: made.id })).data.state).toBe('ended');
    expect(await within(again.exited, 15_000)).not.toBe(0);
    const replay = await fetch(`${base}${ticket.play_url}`);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { code: number }).code).toBe(40911);
    // Each publish was recorded and kept as a 360 video asset of the creator (a private draft project), its FLV
    // remuxed to MP4 and removed from the recordings folder.
    const ids = await waitFor(async () => {
      const row = (await api('GET', '/live/live_page')).data.list.find((s: { id: number }) => s.id === made.id);
      return row.recording_asset_ids.length === 2 && (row.recording_asset_ids as number[]);
    }, 60_000);
    const { sql } = await import('drizzle-orm');
    const assets = (await t.database.db.execute(
      sql`select a.kind, a.extension, a.owner_id, p.catalog, p.is_public from assets a join projects p on p.id = a.project_id where a.id in (${ids[0]}, ${ids[1]})`,
    )) as unknown as { rows: { kind: string; extension: string; owner_id: number; catalog: string; is_public: boolean }[] };
    expect(assets.rows).toHaveLength(2);
    for (const a of assets.rows) {
      expect(a).toMatchObject({ kind: 'video360', extension: 'mp4', owner_id: ownerId, catalog: '360_video', is_public: false });
    }
    const dir = path.join(t.config.dataDir, 'live', 'recordings', String(made.id));
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.flv')) : []).toEqual([]);
    const page = (await api('GET', '/live/live_page')).data.list.find((s: { id: number }) => s.id === made.id);
    expect(page.viewer_peak).toBe(1);
  }, 120_000);

  it('a second server whose RTMP port is taken still starts, without ingest', async () => {
    const second = await createTestApp({ LIVE_RTMP_PORT: String(rtmpPort), LIVE_RTMP_HOST: '127.0.0.1' });
    try {
      const u = await makeUser(second, { roles: ['creator'] });
      const tok = await login(second, u.email, u.password);
      const r = await second.app.inject({
        method: 'POST',
        url: '/api/live/add_live',
        payload: { name: 'Elsewhere', password: '112233' },
        headers: auth(tok),
      });
      expect(r.json().code).toBe(200);
    } finally {
      await second.close();
    }
  });
});
