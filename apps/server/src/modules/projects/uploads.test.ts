import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, placeOrder, shopper } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeGlb } from '../../../test/fixtures/models';
import { makeZip } from '../../../test/fixtures/zip';
import { png, tusCreate, tusHead, tusPatch, tusUpload as tusUploadTo, waitForAsset } from '../../../test/uploads';
import { buildApp } from '../../app';

let t: TestApp;
let app: FastifyInstance;
let owner: { id: number; token: string };
let stranger: { id: number; token: string };
let admin: { id: number; token: string };

async function person(roles?: ('admin' | 'user')[]) {
  const u = await makeUser(t, roles ? { roles } : {});
  return { id: u.id, token: await login(t, u.email, u.password) };
}

const tusUpload = (token: string, meta: Record<string, string>, data: Buffer, opts?: { chunks?: number; length?: number }) =>
  tusUploadTo(app, token, meta, data, opts);
const waitForJob = (projectId: number, token: string) => waitForAsset(app, projectId, token);

/** Files left in the upload folder and the asset store (nothing may remain after a refusal). */
async function leftovers(): Promise<string[]> {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const out: string[] = [];
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) out.push(...(await walk(full)));
      else out.push(full);
    }
    return out;
  };
  return [
    ...(await walk(path.join(t.config.dataDir, 'uploads'))),
    ...(await walk(path.join(t.config.dataDir, 'files', 'assets'))),
  ];
}

const used = async (token: string) =>
  body<{ used_bytes: number; quota_bytes: number }>(
    await app.inject({ method: 'GET', url: '/api/user/capacity', headers: auth(token) }),
  ).data.used_bytes;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await person();
  stranger = await person();
  admin = await person(['admin']);
});
afterAll(async () => {
  await t.close();
});

describe('upload refusals before any byte is stored', () => {
  it('needs a token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '3' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses unknown types, .max, oversize, someone else’s project and a full quota', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const meta = (filename: string, kind = 'model3d', projectId = p.id) => ({ filename, kind, project_id: String(projectId) });
    const exe = await tusUpload(owner.token, meta('virus.exe'), Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({
      code: 40004,
      message:
        'Illegal document: this file type is not accepted. Accepted types: .3ds, .dae, .fbx, .glb, .gltf, .obj, .ply, .stl, .zip',
    });
    const max = await tusUpload(owner.token, meta('scene.max'), Buffer.from('x'));
    // The refusal tells the creator how to get a readable file out of 3ds Max.
    expect(max.json().message).toContain('native 3ds Max .max files cannot be read');
    expect(max.json().message).toContain('File › Export › Export, save as "Autodesk (*.FBX)"');
    expect(max.json().message).toContain('File › Export › glTF');
    const wrongKind = await tusUpload(owner.token, meta('song.mp3', 'model3d'), Buffer.from('ID3'));
    expect(wrongKind.json().code).toBe(40004);
    const big = await tusUpload(owner.token, meta('pano.jpg', 'image'), Buffer.alloc(1), { length: 21 * 1024 ** 2 });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large: at most 20 MB for this type');
    const notMine = await tusUpload(stranger.token, meta('cube.glb'), Buffer.from('glTF'));
    expect(notMine.statusCode).toBe(404);
    // Hostile metadata: an id beyond the database's integers, a NUL in the name (never a 500).
    const hugeId = await tusUpload(owner.token, meta('cube.glb', 'model3d', 2 ** 31), Buffer.from('glTF'));
    expect(hugeId.statusCode).toBe(404);
    const nul = await tusUpload(owner.token, meta('cu\u0000be.glb'), Buffer.from('glTF'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe(40004);

    // Quota: 1 KB for this user.
    await app.inject({
      method: 'POST',
      url: '/api/system/up_capacity',
      headers: auth(admin.token),
      payload: { user_id: owner.id, quota_bytes: 1024 },
    });
    const full = await tusUpload(owner.token, meta('cube.glb'), Buffer.alloc(2048));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: 41302, message: 'Not enough storage: 0 B of 1.0 KB used' });
    await app.inject({
      method: 'POST',
      url: '/api/system/up_capacity',
      headers: auth(admin.token),
      payload: { user_id: owner.id, quota_bytes: null },
    });
    expect(await leftovers()).toEqual([]);
  });
});

describe('resuming', () => {
  it('only the uploader may continue an upload; a project deleted meanwhile leaves nothing behind', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const glb = await cubeGlb();
    const create = await tusCreate(
      app,
      owner.token,
      { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) },
      glb.length,
    );
    const location = create.headers.location as string;
    const head = (token: string) => tusHead(app, token, location);
    expect((await head(owner.token)).headers['upload-offset']).toBe('0');
    expect((await head(stranger.token)).statusCode).toBe(404);
    const patch = (token: string, from: number, to: number) => tusPatch(app, token, location, from, glb.subarray(from, to));
    expect((await patch(stranger.token, 0, 10)).statusCode).toBe(404);
    expect((await patch(owner.token, 0, 100)).statusCode).toBe(204);
    expect((await head(owner.token)).headers['upload-offset']).toBe('100');
    await app.inject({ method: 'POST', url: '/api/project/del_project', headers: auth(owner.token), payload: { id: p.id } });
    expect((await patch(owner.token, 100, glb.length)).statusCode).toBe(404);
    expect(await leftovers()).toEqual([]);
  });
});

