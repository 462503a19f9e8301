import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { tusUpload } from '../../../test/uploads';
import { ffmpegPath } from '../ffmpeg';

let t: TestApp;
let owner: { id: number; token: string };
let video: Buffer;

beforeAll(async () => {
  t = await createTestApp({ PIPELINE_WORKERS: '1' });
  const u = await makeUser(t);
  owner = { id: u.id, token: await login(t, u.email, u.password) };
  // A short 2:1 clip, as a 360 video is shaped.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xr-poster-')), 'clip.mp4');
  // biome-ignore format: one argument per pair reads better
  execFileSync(ffmpegPath()!, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=512x256:rate=10', '-t', '3',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file,
  ]);
  video = fs.readFileSync(file);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('360 video poster', () => {
  it('processing an uploaded 360 video gives it a JPEG poster output, delivered with the asset', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const res = await tusUpload(t.app, owner.token, { filename: 'clip.mp4', kind: 'video360', project_id: String(p.id) }, video);
    expect(res.statusCode).toBe(204);
    const end = Date.now() + 90_000;
    let status = '';
    while (Date.now() < end) {
      const r = await t.database.db.execute(sql`select status from assets where project_id = ${p.id}`);
      status = (r as unknown as { rows: { status: string }[] }).rows[0]?.status ?? '';
      if (status === 'ready' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('ready');
    const content = body<{ assets: { kind: string; outputs: Record<string, string> }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: auth(owner.token) }),
    ).data;
    const poster = content.assets.find((a) => a.kind === 'video360')?.outputs.poster;
    expect(poster).toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: poster! });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 320]);
  });
});
