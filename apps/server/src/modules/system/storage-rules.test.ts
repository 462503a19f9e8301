import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { png, tusUpload, waitForAsset } from '../../../test/uploads';

let t: TestApp;
let app: FastifyInstance;
let admin: string;
let user: { id: number; token: string };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, payload, headers: { ...(token ? auth(token) : {}), 'accept-language': 'en' } });

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const a = await makeUser(t, { roles: ['admin'] });
  admin = await login(t, a.email, a.password);
  const u = await makeUser(t);
  user = { id: u.id, token: await login(t, u.email, u.password) };
});
afterAll(async () => {
  await t.close();
});

describe('file types (/system/filetype)', () => {
  it('guards every call', async () => {
    expect((await call('GET', '/system/filetype_page')).statusCode).toBe(401);
    expect((await call('GET', '/system/filetype_page', user.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/system/add_filetype', user.token, { kind: 'image', extension: 'gif', max_bytes: 1 })).statusCode,
    ).toBe(403);
  });

  it('is seeded with the defaults and can be added to, changed and pruned', async () => {
    const page = body<{ list: { kind: string; extension: string }[]; total: number }>(
      await call('GET', '/system/filetype_page?kind=model3d&limit=100', admin),
    );
    expect(page.data.list.map((f) => f.extension).sort()).toEqual([
      '3ds',
      'dae',
      'fbx',
      'glb',
      'gltf',
      'max',
      'obj',
      'ply',
      'stl',
      'zip',
    ]);

    const bad = await call('POST', '/system/add_filetype', admin, { kind: 'image', extension: '../x', max_bytes: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('1 to 10 lower-case letters or digits');
    expect(
      (await call('POST', '/system/add_filetype', admin, { kind: 'nope', extension: 'gif', max_bytes: 10 })).statusCode,
    ).toBe(400);

    const added = body<{ id: number; extension: string; enabled: boolean }>(
      await call('POST', '/system/add_filetype', admin, { kind: 'image', extension: '.GIF', max_bytes: 1024 }),
    );
    expect(added.data).toMatchObject({ extension: 'gif', enabled: true });
    expect(
      (await call('POST', '/system/add_filetype', admin, { kind: 'image', extension: 'gif', max_bytes: 1 })).statusCode,
    ).toBe(409);
    const up = body<{ enabled: boolean; max_bytes: number }>(
      await call('POST', '/system/up_filetype', admin, { id: added.data.id, enabled: false, max_bytes: 2048 }),
    );
    expect(up.data).toMatchObject({ enabled: false, max_bytes: 2048 });
    expect((await call('POST', '/system/up_filetype', admin, { id: 999999, enabled: true })).statusCode).toBe(404);
    expect((await call('POST', '/system/del_filetype', admin, { id: added.data.id })).statusCode).toBe(200);
    expect((await call('POST', '/system/del_filetype', admin, { id: added.data.id })).statusCode).toBe(404);
  });
});

describe('capacity (/system/capacity)', () => {
  it('guards every call', async () => {
    expect((await call('GET', '/system/capacity_page')).statusCode).toBe(401);
    expect((await call('GET', '/system/capacity_page', user.token)).statusCode).toBe(403);
    expect((await call('POST', '/system/up_capacity', user.token, { plan: 'free', quota_bytes: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/user/capacity')).statusCode).toBe(401);
  });

  it('sets plan quotas (enterprise at least 20G) and per-user plans and overrides', async () => {
    const page = body<{ plans: { plan: string; quota_bytes: number }[] }>(await call('GET', '/system/capacity_page', admin));
    expect(page.data.plans.map((p) => p.plan)).toEqual([
      'free',
      'monthly',
      'quarterly',
      'yearly',
      'biz',
      'biz_plus',
      'enterprise',
    ]);
    expect(page.data.plans.find((p) => p.plan === 'enterprise')?.quota_bytes).toBe(20 * 1024 ** 3);

    const low = await call('POST', '/system/up_capacity', admin, { plan: 'enterprise', quota_bytes: 1024 });
    expect(low.statusCode).toBe(400);
    expect(low.body).toContain('at least 20G');
    expect((await call('POST', '/system/up_capacity', admin, { plan: 'gold', quota_bytes: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/system/up_capacity', admin, { plan: 'free', quota_bytes: 2 * 1024 ** 3 })).statusCode).toBe(200);

    const mine = body<{ plan: string; used_bytes: number; quota_bytes: number }>(await call('GET', '/user/capacity', user.token));
    expect(mine.data).toEqual({ plan: 'free', used_bytes: 0, quota_bytes: 2 * 1024 ** 3 });

    await call('POST', '/system/up_capacity', admin, { user_id: user.id, plan: 'enterprise' });
    expect(body<{ quota_bytes: number }>(await call('GET', '/user/capacity', user.token)).data.quota_bytes).toBe(20 * 1024 ** 3);
    await call('POST', '/system/up_capacity', admin, { user_id: user.id, quota_bytes: 5 });
    const one = body<{ users: { list: { plan: string; quota_bytes: number; override_bytes: number | null }[] } }>(
      await call('GET', `/system/capacity_page?user_id=${user.id}`, admin),
    );
    expect(one.data.users.list[0]).toMatchObject({ plan: 'enterprise', quota_bytes: 5, override_bytes: 5 });
  });
});

describe('who uses the storage (/system/capacity per-user list)', () => {
  type Row = {
    user_id: number;
    name: string | null;
    email: string | null;
    plan: string;
    used_bytes: number;
    quota_bytes: number;
    override_bytes: number | null;
    percent: number;
  };
  const page = async (query: string, token = admin) =>
    body<{ users: { list: Row[]; total: number; page: number; limit: number } }>(
      await call('GET', `/system/capacity_page?${query}`, token),
    ).data.users;

  /** A signed-in user who stores one PNG of the given size (processing finished). */
  async function storing(side: number) {
    const u = await makeUser(t);
    const token = await login(t, u.email, u.password);
    const p = await makeProject(t, u.id, { status: 'draft', isPublic: false });
    const res = await tusUpload(
      app,
      token,
      { filename: 'a.png', kind: 'image', project_id: String(p.id) },
      await png(side, side),
    );
    expect(res.statusCode).toBe(204);
    await waitForAsset(app, p.id, token);
    const mine = body<{ used_bytes: number }>(await call('GET', '/user/capacity', token)).data;
    return { ...u, token, used: mine.used_bytes };
  }

  it('lists everyone who stores anything, largest first, then users with a setting only; paged; with name and email', async () => {
    const small = await storing(16);
    const big = await storing(1500);
    expect(big.used).toBeGreaterThan(small.used);
    expect(small.used).toBeGreaterThan(0);
    // A setting for a user who also stores: listed once, in the storing part.
    await call('POST', '/system/up_capacity', admin, { user_id: small.id, quota_bytes: small.used * 2 });
    // Settings for users who store nothing (the earlier `user` may have one already; set it again to be sure).
    const idle = await makeUser(t);
    await call('POST', '/system/up_capacity', admin, { user_id: idle.id, plan: 'yearly' });
    await call('POST', '/system/up_capacity', admin, { user_id: user.id, plan: 'enterprise' });
    // The admin neither stores nor has a setting: not listed.

    const all = await page('page=1&limit=100');
    expect(all.list.map((r) => r.user_id)).toEqual([big.id, small.id, user.id, idle.id]);
    expect(all.total).toBe(4);
    expect(all.list[0]).toMatchObject({
      name: big.username,
      email: big.email,
      plan: 'free',
      used_bytes: big.used,
      override_bytes: null,
    });
    expect(all.list[1]).toMatchObject({
      name: small.username,
      email: small.email,
      used_bytes: small.used,
      quota_bytes: small.used * 2,
      override_bytes: small.used * 2,
      percent: 50,
    });
    expect(all.list[3]).toMatchObject({ name: idle.username, email: idle.email, plan: 'yearly', used_bytes: 0, percent: 0 });

    const ids = async (q: string) => {
      const p = await page(q);
      expect(p.total, q).toBe(4);
      return p.list.map((r) => r.user_id);
    };
    expect(await ids('page=2&limit=1')).toEqual([small.id]);
    expect(await ids('page=3&limit=1')).toEqual([user.id]);
    expect(await ids('page=1&limit=3')).toEqual([big.id, small.id, user.id]);
    expect(await ids('page=2&limit=3')).toEqual([idle.id]);
    expect(await ids('page=2&limit=2')).toEqual([user.id, idle.id]);
    expect(await ids('page=3&limit=2')).toEqual([]);

    // Searching by user id still answers that one user, listed or not.
    const one = await page(`user_id=${big.id}`);
    expect(one.total).toBe(1);
    expect(one.list[0]).toMatchObject({ user_id: big.id, name: big.username, email: big.email, used_bytes: big.used });
    const nobody = await page('user_id=999999');
    expect(nobody.list[0]).toMatchObject({ user_id: 999999, name: null, email: null, used_bytes: 0 });

    // Permission required.
    expect((await call('GET', '/system/capacity_page?page=1&limit=10', big.token)).statusCode).toBe(403);
  });
});