describe('content checks when the upload completes', () => {
  it('refuses bad content with the illegal-document message and leaves nothing behind', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const meta = (filename: string, kind = 'model3d') => ({ filename, kind, project_id: String(p.id) });
    const glb = await cubeGlb();
    const cases: [string, string, Buffer, string][] = [
      ['fake.glb', 'model3d', Buffer.from('this is not a model at all'), 'the content does not match the file extension'],
      ['cut.glb', 'model3d', glb.subarray(0, glb.length - 10), 'incomplete or damaged'],
      ['bomb.zip', 'model3d', makeZip([{ name: 'a.bin', data: Buffer.alloc(20 * 1024 ** 2) }]), 'expands to too much data'],
      ['escape.zip', 'model3d', makeZip([{ name: '../../evil.obj', data: 'v 0 0 0' }]), 'unsafe paths or links'],
      ['abs.zip', 'model3d', makeZip([{ name: '/etc/passwd', data: 'x' }]), 'unsafe paths or links'],
      ['link.zip', 'model3d', makeZip([{ name: 'link', data: '/etc/passwd', symlink: true }]), 'unsafe paths or links'],
      [
        'cut.zip',
        'model3d',
        makeZip([{ name: 'a.obj', data: 'v 0 0 0\n'.repeat(100) }]).subarray(0, 40),
        'incomplete or damaged',
      ],
      ['huge.png', 'image360', await png(8000, 5001), 'more than 40 megapixels'],
      ['cut.png', 'image', (await png(64, 64)).subarray(0, 60), 'incomplete or damaged'],
    ];
    for (const [filename, kind, data, message] of cases) {
      const res = await tusUpload(owner.token, meta(filename, kind), data, { chunks: 2 });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toMatchObject({ code: 40004 });
      expect(res.json().message, filename).toContain('Illegal document');
      expect(res.json().message, filename).toContain(message);
    }
    expect(await leftovers()).toEqual([]);
    expect(await used(owner.token)).toBe(0);
  });

  it('accepts a GLB in chunks, processes it in the background, and replacing frees the old bytes', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const glb = await cubeGlb();
    const meta = { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) };
    const res = await tusUpload(owner.token, meta, glb, { chunks: 3 });
    expect(res.statusCode).toBe(204);
    expect(Number(res.headers['x-asset-id'])).toBeGreaterThan(0);
    expect(
      (await app.inject({ method: 'GET', url: `/api/project/asset_status?project_id=${p.id}`, headers: auth(stranger.token) }))
        .statusCode,
    ).toBe(404);
    const status = await waitForJob(p.id, owner.token);
    expect(status.assets[0]).toMatchObject({ status: 'ready', job: expect.objectContaining({ status: 'done', progress: 100 }) });
    expect(status.assets[0]?.job?.result).toMatchObject({ report: expect.objectContaining({ triangles: 12 }) });
    const afterFirst = await used(owner.token);
    expect(afterFirst).toBeGreaterThan(glb.length);

    const again = await tusUpload(owner.token, { ...meta, replace: '1' }, glb);
    expect(again.statusCode).toBe(204);
    const s2 = await waitForJob(p.id, owner.token);
    expect(s2.assets).toHaveLength(1);
    expect(await used(owner.token)).toBe(afterFirst);

    // Deleting the project removes its files and frees the quota.
    expect(
      (await app.inject({ method: 'POST', url: '/api/project/del_project', headers: auth(owner.token), payload: { id: p.id } }))
        .statusCode,
    ).toBe(200);
    expect(await used(owner.token)).toBe(0);
    expect(await leftovers()).toEqual([]);
  });
});

