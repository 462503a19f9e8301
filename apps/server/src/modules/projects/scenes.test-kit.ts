import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, type Shopper, shopper } from '../../../test/commerce';
import { jobs } from '../../lib/jobs.table';
import { assets } from './assets.table';
import { sceneRevisions } from './scenes.table';

/*
 * What the scene documents' test files share: one app per file (`useScenesApp()` at the file's top) with a creator,
 * another creator, a plain user and an administrator; the creator's draft tour and 3D scene projects with processed
 * assets of every kind (and a busy one, and another user's), a product on the market; the documents and the calls
 * that save them. The bindings hold the file's app and rows from its `beforeAll` on (ES module exports are live).
 */

export let t: TestApp;
export let app: FastifyInstance;
export let creator: Shopper;
export let other: Shopper;
export let plain: Shopper;
export let admin: Shopper;

export type Lang = 'en' | 'zh-CN' | 'zh-TW';
export const headersOf = (who: Shopper | undefined, lang: Lang = 'en') => ({
  ...(who ? who.headers : {}),
  'accept-language': lang,
});
export const post = (who: Shopper | undefined, url: string, payload: unknown, lang: Lang = 'en') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers: headersOf(who, lang) });
export const get = (who: Shopper | undefined, url: string) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: headersOf(who) });
type Kind = 'model3d' | 'image360' | 'video360' | 'image' | 'audio' | 'video';
/** A processed (or not) asset of a user, as the pipeline leaves it; `result` is its job's result. */
async function makeAsset(
  ownerId: number,
  projectId: number,
  kind: Kind,
  o: { status?: 'ready' | 'processing'; outputs?: Record<string, string>; result?: unknown } = {},
) {
  const { db } = t.database;
  let jobId: number | null = null;
  if (o.result !== undefined) {
    const [job] = await db.insert(jobs).values({ type: 'test.done', status: 'done', result: o.result }).returning();
    jobId = job?.id ?? null;
  }
  const [row] = await db
    .insert(assets)
    .values({
      projectId,
      ownerId,
      kind,
      filename: `${kind}.bin`,
      extension: 'bin',
      originalKey: `assets/${projectId}/${kind}-${Math.random().toString(36).slice(2)}.bin`,
      bytes: 100,
      outputs: o.outputs ?? {},
      status: o.status ?? 'ready',
      jobId,
    })
    .returning();
  if (!row) throw new Error('no asset');
  return row.id;
}

export const revisionCount = async (projectId: number) =>
  (await t.database.db.select().from(sceneRevisions).where(eq(sceneRevisions.projectId, projectId))).length;

export let tourProject: number;
export let sceneProject: number;
export let a: {
  pano: number;
  vid360: number;
  img: number;
  aud: number;
  vid: number;
  model: number;
  busy: number;
  foreign: number;
};
export let product: number;

export function tourDoc(o: { text?: string; url?: string; hotspotTitle?: string } = {}) {
  return {
    schema_version: 1,
    kind: 'tour',
    start_scene: 'hall',
    scenes: [
      {
        id: 'hall',
        name: { en: 'Hall', zh: '大厅' },
        media: { type: 'image360', asset_id: a.pano },
        background_audio: { asset_id: a.aud },
        hotspots: [
          { id: 'go', kind: 'scene', target_scene: 'yard', position: { yaw: 1, pitch: 0 } },
          { id: 'pic', kind: 'image', asset_id: a.img, position: { yaw: -1, pitch: 0 }, title: { en: o.hotspotTitle ?? 'Pic' } },
          { id: 'web', kind: 'link', url: o.url ?? 'https://example.com/', position: { yaw: 2, pitch: 0 } },
          { id: 'note', kind: 'text', text: { en: o.text ?? 'Hello' }, position: { yaw: 0, pitch: 1 } },
        ],
      },
      {
        id: 'yard',
        media: { type: 'video360', asset_id: a.vid360 },
        hotspots: [
          { id: 'clip', kind: 'video', asset_id: a.vid, position: { yaw: 0, pitch: 0 }, time_range: { start: 1, end: 4 } },
        ],
      },
    ],
  };
}

export function sceneDoc(extra: unknown[] = []) {
  return {
    schema_version: 1,
    kind: 'scene',
    objects: [
      { id: 'statue', type: 'model', source: { asset_id: a.model }, transform: { position: [1, 0, -2] } },
      { id: 'lamp', type: 'light', light: { kind: 'point', intensity: 2 } },
      { id: 'buy', type: 'hotspot', parent: 'statue', hotspot: { id: 'buy', kind: 'product', project_id: product } },
      ...extra,
    ],
  };
}

export async function save(who: Shopper, id: number, document: unknown, base: number, force?: boolean) {
  return post(who, '/project/save_scene', { id, base_version: base, document, ...(force ? { force } : {}) });
}
export async function saved(who: Shopper, id: number, document: unknown, base: number) {
  const res = await save(who, id, document, base);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ version: number }>(res).data.version;
}
export async function draftVersion(id: number) {
  return body<{ version: number }>(await get(creator, `/project/scene_details?id=${id}`)).data.version;
}

export function useScenesApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
    app = t.app;
    creator = await shopper(t, { roles: ['creator'] });
    other = await shopper(t, { roles: ['creator'] });
    plain = await shopper(t, { roles: ['user'] });
    admin = await shopper(t, { roles: ['admin'] });
    const draft = { status: 'draft', isPublic: false, forSale: false } as const;
    tourProject = (await makeProject(t, creator.id, { ...draft, catalog: '360_image', name: 'Tour' })).id;
    sceneProject = (await makeProject(t, creator.id, { ...draft, catalog: '3d_model', name: 'Showroom' })).id;
    product = (await makeProject(t, other.id, { name: 'Sold chair', price: 25 })).id;
    const elsewhere = (await makeProject(t, other.id, draft)).id;
    a = {
      pano: await makeAsset(creator.id, tourProject, 'image360', {
        outputs: {
          preview_512: 'assets/p/preview_512.jpg',
          tile_0_0: 'assets/p/tile_0_0.jpg',
          tile_1_0: 'assets/p/tile_1_0.jpg',
        },
        result: { width: 8192, height: 4096, tiles: { width: 8192, cols: 2, rows: 1 } },
      }),
      vid360: await makeAsset(creator.id, tourProject, 'video360'),
      img: await makeAsset(creator.id, tourProject, 'image'),
      aud: await makeAsset(creator.id, tourProject, 'audio'),
      vid: await makeAsset(creator.id, tourProject, 'video'),
      model: await makeAsset(creator.id, sceneProject, 'model3d', {
        outputs: { model: 'assets/m/model.glb', thumbnail: 'assets/m/thumbnail.png' },
        result: { report: { triangles: 12 }, clips: ['walk', 'wave'] },
      }),
      busy: await makeAsset(creator.id, tourProject, 'image360', { status: 'processing' }),
      foreign: await makeAsset(other.id, elsewhere, 'image360', { outputs: { preview_512: 'x.jpg' }, result: {} }),
    };
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
