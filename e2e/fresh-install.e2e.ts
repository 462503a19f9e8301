import type { MarketItem } from '@xr/contract/market';
import { parseSceneDocument, type SceneDetails } from '@xr/contract/scenes';
import type { MetaWorldCard } from '@xr/contract/world';
import { DEMO_ACCOUNTS } from '@xr/demo-content/accounts';
import { SEED_PROJECTS } from '@xr/demo-content/catalogue/projects';
import { type LibraryIds, SEED_MODELS, type SeedModelKey } from '@xr/demo-content/content/scene-plan';
import { buildSceneDocument } from '@xr/demo-content/content/scenes';
import { generatedCatalogue } from '@xr/demo-content/library/catalogue';
import { DEMO_ROOMS } from '@xr/demo-content/rooms';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, laneBase } from './helpers';

/**
 * The first start of an empty install, checked on the journeys' own server: it started on an empty data dir, so its
 * demo accounts, catalogue, generated model library, media job and content job (every tour and 3D scene, then the
 * demo rooms) are what a newcomer's `npm start` makes (the library models built as they are first asked for, see global-setup.ts). The seeding runs in the background after the server is
 * ready; this waits for its last visible results (the scenes' drawn covers and the open rooms) instead of seeding a
 * second install of its own. It runs after the other journeys (see vitest.config.ts), when the seeding has long ended.
 */
type Page<T> = { list: T[]; total: number; page: number; limit: number };

const base = laneBase();
const sceneProjects = SEED_PROJECTS.filter((p) => p.content.kind === 'scene');
const get = <T>(path: string, token?: string) => api<T>(base, path, undefined, token, 'GET');

let items: MarketItem[] = [];
let rooms: MetaWorldCard[] = [];

/** Every market item (the journeys publish projects of their own beside the demo catalogue), page by page. */
async function allItems(query = ''): Promise<MarketItem[]> {
  const out: MarketItem[] = [];
  for (let page = 1; ; page++) {
    const p = await get<Page<MarketItem>>(`/api/home_page/item_list?limit=100&page=${page}${query}`);
    out.push(...p.list);
    if (p.list.length === 0 || out.length >= p.total) return out;
  }
}