describe('protected delivery', () => {
  it('full content for owner, buyers and admins; preview or cover only for others', async () => {
    const p = await makeProject(t, owner.id, { name: 'Paid pano' });
    const res = await tusUpload(
      owner.token,
      { filename: 'pano.png', kind: 'image360', project_id: String(p.id) },
      await png(1024, 512),
    );
    expect(res.statusCode).toBe(204);
    // The upload sent the approved project back to review: approve it again.
    await app.inject({ method: 'POST', url: '/api/approval/approve_project', headers: auth(admin.token), payload: { id: p.id } });
    await waitForJob(p.id, owner.token);

    const content = async (token?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/project/content?id=${p.id}`,
        headers: { ...(token ? auth(token) : {}), 'accept-language': 'en' },
      });
    const mine = body<{ access: string; assets: { original_url: string; outputs: Record<string, string> }[] }>(
      await content(owner.token),
    );
    expect(mine.data.access).toBe('full');
    const url = mine.data.assets[0]?.original_url ?? '';
    expect(url).toMatch(/^\/api\/files\/signed\/assets\/.+\?expires=\d+&sig=/);
    const file = await app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // a signature with its first character changed (to one it is not: the signature is base64url, so a fixed
    // replacement would leave one in 64 signatures as they were)
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1') })).statusCode).toBe(403);

    expect(body<{ access: string }>(await content(admin.token)).data.access).toBe('full');
    const visitor = body<{ access: string; message: string; assets: unknown[]; cover: string }>(await content());
    expect(visitor.data).toMatchObject({ access: 'none', message: 'Purchase to view the full content', assets: [] });
    expect(visitor.data.cover).not.toBe('');
    expect(body<{ access: string }>(await content(stranger.token)).data.access).toBe('none');
  });

  it('hides unpublished projects from others', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    expect((await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: auth(owner.token) })).statusCode,
    ).toBe(200);
  });
});

describe('buyers', () => {
  it('get the full content of what they bought, even while a new version is in review', async () => {
    const p = await makeProject(t, owner.id, { name: 'Free pano', price: 0 });
    await tusUpload(owner.token, { filename: 'pano.png', kind: 'image360', project_id: String(p.id) }, await png(1024, 512));
    await app.inject({ method: 'POST', url: '/api/approval/approve_project', headers: auth(admin.token), payload: { id: p.id } });
    const buyer = await shopper(t);
    expect(
      body<{ access: string }>(
        await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: buyer.headers }),
      ).data.access,
    ).toBe('none');
    const order = await placeOrder(app, buyer, [p.id]);
    await app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free' },
    });
    const full = body<{ access: string; assets: { original_url: string }[] }>(
      await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: buyer.headers }),
    );
    expect(full.data.access).toBe('full');
    expect(full.data.assets[0]?.original_url).toContain('/api/files/signed/');
    await t.database.db.execute(sql`update projects set review_status = 'pending' where id = ${p.id}`);
    const inReview = body<{ access: string }>(
      await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: buyer.headers }),
    );
    expect(inReview.data.access).toBe('full');
    expect((await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}` })).statusCode).toBe(404);
  });

  it('visitors get only previews when the anonymous-preview switch is on', async () => {
    const p = await makeProject(t, owner.id, { name: 'Preview pano' });
    await tusUpload(owner.token, { filename: 'pano.png', kind: 'image360', project_id: String(p.id) }, await png(1024, 512));
    await app.inject({ method: 'POST', url: '/api/approval/approve_project', headers: auth(admin.token), payload: { id: p.id } });
    await waitForJob(p.id, owner.token);
    await t.database.db.execute(sql`update projects set anonymous_preview = true where id = ${p.id}`);
    const visitor = body<{ access: string; assets: { original_url: string; outputs: Record<string, string> }[] }>(
      await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}` }),
    );
    expect(visitor.data.access).toBe('preview');
    expect(visitor.data.assets[0]?.original_url).toBe('');
    const names = Object.keys(visitor.data.assets[0]?.outputs ?? {});
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith('preview'))).toBe(true);
  });
});

describe('restart', () => {
  it('an upload stopped mid-file by a server restart resumes from its offset on the new server', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const glb = await cubeGlb();
    const half = Math.floor(glb.length / 2);
    const create = await tusCreate(
      app,
      owner.token,
      { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) },
      glb.length,
    );
    const location = create.headers.location as string;
    expect((await tusPatch(app, owner.token, location, 0, glb.subarray(0, half))).statusCode).toBe(204);
    await app.close();

    app = await buildApp(t.config, { database: t.database, logger: false });
    const head = await tusHead(app, owner.token, location);
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await tusPatch(app, owner.token, location, half, glb.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['x-asset-id']).toBeTruthy();
    expect((await waitForJob(p.id, owner.token)).assets[0]?.status).toBe('ready');
  });

  it('an asset job left running by a dead server finishes after a new server starts on the same database', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const res = await tusUpload(
      owner.token,
      { filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) },
      await cubeGlb(),
    );
    expect(res.statusCode).toBe(204);
    const jobId = Number(res.headers['x-job-id']);
    await waitForJob(p.id, owner.token);
    // As a server that died mid-job leaves it: running, stale lock, asset still processing, no outputs yet.
    await t.database.db.execute(
      sql`update jobs set status = 'running', progress = 40, result = null, locked_at = now() - interval '10 minutes' where id = ${jobId}`,
    );
    await t.database.db.execute(
      sql`update assets set status = 'processing', outputs = '{}', output_bytes = 0 where project_id = ${p.id}`,
    );
    await app.close();

    const next = await buildApp(t.config, { database: t.database, logger: false });
    app = next;
    try {
      const status = await waitForJob(p.id, owner.token);
      expect(status.assets[0]).toMatchObject({
        status: 'ready',
        job: expect.objectContaining({ id: jobId, status: 'done', progress: 100 }),
      });
    } finally {
      await next.close();
    }
  });
});
