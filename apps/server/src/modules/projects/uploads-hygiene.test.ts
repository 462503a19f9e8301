import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeGlb } from '../../../test/fixtures/models';
import { tusCreate, tusHead, tusPatch } from '../../../test/uploads';
import { buildApp } from '../../app';

let t: TestApp;
let owner: { id: number; token: string };
let admin: { id: number; token: string };

async function person(t: TestApp, roles?: ('admin' | 'user')[]) {
  const u = await makeUser(t, roles ? { roles } : {});
  return { id: u.id, token: await login(t, u.email, u.password) };
}

const files = async (dir: string) => (await fs.readdir(dir, { recursive: true }).catch(() => [])).map(String).sort();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestApp();
  owner = await person(t);
  admin = await person(t, ['admin']);
});
afterAll(async () => {
  await t.close();
});

describe('quota under concurrent uploads', () => {
  it('two uploads that each fit but not together, finishing at once: exactly one is accepted', async () => {
    const { app } = t;
    const glb = await cubeGlb();
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    await app.inject({
      method: 'POST',
      url: '/api/system/up_capacity',
      headers: auth(admin.token),
      payload: { user_id: owner.id, quota_bytes: Math.floor(glb.length * 1.5) },
    });
    const meta = (name: string) => ({ filename: name, kind: 'model3d', project_id: String(p.id) });
    // Both pass the check at creation (nothing stored yet) and receive all but their last byte.
    const locations: string[] = [];
    for (const name of ['a.glb', 'b.glb']) {
      const create = await tusCreate(app, owner.token, meta(name), glb.length);
      expect(create.statusCode).toBe(201);
      const location = create.headers.location as string;
      expect((await tusPatch(app, owner.token, location, 0, glb.subarray(0, -1))).statusCode).toBe(204);
      locations.push(location);
    }
    const finished = await Promise.all(
      locations.map((l) => tusPatch(app, owner.token, l, glb.length - 1, glb.subarray(glb.length - 1))),
    );
    expect(finished.map((r) => r.statusCode).sort()).toEqual([204, 413]);
    const refused = finished.find((r) => r.statusCode === 413)!;
    expect(refused.json()).toMatchObject({
      code: 41302,
      message: `Not enough storage: ${(glb.length / 1024).toFixed(1)} KB of ${((glb.length * 1.5) / 1024).toFixed(1)} KB used`,
    });
    // One asset, one original in storage, nothing left in the upload folder.
    const status = body<{ assets: unknown[] }>(
      await app.inject({ method: 'GET', url: `/api/project/asset_status?project_id=${p.id}`, headers: auth(owner.token) }),
    );
    expect(status.data.assets).toHaveLength(1);
    const originals = (await files(path.join(t.config.dataDir, 'files', 'assets', String(p.id)))).filter((f) =>
      /^[^/]+\.glb$/.test(f),
    );
    expect(originals).toHaveLength(1);
    expect(await files(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    await app.inject({
      method: 'POST',
      url: '/api/system/up_capacity',
      headers: auth(admin.token),
      payload: { user_id: owner.id, quota_bytes: null },
    });
  });
});

describe('abandoned uploads', () => {
  it('an incomplete upload is deleted once its expiry passes (periodic sweep); HEAD then answers 404', async () => {
    // 0.0005 h = 1.8 s; the sweep runs every second at this setting.
    const short = await createTestApp({ UPLOAD_EXPIRY_HOURS: '0.0005' });
    try {
      const me = await person(short);
      const p = await makeProject(short, me.id, { status: 'draft', isPublic: false });
      const glb = await cubeGlb();
      const create = await tusCreate(
        short.app,
        me.token,
        { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) },
        glb.length,
      );
      expect(create.headers['upload-expires']).toBeTruthy();
      const location = create.headers.location as string;
      expect((await tusPatch(short.app, me.token, location, 0, glb.subarray(0, 100))).statusCode).toBe(204);
      const uploads = path.join(short.config.dataDir, 'uploads');
      expect(await files(uploads)).toHaveLength(2); // the bytes and tus's .json record
      let head = await tusHead(short.app, me.token, location);
      expect(head.statusCode).toBe(200);
      // Past its expiry tus answers 410 Gone; once swept the upload is unknown: 404.
      const seen = new Set<number>();
      for (let i = 0; i < 100 && head.statusCode !== 404; i++) {
        await sleep(100);
        head = await tusHead(short.app, me.token, location);
        seen.add(head.statusCode);
      }
      expect(head.statusCode).toBe(404);
      expect([...seen].every((s) => [200, 410, 404].includes(s))).toBe(true);
      expect(
        (await tusPatch(short.app, me.token, location, 100, glb.subarray(100))).statusCode,
        'no resuming after the sweep',
      ).toBe(404);
      expect(await files(uploads)).toEqual([]);
    } finally {
      await short.close();
    }
  });

  it('expired uploads are swept when the server starts (last: restarts the shared app)', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const glb = await cubeGlb();
    const meta = { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) };
    const old = await tusCreate(t.app, owner.token, meta, glb.length);
    const fresh = await tusCreate(t.app, owner.token, meta, glb.length);
    const oldLocation = old.headers.location as string;
    const freshLocation = fresh.headers.location as string;
    await tusPatch(t.app, owner.token, oldLocation, 0, glb.subarray(0, 100));
    // Created 25 hours ago (the default expiry is 24 h).
    const record = path.join(t.config.dataDir, 'uploads', `${path.basename(oldLocation)}.json`);
    const info = JSON.parse(await fs.readFile(record, 'utf8'));
    info.creation_date = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await fs.writeFile(record, JSON.stringify(info));
    await t.app.close();

    const next = await buildApp(t.config, { database: t.database, logger: false });
    try {
      expect((await tusHead(next, owner.token, oldLocation)).statusCode).toBe(404);
      expect((await tusHead(next, owner.token, freshLocation)).statusCode).toBe(200);
      expect(await files(path.join(t.config.dataDir, 'uploads'))).toEqual(
        [path.basename(freshLocation), `${path.basename(freshLocation)}.json`].sort(),
      );
    } finally {
      await next.close();
    }
  });
});
