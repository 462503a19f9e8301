import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { png, tusUpload, waitForAsset } from '../../../test/uploads';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

type Content = {
  access: string;
  assets: { outputs: Record<string, string>; tiles: { width: number; cols: number; rows: number } | null }[];
};

describe('tiled panoramas', () => {
  it('delivers the tile grid and a signed URL per tile to full viewers, only previews to anonymous ones', async () => {
    const u = await makeUser(t);
    const token = await login(t, u.email, u.password);
    const p = await makeProject(t, u.id, { name: 'Wide hall', status: 'pending', anonymousPreview: true });
    const res = await tusUpload(
      app,
      token,
      { filename: 'hall.png', kind: 'image360', project_id: String(p.id) },
      await png(4608, 2304),
    );
    expect(res.statusCode).toBe(204);
    const status = await waitForAsset(app, p.id, token);
    expect(status.assets[0]?.status).toBe('ready');

    const mine = body<Content>(await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: auth(token) }));
    expect(mine.data.access).toBe('full');
    const asset = mine.data.assets[0]!;
    expect(asset.tiles).toEqual({ width: 4608, cols: 8, rows: 4 });
    const tiles = Object.keys(asset.outputs).filter((n) => n.startsWith('tile_'));
    expect(tiles).toHaveLength(32);
    const tile = await app.inject({ method: 'GET', url: asset.outputs.tile_7_3! });
    expect(tile.statusCode).toBe(200);
    expect(tile.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Visitors of a published project with the anonymous-preview switch get the previews, never the tiles.
    const admin = await makeUser(t, { roles: ['admin'] });
    const adminToken = await login(t, admin.email, admin.password);
    const approve = await app.inject({
      method: 'POST',
      url: '/api/approval/approve_project',
      headers: auth(adminToken),
      payload: { id: p.id },
    });
    expect(approve.statusCode).toBe(200);
    const visitor = body<Content>(await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}` }));
    expect(visitor.data.access).toBe('preview');
    expect(visitor.data.assets[0]?.tiles).toBeNull();
    expect(Object.keys(visitor.data.assets[0]?.outputs ?? {}).some((n) => n.startsWith('tile_'))).toBe(false);
    expect(Object.keys(visitor.data.assets[0]?.outputs ?? {})).toContain('preview_4096');
  });

  it('tells visitors of a free project to get it free, of a paid one to purchase it', async () => {
    const u = await makeUser(t);
    const free = await makeProject(t, u.id, { price: 0 });
    const paid = await makeProject(t, u.id, { price: 80 });
    const message = async (id: number) =>
      body<{ access: string; message: string }>(
        await app.inject({ method: 'GET', url: `/api/project/content?id=${id}`, headers: { 'accept-language': 'en' } }),
      ).data;
    expect(await message(free.id)).toEqual(
      expect.objectContaining({ access: 'none', message: 'Get it free to view the full content' }),
    );
    expect(await message(paid.id)).toEqual(
      expect.objectContaining({ access: 'none', message: 'Purchase to view the full content' }),
    );
  });
});