beforeAll(async () => {
  // The content job saves the scenes and draws their covers, then opens the demo rooms: both done means it ended.
  const until = Date.now() + 480_000;
  for (;;) {
    items = await allItems();
    rooms = (await get<Page<MetaWorldCard>>('/api/meta/world_list?limit=50')).list;
    const covers = sceneProjects.every((s) => items.find((i) => i.name === s.name)?.cover.match(/-content-0\.jpg$/));
    if (covers && DEMO_ROOMS.every((r) => rooms.some((c) => c.name === r.name))) return;
    if (Date.now() > until) throw new Error('the demo content of the first start did not finish in 8 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}, 500_000);

describe('a fresh install', () => {
  it('saves every demo 3D scene with all its objects, each library model the one its catalogue key names (names in Chinese: the calls send no language)', async () => {
    expect(sceneProjects.length).toBeGreaterThanOrEqual(6);
    const token = await adminToken(base);
    const catalogue = new Map(generatedCatalogue().map((e) => [e.key, e.names.zh]));
    const templates = new Set<string>();
    for (const seed of sceneProjects) {
      if (seed.content.kind !== 'scene') continue;
      const item = items.find((i) => i.name === seed.name);
      expect(item, seed.name).toBeDefined();
      // A cover drawn from the scene replaced the generated one.
      expect(item?.cover, seed.name).toMatch(/-content-0\.jpg$/);
      const details = await get<SceneDetails>(`/api/project/scene_details?id=${item?.id}`, token);
      expect(details.kind, seed.name).toBe('scene');
      expect(details.state, seed.name).toBe('published');
      const parsed = parseSceneDocument(details.document);
      expect(parsed.success, seed.name).toBe(true);
      if (!parsed.success) continue;
      const doc = parsed.data;
      // Every object the template places is there: compare with the template built from a complete library.
      const full = Object.fromEntries(Object.keys(SEED_MODELS).map((k, i) => [k, i + 1])) as LibraryIds;
      const expected = buildSceneDocument(seed.content, full, { products: [1, 2, 3] }, { image: 1, audio: 2, video: 3 }).doc;
      const modelsOf = (objects: typeof doc.objects) => objects.filter((o) => o.type === 'model' || o.type === 'npc');
      const placed = modelsOf(doc.objects);
      expect(placed.map((o) => o.name).sort(), seed.name).toEqual(
        modelsOf(expected.objects)
          .map((o) => o.name)
          .sort(),
      );
      // Each placed library model is the catalogue entry the template asks for (by its name in the default language).
      const ids = placed.map((o) => ('source' in o && 'library_id' in o.source ? o.source.library_id : 0));
      const names = new Map(
        (
          await api<{ id: number; name: string }[]>(
            base,
            `/api/library/credit_list?ids=${ids.join(',')}`,
            undefined,
            undefined,
            'GET',
          )
        ).map((c) => [c.id, c.name]),
      );
      const byName = new Map(expected.objects.map((o) => [o.name, o]));
      const keyOfId = new Map(Object.entries(full).map(([k, id]) => [id, k as SeedModelKey]));
      for (const [n, o] of placed.entries()) {
        const want = byName.get(o.name);
        const wantKey =
          want && (want.type === 'model' || want.type === 'npc') && 'library_id' in want.source
            ? SEED_MODELS[keyOfId.get(want.source.library_id) as SeedModelKey]
            : undefined;
        expect(names.get(ids[n] as number), `${seed.name}: ${o.name}`).toBe(catalogue.get(wantKey ?? ''));
        // The viewer gets the model's file.
        expect(details.library[String(ids[n])]?.urls.model, `${seed.name}: ${o.name}`).toBeTruthy();
      }
      expect(doc.objects.filter((o) => o.type === 'hotspot').length, seed.name).toBe(
        expected.objects.filter((o) => o.type === 'hotspot').length,
      );
      const npc = doc.objects.find((o) => o.type === 'npc');
      const npcId = npc?.type === 'npc' && 'library_id' in npc.source ? npc.source.library_id : 0;
      expect(details.library[String(npcId)]?.clips, seed.name).toEqual(expect.arrayContaining(['walk', 'idle']));
      templates.add(seed.content.template);
    }
    expect(templates.size).toBe(6);
  });

  it('gives every 360 video scene a poster frame the viewers show', async () => {
    const videos = await allItems('&catalog=360_video');
    let posters = 0;
    for (const item of videos) {
      // Anonymous visitors (preview access) see posters too.
      const details = await get<SceneDetails>(`/api/project/scene_details?id=${item.id}`);
      const doc = details.document as { scenes?: { media: { type: string; asset_id: number } }[] };
      for (const scene of doc.scenes ?? []) {
        if (scene.media.type !== 'video360') continue;
        posters++;
        const urls = details.media[String(scene.media.asset_id)]?.urls;
        expect(urls?.poster, item.name).toBeTruthy();
        // The poster is no processed form of the video: it still plays from its original.
        expect(urls?.original, item.name).toBeTruthy();
        const res = await fetch(new URL(urls?.poster ?? '', base));
        expect(res.status, item.name).toBe(200);
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(0, 2)
            .toString('hex'),
        ).toBe('ffd8');
      }
    }
    expect(posters).toBeGreaterThan(0);
  });

  it('opens a meeting, a classroom and an exhibition in 3D scenes and a guided 360 tour, hosted by demo accounts', async () => {
    const open = rooms.filter((r) => r.access === 'public' && !r.locked);
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
      const r = await fetch(`${base}/api/meta/world_scene`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ entry_id: card.id }),
      });
      expect(r.status, card.name).toBe(200);
    }
  });
});
