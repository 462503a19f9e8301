import type { MarketItem } from '@xr/contract/market';
import { parseSceneDocument, type SceneDetails } from '@xr/contract/scenes';
import type { MetaWorldCard } from '@xr/contract/world';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { body } from '../../test/commerce';
import { login } from '../../test/factories';
import { SEED_PROJECTS } from './seed-catalogue-data';
import { DEMO_ACCOUNTS } from './seed-demo';
import { SEED_CONTENT_JOB } from './seed-media';
import { DEMO_ROOMS } from './seed-rooms';
import { buildSceneDocument, type LibraryIds, SEED_MODELS, type SeedModelKey } from './seed-scenes';

/**
 * The first start of an empty install, through the real seeding path: demo accounts and catalogue, the generated
 * model library, the media job (small panoramas), the content job that saves every tour and 3D scene, and the demo
 * rooms it opens at its end.
 */
type Page<T> = { list: T[]; total: number; page: number; limit: number };

let t: TestApp;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

async function settle(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [r] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs where status in ('queued', 'running')`);
    if (Number(r?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('jobs did not finish');
}

const sceneProjects = SEED_PROJECTS.filter((p) => p.content.kind === 'scene');

beforeAll(async () => {
  // Panoramas at 256 px: the 3D scenes need none, the tours only need to exist.
  t = await createTestApp({ SEED_DEMO: '1', SEED_MEDIA_WIDTH: '256', LIBRARY_SEED: '1', PIPELINE_WORKERS: '2' });
  await settle(540_000);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('a fresh install', () => {
  it('saves every demo 3D scene with all its objects, each library model resolved to its catalogue key', async () => {
    const [job] = await rows<{ status: string; error: string | null; result: { scenesBuilt: number } }>(
      sql`select status, error, result from jobs where type = ${SEED_CONTENT_JOB}`,
    );
    expect(job?.status, job?.error ?? '').toBe('done');
    expect(job?.result.scenesBuilt).toBe(sceneProjects.length);
    expect(sceneProjects.length).toBeGreaterThanOrEqual(6);

    const keyOf = new Map(
      (await rows<{ id: number; key: string }>(sql`select id, key from library_models`)).map((r) => [r.id, r.key]),
    );
    const items = body<Page<MarketItem>>(await t.app.inject({ method: 'GET', url: '/api/home_page/item_list?limit=100' })).data
      .list;
    const token = await login(t.app, 'admin@demo.test', 'Demo@12345');
    const templates = new Set<string>();
    for (const seed of sceneProjects) {
      if (seed.content.kind !== 'scene') continue;
      const item = items.find((i) => i.name === seed.name);
      expect(item, seed.name).toBeDefined();
      // A cover drawn from the scene replaced the generated one.
      expect(item?.cover, seed.name).toMatch(/-content-0\.jpg$/);
      const details = body<SceneDetails>(
        await t.app.inject({
          method: 'GET',
          url: `/api/project/scene_details?id=${item?.id}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      ).data;
      expect(details.kind, seed.name).toBe('scene');
      expect(details.state, seed.name).toBe('published');
      const parsed = parseSceneDocument(details.document);
      expect(parsed.success, seed.name).toBe(true);
      if (!parsed.success) continue;
      const doc = parsed.data;
      // Every object the template places is there: compare with the template built from a complete library.
      const full = Object.fromEntries(Object.keys(SEED_MODELS).map((k, i) => [k, i + 1])) as LibraryIds;
      const expected = buildSceneDocument(seed.content, full, { products: [1, 2, 3] }, { image: 1, audio: 2, video: 3 }).doc;
      const placed = doc.objects.filter((o) => o.type === 'model' || o.type === 'npc');
      expect(placed.map((o) => o.name).sort(), seed.name).toEqual(
        expected.objects
          .filter((o) => o.type === 'model' || o.type === 'npc')
          .map((o) => o.name)
          .sort(),
      );
      const byName = new Map(expected.objects.map((o) => [o.name, o]));
      const nameOfId = new Map(Object.entries(full).map(([k, id]) => [id, k as SeedModelKey]));
      for (const o of placed) {
        if (o.type !== 'model' && o.type !== 'npc') continue;
        const id = 'library_id' in o.source ? o.source.library_id : 0;
        const want = byName.get(o.name);
        const wantKey =
          want && (want.type === 'model' || want.type === 'npc') && 'library_id' in want.source
            ? SEED_MODELS[nameOfId.get(want.source.library_id) as SeedModelKey]
            : undefined;
        expect(keyOf.get(id), `${seed.name}: ${o.name}`).toBe(wantKey);
        // The viewer gets the model's file.
        expect(details.library[String(id)]?.urls.model, `${seed.name}: ${o.name}`).toBeTruthy();
      }
      expect(doc.objects.filter((o) => o.type === 'hotspot').length, seed.name).toBe(
        expected.objects.filter((o) => o.type === 'hotspot').length,
      );
      const npc = doc.objects.find((o) => o.type === 'npc');
      expect(
        npc?.type === 'npc' && details.library[String('library_id' in npc.source ? npc.source.library_id : 0)]?.clips,
      ).toEqual(expect.arrayContaining(['walk', 'idle']));
      templates.add(seed.content.template);
    }
    expect(templates.size).toBe(6);
  });

  it('gives every 360 video scene a poster frame the viewers show', async () => {
    const items = body<Page<MarketItem>>(
      await t.app.inject({ method: 'GET', url: '/api/home_page/item_list?catalog=360_video&limit=100' }),
    ).data.list;
    let videos = 0;
    for (const item of items) {
      // Anonymous visitors (preview access) see posters too.
      const details = body<SceneDetails>(
        await t.app.inject({ method: 'GET', url: `/api/project/scene_details?id=${item.id}` }),
      ).data;
      const doc = details.document as { scenes?: { media: { type: string; asset_id: number } }[] };
      for (const scene of doc.scenes ?? []) {
        if (scene.media.type !== 'video360') continue;
        videos++;
        const urls = details.media[String(scene.media.asset_id)]?.urls;
        const poster = urls?.poster;
        expect(poster, item.name).toBeTruthy();
        // The poster is no processed form of the video: it still plays from its original.
        expect(urls?.original, item.name).toBeTruthy();
        const res = await t.app.inject({ method: 'GET', url: poster ?? '' });
        expect(res.statusCode, item.name).toBe(200);
        expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
      }
    }
    expect(videos).toBeGreaterThan(0);
  });

  it('opens a meeting, a classroom and an exhibition in 3D scenes and a guided 360 tour, hosted by demo accounts', async () => {
    const list = body<Page<MetaWorldCard>>(await t.app.inject({ method: 'GET', url: '/api/meta/world_list?limit=50' })).data.list;
    const open = list.filter((r) => r.access === 'public' && !r.locked);
    expect(open.length).toBeGreaterThanOrEqual(4);
    const demoNames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
    for (const room of DEMO_ROOMS) {
      const card = open.find((r) => r.name === room.name);
      expect(card, room.name).toBeDefined();
      expect(card?.room_type).toBe(room.type);
      expect(card?.scene_kind).toBe(room.template ? 'scene' : 'tour');
      expect(demoNames.has(card?.author_name ?? '') || DEMO_ACCOUNTS.some((a) => a.forumName === card?.author_name)).toBe(true);
    }
    expect(new Set(open.map((r) => r.room_type))).toEqual(new Set(['meeting', 'classroom', 'exhibition', 'open']));
    // A newcomer (not signed in) can load each room's scene at once.
    for (const card of open) {
      const res = await t.app.inject({ method: 'POST', url: '/api/meta/world_scene', payload: { entry_id: card.id } });
      expect(res.statusCode, card.name).toBe(200);
    }
  });
});
