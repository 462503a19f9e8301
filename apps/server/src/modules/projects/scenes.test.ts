import path from 'node:path';
import { SCENE_REVISIONS_MAX } from '@xr/contract/scenes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, countQueries, makeProject, placeOrder, projectsOf, type Shopper, shopper } from '../../../test/commerce';
import { usersOf } from '../../../test/factories';
import { insertLibraryModel } from '../../../test/rows';
import { png, tusUpload, waitForAsset } from '../../../test/uploads';
import { createJobQueue } from '../../lib/jobs';
import { jobs } from '../../lib/jobs.table';
import { createLocalStorage } from '../../lib/storage';
import { assets } from './assets.table';
import { createScenesService, noLibrary } from './scenes.service';
import { projectScenes, sceneRevisions } from './scenes.table';

let t: TestApp;
let app: FastifyInstance;
let creator: Shopper;
let other: Shopper;
let plain: Shopper;
let admin: Shopper;

type Lang = 'en' | 'zh-CN' | 'zh-TW';
const headersOf = (who: Shopper | undefined, lang: Lang = 'en') => ({ ...(who ? who.headers : {}), 'accept-language': lang });
const post = (who: Shopper | undefined, url: string, payload: unknown, lang: Lang = 'en') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers: headersOf(who, lang) });
const get = (who: Shopper | undefined, url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers: headersOf(who) });

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

const revisionCount = async (projectId: number) =>
  (await t.database.db.select().from(sceneRevisions).where(eq(sceneRevisions.projectId, projectId))).length;

let tourProject: number;
let sceneProject: number;
let a: { pano: number; vid360: number; img: number; aud: number; vid: number; model: number; busy: number; foreign: number };
let product: number;

function tourDoc(o: { text?: string; url?: string; hotspotTitle?: string } = {}) {
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

function sceneDoc(extra: unknown[] = []) {
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

async function save(who: Shopper, id: number, document: unknown, base: number, force?: boolean) {
  return post(who, '/project/save_scene', { id, base_version: base, document, ...(force ? { force } : {}) });
}
async function saved(who: Shopper, id: number, document: unknown, base: number) {
  const res = await save(who, id, document, base);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ version: number }>(res).data.version;
}
async function draftVersion(id: number) {
  return body<{ version: number }>(await get(creator, `/project/scene_details?id=${id}`)).data.version;
}

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
      outputs: { preview_512: 'assets/p/preview_512.jpg', tile_0_0: 'assets/p/tile_0_0.jpg', tile_1_0: 'assets/p/tile_1_0.jpg' },
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

describe('saving documents', () => {
  it('round-trips a tour: the saved document comes back as parsed, with signed media and the tile grid', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const v = await saved(creator, tourProject, tourDoc({ text: script, hotspotTitle: '"; drop table projects; --' }), 0);
    expect(v).toBe(1);
    const res = await get(creator, `/project/scene_details?id=${tourProject}`);
    expect(res.statusCode).toBe(200);
    const d = body<{
      kind: string;
      version: number;
      state: string;
      access: string;
      document: ReturnType<typeof tourDoc>;
      media: Record<string, { kind: string; urls: Record<string, string>; tiles: unknown }>;
      review: { draft_version: number; state: string };
    }>(res).data;
    expect(d).toMatchObject({
      kind: 'tour',
      version: 1,
      state: 'draft',
      access: 'full',
      review: { draft_version: 1, state: 'none' },
    });
    // Stored and answered as text, verbatim (JSON-escaped), never turned into markup by the server.
    expect(d.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: script } });
    expect(d.document.scenes[0]?.hotspots[1]).toMatchObject({ title: { en: '"; drop table projects; --' } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toContain(JSON.stringify(script).slice(1, -1));
    // Defaults are filled in on save.
    expect(d.document.scenes[1]).toMatchObject({ start_view: { yaw: 0, pitch: 0, zoom: 50 }, background_audio: null });
    const pano = d.media[String(a.pano)];
    expect(pano?.kind).toBe('image360');
    expect(pano?.tiles).toEqual({ width: 8192, cols: 2, rows: 1 });
    expect(Object.keys(pano?.urls ?? {}).sort()).toEqual(['original', 'preview_512', 'tile_0_0', 'tile_1_0']);
    expect(pano?.urls.tile_0_0).toMatch(/^\/api\/files\/signed\/assets\/p\/tile_0_0\.jpg\?expires=\d+&sig=/);
    expect(
      Object.keys(d.media)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([a.pano, a.vid360, a.img, a.aud, a.vid].sort((x, y) => x - y));
    expect(d.media[String(a.vid)]?.urls.original).toMatch(/^\/api\/files\/signed\//);
  });

  it('round-trips a 3D scene with model clips and a product card', async () => {
    const v = await saved(creator, sceneProject, sceneDoc(), 0);
    const d = body<{
      document: { objects: { id: string; transform?: unknown }[] };
      media: Record<string, { urls: Record<string, string>; clips: string[] }>;
      products: Record<string, unknown>;
      library: Record<string, unknown>;
    }>(await get(creator, `/project/scene_details?id=${sceneProject}`)).data;
    expect(v).toBe(1);
    expect(d.document.objects[0]?.transform).toEqual({ position: [1, 0, -2], rotation: [0, 0, 0], scale: [1, 1, 1] });
    expect(d.media[String(a.model)]?.clips).toEqual(['walk', 'wave']);
    expect(Object.keys(d.media[String(a.model)]?.urls ?? {}).sort()).toEqual(['model', 'original', 'thumbnail']);
    expect(d.products[String(product)]).toEqual({
      id: product,
      name: 'Sold chair',
      price: 25,
      cover: '/api/files/public/covers/test.svg',
      purchasable: true,
    });
    expect(d.library).toEqual({});
  });

  it('answers the same version for an unchanged save, and writes no revision', async () => {
    const before = await revisionCount(sceneProject);
    const v = await draftVersion(sceneProject);
    expect(await saved(creator, sceneProject, sceneDoc(), v)).toBe(v);
    expect(await revisionCount(sceneProject)).toBe(before);
  });
});

describe('refusals', () => {
  const fieldOf = (res: { json(): unknown }) => body<{ field: string; errors?: { field: string; message: string }[] }>(res).data;

  it('names the place and says why, in zh, tc and en', async () => {
    const doc = tourDoc({ url: 'javascript:alert(1)' });
    const cases: [Lang, string][] = [
      ['en', 'Enter a link starting with http:// or https://'],
      ['zh-CN', '请输入以 http:// 或 https:// 开头的链接'],
      ['zh-TW', '請輸入以 http:// 或 https:// 開頭的連結'],
    ];
    for (const [lang, message] of cases) {
      const res = await post(creator, '/project/save_scene', { id: tourProject, base_version: 1, document: doc }, lang);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 40001, message, data: { field: 'document.scenes.0.hotspots.2.url' } });
    }
    const missing = tourDoc() as { scenes: { hotspots: Record<string, unknown>[] }[] };
    delete missing.scenes[0]!.hotspots[0]!.position;
    expect(body(await save(creator, tourProject, missing, 1))).toMatchObject({
      message: 'This field is required',
      data: { field: 'document.scenes.0.hotspots.0.position' },
    });
    const ctl = await save(creator, tourProject, tourDoc({ text: 'bell\u0007' }), 1);
    expect(ctl.statusCode).toBe(400);
    expect(body(ctl)).toMatchObject({
      message: 'Control characters are not allowed',
      data: { field: 'document.scenes.0.hotspots.3.text.en' },
    });
  });

  it('refuses assets that are unknown, another user’s, not ready or of the wrong kind, all at once', async () => {
    const doc = tourDoc();
    doc.scenes[0]!.media.asset_id = a.foreign;
    doc.scenes[1]!.media.asset_id = 999_999;
    (doc.scenes[0]!.hotspots[1] as { asset_id: number }).asset_id = a.busy;
    (doc.scenes[1]!.hotspots[0] as { asset_id: number }).asset_id = a.aud;
    const res = await save(creator, tourProject, doc, 1);
    expect(res.statusCode).toBe(400);
    const data = fieldOf(res);
    expect(data.errors).toEqual([
      { field: 'document.scenes.0.media.asset_id', message: `Asset ${a.foreign} does not exist or is not yours` },
      { field: 'document.scenes.0.hotspots.1.asset_id', message: `Asset ${a.busy} is not processed yet` },
      { field: 'document.scenes.1.media.asset_id', message: 'Asset 999999 does not exist or is not yours' },
      { field: 'document.scenes.1.hotspots.0.asset_id', message: `Asset ${a.aud} is of the wrong kind here (needed: video)` },
    ]);
    // A 360 image where the scene says 360 video.
    const swapped = tourDoc();
    swapped.scenes[1]!.media.asset_id = a.pano;
    expect(fieldOf(await save(creator, tourProject, swapped, 1)).field).toBe('document.scenes.1.media.asset_id');
    const zh = await post(creator, '/project/save_scene', { id: tourProject, base_version: 1, document: swapped }, 'zh-CN');
    expect(body(zh).message).toBe(`素材 ${a.pano} 的类型不适用于此处（需要：360 视频）`);
  });

  it('refuses unknown library models, products off the market, and a kind change; resolves library models', async () => {
    const lib = await save(creator, sceneProject, sceneDoc([{ id: 'chair', type: 'model', source: { library_id: 999_999 } }]), 1);
    expect(lib.statusCode).toBe(400);
    expect(body(lib)).toMatchObject({
      message: 'Model 999999 is not in the model library',
      data: { field: 'document.objects.3.source.library_id' },
    });
    // A model of the library (the library module is wired): accepted, and viewers get its public file URLs and clips.
    const chair = await insertLibraryModel(t, {
      key: `test-chair-${Date.now()}`,
      source: 'imported',
      kind: 'character',
      category: 'characters',
      nameZh: '椅子',
      nameTc: '椅子',
      nameEn: 'Chair',
      clips: ['idle', 'walk'],
    });
    const room = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: false })).id;
    const placed = await save(creator, room, sceneDoc([{ id: 'chair', type: 'model', source: { library_id: chair } }]), 0);
    expect(placed.statusCode).toBe(200);
    const details = body<{ library: Record<string, { urls: Record<string, string>; clips: string[] }> }>(
      await get(creator, `/project/scene_details?id=${room}`),
    ).data;
    expect(details.library[String(chair)]).toMatchObject({
      urls: { model: `/api/library/file/${chair}/model.glb`, thumbnail: `/api/library/file/${chair}/thumbnail.png` },
      clips: ['idle', 'walk'],
    });
    const hidden = (await makeProject(t, other.id, { status: 'pending' })).id;
    const off = await save(
      creator,
      sceneProject,
      sceneDoc([{ id: 'h2', type: 'hotspot', hotspot: { id: 'h2', kind: 'product', project_id: hidden } }]),
      1,
    );
    expect(body(off)).toMatchObject({
      message: `Product ${hidden} is not in the market`,
      data: { field: 'document.objects.3.hotspot.project_id' },
    });
    const kind = await save(creator, tourProject, sceneDoc(), 1);
    expect(body(kind)).toMatchObject({ code: 40001, data: { field: 'document.kind' } });
    expect(body(kind).message).toContain('360 projects hold tours');
    // A 3D model project cannot start with a tour either.
    const fresh = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: false })).id;
    expect(fieldOf(await save(creator, fresh, tourDoc(), 0)).field).toBe('document.kind');
    expect(await revisionCount(fresh)).toBe(0);
    // A multimedia project holds either kind; its first save fixes which.
    const mixed = (await makeProject(t, creator.id, { catalog: 'multimedia', status: 'draft', isPublic: false })).id;
    expect((await save(creator, mixed, tourDoc(), 0)).statusCode).toBe(200);
    expect(fieldOf(await save(creator, mixed, sceneDoc(), 1)).field).toBe('document.kind');
  });

  it('refuses hostile shapes cheaply and never answers 500 to junk', async () => {
    const huge = tourDoc() as { scenes: { hotspots: unknown[] }[] };
    huge.scenes[0]!.hotspots = Array.from({ length: 100_000 }, () => ({}));
    const many = await save(creator, tourProject, huge, 1);
    expect(many.statusCode).toBe(400);
    expect(body(many)).toMatchObject({ message: 'Too many items', data: { field: 'document.scenes.0.hotspots' } });

    let deep: unknown = 0;
    for (let i = 0; i < 2000; i++) deep = [deep];
    const nested = await save(creator, sceneProject, { ...sceneDoc(), objects: deep }, 1);
    expect(nested.statusCode).toBe(400);
    expect(body(nested).message).toBe('Nested too deeply');

    const big = tourDoc({ text: 'x'.repeat(1900) }) as { scenes: { hotspots: unknown[] }[] };
    const padding = Array.from({ length: 545 }, (_, i) => ({
      id: `p${i}`,
      kind: 'text',
      text: { en: 'y'.repeat(1900) },
      position: { yaw: 0, pitch: 0 },
    }));
    big.scenes[0]!.hotspots.push(...padding);
    const tooBig = await save(creator, tourProject, big, 1);
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig)).toMatchObject({ code: 41301, message: 'The scene document is too large: at most 1 MB' });
    const huger = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: tourProject, base_version: 1, document: { pad: 'z'.repeat(3_000_000) } }),
    });
    expect(huger.statusCode).toBe(413);

    const junk: unknown[] = [
      { id: tourProject, base_version: 1, document: null },
      { id: tourProject, base_version: 1, document: 'tour' },
      { id: tourProject, base_version: 1, document: [] },
      { id: tourProject, base_version: 1, document: { kind: 'tour' } },
      { id: tourProject, base_version: 1, document: { kind: 'movie' } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), schema_version: 99 } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), scenes: { length: 3 } } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), start_scene: { $ne: 1 } } },
      { id: tourProject, base_version: -1, document: tourDoc() },
      { id: tourProject, base_version: 'x', document: tourDoc() },
      { id: 'x', base_version: 1, document: tourDoc() },
      { id: 1e12, base_version: 1, document: tourDoc() },
      { id: tourProject, base_version: 1 },
      { id: tourProject, base_version: 1, document: tourDoc(), force: 'yes' },
      [],
      'nope',
    ];
    for (const payload of junk) {
      const res = await post(creator, '/project/save_scene', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const raw = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: '{"id": 1, "document": {',
    });
    expect(raw.statusCode).toBe(400);
    const abyss = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: `{"id": ${tourProject}, "base_version": 1, "document": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    });
    expect(abyss.statusCode).toBe(400);
    for (const url of [
      '/project/scene_details?id=abc',
      '/project/scene_details?id=99999999999',
      `/project/scene_details?id=${tourProject}&version=latest`,
      `/project/scene_details?id=${tourProject}&version=-3`,
      '/project/scene_revisions?id=',
    ]) {
      expect((await get(creator, url)).statusCode, url).toBe(400);
    }
    expect((await post(creator, '/project/restore_scene', { id: tourProject, version: 'one' })).statusCode).toBe(400);
    expect((await post(creator, '/project/submit_scene', { id: null })).statusCode).toBe(400);
    // Nothing above was half-saved.
    expect(await draftVersion(tourProject)).toBe(1);
    expect(await revisionCount(tourProject)).toBe(1);
  });
});

describe('versions, revisions and restore', () => {
  it('refuses a save over an older version (two tabs) with 40940, and overwrites when forced', async () => {
    const base = await draftVersion(tourProject);
    const tabA = await saved(creator, tourProject, tourDoc({ text: 'tab A' }), base);
    expect(tabA).toBe(base + 1);
    const tabB = await save(creator, tourProject, tourDoc({ text: 'tab B' }), base);
    expect(tabB.statusCode).toBe(409);
    expect(body(tabB)).toMatchObject({
      code: 40940,
      message: 'A newer version of this scene was saved elsewhere: reload it, or overwrite it',
    });
    const zh = await post(creator, '/project/save_scene', { id: tourProject, base_version: base, document: tourDoc() }, 'zh-CN');
    expect(body(zh).message).toContain('请重新载入');
    const forced = await save(creator, tourProject, tourDoc({ text: 'tab B' }), base, true);
    expect(body<{ version: number }>(forced).data.version).toBe(base + 2);
    const d = body<{ document: ReturnType<typeof tourDoc> }>(await get(creator, `/project/scene_details?id=${tourProject}`));
    expect(d.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'tab B' } });
    // Parallel saves on one base (autosave in two tabs at once): one wins, the others are told to reload.
    const now = await draftVersion(tourProject);
    const racing = await Promise.all([1, 2, 3, 4].map((i) => save(creator, tourProject, tourDoc({ text: `race ${i}` }), now)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await draftVersion(tourProject)).toBe(now + 1);
    // A first save must start from 0.
    const fresh = (await makeProject(t, creator.id, { catalog: '360_video', status: 'draft', isPublic: false })).id;
    expect((await save(creator, fresh, tourDoc(), 3)).statusCode).toBe(409);
    expect(await saved(creator, fresh, tourDoc(), 0)).toBe(1);
  });

  it('keeps one revision a minute while autosaving, lists newest first with author and summary, and restores', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 1000;
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    vi.setSystemTime(start);
    let v = await saved(creator, p, tourDoc({ text: 'one' }), 0);
    // Autosaves every 5 s: the ones in between replace each other.
    for (const [i, s] of [5, 10, 15].entries()) {
      vi.setSystemTime(start + s * 1000);
      v = await saved(creator, p, tourDoc({ text: `auto ${i}` }), v);
    }
    vi.setSystemTime(start + 120_000);
    v = await saved(creator, p, tourDoc({ text: 'later' }), v);
    const list = body<{ version: number; author: string; published: boolean; submitted: boolean; summary: string }[]>(
      await get(creator, `/project/scene_revisions?id=${p}`),
    ).data;
    expect(list.map((r) => r.version)).toEqual([5, 4, 1]);
    expect(list[0]).toMatchObject({
      author: creator.username,
      published: false,
      submitted: false,
      summary: '2 scene(s), 5 hotspot(s)',
    });

    const zh = await app.inject({
      method: 'GET',
      url: `/api/project/scene_revisions?id=${p}`,
      headers: headersOf(creator, 'zh-CN'),
    });
    expect(body<{ summary: string }[]>(zh).data[0]?.summary).toBe('2 个场景，5 个热点');
    const restored = body<{ version: number }>(await post(creator, '/project/restore_scene', { id: p, version: 1 }));
    expect(restored.data.version).toBe(6);
    const d = body<{ version: number; document: ReturnType<typeof tourDoc> }>(
      await get(creator, `/project/scene_details?id=${p}`),
    );
    expect(d.data.version).toBe(6);
    expect(d.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'one' } });
    expect((await post(creator, '/project/restore_scene', { id: p, version: 2 })).statusCode).toBe(404);
    // Any revision by number, for the creator.
    const old = body<{ document: ReturnType<typeof tourDoc> }>(await get(creator, `/project/scene_details?id=${p}&version=4`));
    expect(old.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'auto 2' } });
  });

  it(`keeps at most ${SCENE_REVISIONS_MAX} revisions, never dropping the published one; a save is a handful of queries`, async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    await saved(creator, p, tourDoc({ text: 'v1' }), 0);
    // Publish v1 through review.
    await post(creator, '/project/submit_scene', { id: p });
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    // A long editing history, written directly: versions 2…104, two minutes apart.
    const last = SCENE_REVISIONS_MAX + 4;
    const [first] = await t.database.db.select().from(sceneRevisions).where(eq(sceneRevisions.projectId, p));
    const hour = Date.now() - 5 * 3600_000;
    await t.database.db.insert(sceneRevisions).values(
      Array.from({ length: last - 1 }, (_, i) => ({
        projectId: p,
        version: i + 2,
        document: first?.document ?? {},
        stats: { scenes: 2, hotspots: 5, models: 0, npcs: 0, lights: 0 },
        authorId: creator.id,
        createdAt: new Date(hour + i * 120_000),
      })),
    );
    await t.database.db.update(projectScenes).set({ draftVersion: last }).where(eq(projectScenes.projectId, p));
    const queries = await countQueries(t, async () => {
      expect(await saved(creator, p, tourDoc({ text: 'newest' }), last)).toBe(last + 1);
    });
    // session, project, assets, products; begin, lock (2), latest revisions, insert, update, prune, commit
    expect(queries).toBeLessThanOrEqual(14);
    const list = body<{ version: number; published: boolean }[]>(await get(creator, `/project/scene_revisions?id=${p}`)).data;
    expect(list).toHaveLength(SCENE_REVISIONS_MAX + 1);
    expect(list[0]?.version).toBe(last + 1);
    expect(list.at(-1)).toEqual(expect.objectContaining({ version: 1, published: true }));
    expect(list.at(-2)?.version).toBe(last + 2 - SCENE_REVISIONS_MAX);
  });
});

describe('review and publishing', () => {
  it('keeps an approved project on the market with its published version while a newer draft is reviewed', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', price: 0, anonymousPreview: true, name: 'Live tour' }))
      .id;
    const visitorSees = async () => {
      const res = await get(undefined, `/project/scene_details?id=${p}`);
      return res.statusCode === 200
        ? body<{ version: number; access: string; document: ReturnType<typeof tourDoc> }>(res).data
        : res.statusCode;
    };
    const v1 = await saved(creator, p, tourDoc({ text: 'first' }), 0);
    expect(await visitorSees()).toBe(404);
    const content0 = body<{ scene: unknown }>(await get(undefined, `/project/content?id=${p}`)).data;
    expect(content0.scene).toBeNull();
    expect(body<{ scene: unknown }>(await get(creator, `/project/content?id=${p}`)).data.scene).toEqual({
      kind: 'tour',
      version: 1,
    });

    const sub = body<{ review_status: string; scene_review: string }>(await post(creator, '/project/submit_scene', { id: p }));
    expect(sub.data).toEqual({ review_status: 'approved', scene_review: 'pending', submitted_version: v1 });
    const queue = body<{ list: { id: number; scene: unknown }[] }>(await get(admin, '/approval/project_review_page?limit=100'));
    expect(queue.data.list.find((r) => r.id === p)?.scene).toEqual({ kind: 'tour', version: v1, published_version: null });
    const forReview = await get(admin, `/project/scene_details?id=${p}&version=submitted`);
    expect(body<{ version: number }>(forReview).data.version).toBe(v1);
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(409);

    const seen = await visitorSees();
    expect(seen).toMatchObject({ version: v1, access: 'preview' });
    expect(body<{ scene: unknown }>(await get(undefined, `/project/content?id=${p}`)).data.scene).toEqual({
      kind: 'tour',
      version: v1,
    });

    // A newer draft: visitors keep the published version, the creator sees the draft.
    const v2 = await saved(creator, p, tourDoc({ text: 'second' }), v1);
    expect(await visitorSees()).toMatchObject({
      version: v1,
      document: { scenes: [{ hotspots: [{}, {}, {}, { text: { en: 'first' } }] }, {}] },
    });
    expect(await draftVersion(p)).toBe(v2);
    await post(creator, '/project/submit_scene', { id: p });
    const details = body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data;
    expect(details.review_status).toBe('approved');
    const reject = await post(admin, '/approval/reject_project', { id: p, reason: 'Too dark' });
    expect(reject.statusCode).toBe(200);
    expect(await visitorSees()).toMatchObject({ version: v1 });
    const review = body<{ review: unknown }>(await get(creator, `/project/scene_details?id=${p}`)).data.review;
    expect(review).toEqual({
      draft_version: v2,
      submitted_version: null,
      published_version: v1,
      state: 'rejected',
      reason: 'Too dark',
    });
    const inbox = body<{ list: { content?: string; title?: string }[] }>(await get(creator, '/message/my_message_page?limit=50'));
    expect(JSON.stringify(inbox.data.list)).toContain('Too dark');
    const revisions = body<{ version: number; published: boolean }[]>(await get(admin, `/project/scene_revisions?id=${p}`)).data;
    expect(revisions.find((r) => r.version === v1)?.published).toBe(true);

    // Submitted again and approved: the new version is published.
    await post(creator, '/project/submit_scene', { id: p });
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    expect(await visitorSees()).toMatchObject({ version: v2 });
  });

  it('sends a never-approved project to review as a whole; approval publishes its document', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: true, name: 'New room' })).id;
    expect(body(await post(creator, '/project/submit_scene', { id: p }))).toMatchObject({ code: 40001 });
    const v = await saved(creator, p, sceneDoc(), 0);
    const sub = body<{ review_status: string }>(await post(creator, '/project/submit_scene', { id: p }));
    expect(sub.data.review_status).toBe('pending');
    expect(body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data.review_status).toBe(
      'pending',
    );
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    const buyer = await shopper(t);
    // Preview off: a signed-in visitor who did not buy it is told to buy; moderators see the published version.
    const refused = await get(buyer, `/project/scene_details?id=${p}`);
    expect(refused.statusCode).toBe(403);
    const admins = body<{ version: number; state: string }>(await get(admin, `/project/scene_details?id=${p}`)).data;
    expect(admins).toMatchObject({ version: v, state: 'published' });
  });

  it('pins the draft when form edits send an approved project back to review, and refuses a catalog of the other kind', async () => {
    const p = await makeProject(t, creator.id, { catalog: '360_image', name: 'Edited' });
    const v = await saved(creator, p.id, tourDoc(), 0);
    const form = {
      id: p.id,
      name: 'Edited again',
      catalog: '360_video',
      type: 'exhibition',
      price: '100.00',
      keywords: 'k',
      description: 'd',
      cover: p.cover,
      images: [],
      tag_ids: [],
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    };
    const wrong = await post(creator, '/project/up_project', { ...form, catalog: '3d_model' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ data: { field: 'catalog' } });
    expect(body<{ review_status: string }>(await post(creator, '/project/up_project', form)).data.review_status).toBe('pending');
    const queue = body<{ list: { id: number; scene: unknown }[] }>(await get(admin, '/approval/project_review_page?limit=100'));
    expect(queue.data.list.find((r) => r.id === p.id)?.scene).toEqual({ kind: 'tour', version: v, published_version: null });
    await saved(creator, p.id, tourDoc({ text: 'after the pin' }), v);
    expect((await post(admin, '/approval/approve_project', { id: p.id })).statusCode).toBe(200);
    const pub = body<{ version: number }>(await get(undefined, `/project/content?id=${p.id}`)).data;
    expect(pub).toMatchObject({ scene: { kind: 'tour', version: v } });
  });
});

describe('uploads to a project that holds a document', () => {
  it('a real uploaded image becomes usable once processed, and does not send the approved project back to review', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', name: 'Growing tour' })).id;
    const v1 = await saved(creator, p, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: p });
    await post(admin, '/approval/approve_project', { id: p });
    const up = await tusUpload(
      app,
      creator.token,
      { filename: 'sign.png', kind: 'image', project_id: String(p) },
      await png(64, 32),
    );
    expect(up.statusCode).toBe(204);
    const status = await waitForAsset(app, p, creator.token);
    expect(status.assets[0]?.status).toBe('ready');
    expect(body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data.review_status).toBe(
      'approved',
    );
    const id = body<{ assets: { id: number }[] }>(await get(creator, `/project/asset_status?project_id=${p}`)).data.assets[0]?.id;
    const doc = tourDoc();
    (doc.scenes[0]!.hotspots[1] as { asset_id: number }).asset_id = id as number;
    const v2 = await saved(creator, p, doc, v1);
    const d = body<{ media: Record<string, { kind: string; urls: Record<string, string> }> }>(
      await get(creator, `/project/scene_details?id=${p}`),
    ).data;
    expect(d.media[String(id)]).toMatchObject({
      kind: 'image',
      urls: { original: expect.stringMatching(/^\/api\/files\/signed\//) },
    });
    const file = await app.inject({ method: 'GET', url: d.media[String(id)]?.urls.original as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(v2).toBe(v1 + 1);
  });
});

describe('seeding without HTTP', () => {
  it('saveDocument checks like a save and can publish at once (the demo catalogue)', async () => {
    const { db } = t.database;
    const scenes = createScenesService({
      db,
      projects: projectsOf(t),
      users: usersOf(t).profile,
      storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
      jobs: createJobQueue({ db, log: app.log }),
      library: noLibrary,
      purchasedAmong: async () => new Set(),
      urlTtlSeconds: 60,
    });
    const p = (await makeProject(t, creator.id, { catalog: '3d_model', anonymousPreview: true, name: 'Seeded room' })).id;
    await expect(scenes.saveDocument(other.id, p, sceneDoc())).rejects.toMatchObject({ code: 40401 });
    await expect(scenes.saveDocument(creator.id, p, { kind: 'scene', objects: 'x' })).rejects.toMatchObject({ code: 40001 });
    expect(await scenes.saveDocument(creator.id, p, sceneDoc(), { publish: true })).toEqual({ version: 1 });
    const seen = body<{ version: number; state: string }>(await get(undefined, `/project/scene_details?id=${p}`)).data;
    expect(seen).toMatchObject({ version: 1, state: 'published' });
  });
});

describe('who may do what', () => {
  it('scene_details of a new project without a document: an empty draft for its owner, not found for others', async () => {
    const tour = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', name: 'New tour' })).id;
    const scene = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', name: 'New scene' })).id;
    for (const [id, kind] of [
      [tour, 'tour'],
      [scene, 'scene'],
    ] as const) {
      const res = await get(creator, `/project/scene_details?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({
        id,
        kind,
        version: 0,
        state: 'draft',
        access: 'full',
        document: null,
        media: {},
        library: {},
        products: {},
        review: { draft_version: 0, submitted_version: null, published_version: null, state: 'none', reason: '' },
      });
      // A version asked for still has to exist; nobody else learns the project exists.
      expect((await get(creator, `/project/scene_details?id=${id}&version=1`)).statusCode).toBe(404);
      expect((await get(creator, `/project/scene_details?id=${id}&version=submitted`)).statusCode).toBe(404);
      expect((await get(other, `/project/scene_details?id=${id}`)).statusCode).toBe(404);
      expect((await get(undefined, `/project/scene_details?id=${id}`)).statusCode).toBe(404);
    }
    // The first save starts at version 0 and the owner then gets the document.
    expect(await saved(creator, tour, tourDoc(), 0)).toBe(1);
    expect(body<{ version: number }>(await get(creator, `/project/scene_details?id=${tour}`)).data.version).toBe(1);
  });

  it('save, restore and submit: the owner only (401 anonymous, 403 without the creator area, 404 for others and admins)', async () => {
    const calls: [string, unknown][] = [
      ['/project/save_scene', { id: tourProject, base_version: 0, document: tourDoc(), force: true }],
      ['/project/restore_scene', { id: tourProject, version: 1 }],
      ['/project/submit_scene', { id: tourProject }],
    ];
    for (const [url, payload] of calls) {
      expect((await post(undefined, url, payload)).statusCode, url).toBe(401);
      expect((await post(plain, url, payload)).statusCode, url).toBe(403);
      expect((await post(other, url, payload)).statusCode, url).toBe(404);
      expect((await post(admin, url, payload)).statusCode, url).toBe(404);
    }
    expect((await post(creator, '/project/save_scene', { id: 99_999, base_version: 0, document: tourDoc() })).statusCode).toBe(
      404,
    );
  });

  it('revisions: owner and moderators; scene_details: drafts for the owner, published for visitors and buyers', async () => {
    expect((await get(undefined, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(401);
    expect((await get(other, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(plain, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(admin, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(200);
    // An unpublished draft project: nobody but its owner and moderators.
    expect((await get(undefined, `/project/scene_details?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(other, `/project/scene_details?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(admin, `/project/scene_details?id=${tourProject}&version=1`)).statusCode).toBe(200);

    // A published paid project with preview off: buyers get the full published document, visitors are told to buy.
    const p = (await makeProject(t, creator.id, { catalog: '360_image', price: 0, name: 'Bought tour' })).id;
    const v1 = await saved(creator, p, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: p });
    await post(admin, '/approval/approve_project', { id: p });
    await saved(creator, p, tourDoc({ text: 'draft only' }), v1);
    const visitor = await get(undefined, `/project/scene_details?id=${p}`);
    expect(visitor.statusCode).toBe(403);
    expect(body(visitor).message).toBe('Get it free to view the full content');
    const buyer = await shopper(t);
    const order = await placeOrder(app, buyer, [p]);
    await app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free', path: '/', project_ids: String(p) },
    });
    const bought = body<{
      version: number;
      access: string;
      review: unknown;
      media: Record<string, { urls: object; tiles: unknown }>;
    }>(await get(buyer, `/project/scene_details?id=${p}`)).data;
    expect(bought).toMatchObject({ version: v1, access: 'full', review: null });
    expect(bought.media[String(a.pano)]?.tiles).toEqual({ width: 8192, cols: 2, rows: 1 });
    expect((await get(buyer, `/project/scene_details?id=${p}&version=${v1 + 1}`)).statusCode).toBe(404);
    expect((await get(buyer, `/project/scene_details?id=${p}&version=submitted`)).statusCode).toBe(404);
    expect((await get(buyer, `/project/scene_revisions?id=${p}`)).statusCode).toBe(404);

    // Anonymous preview on: the published document at preview quality (no tiles, no processed originals).
    const q = (await makeProject(t, creator.id, { catalog: '360_image', anonymousPreview: true, name: 'Preview tour' })).id;
    await saved(creator, q, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: q });
    await post(admin, '/approval/approve_project', { id: q });
    const preview = body<{ access: string; media: Record<string, { urls: Record<string, string>; tiles: unknown }> }>(
      await get(undefined, `/project/scene_details?id=${q}`),
    ).data;
    expect(preview.access).toBe('preview');
    expect(Object.keys(preview.media[String(a.pano)]?.urls ?? {})).toEqual(['preview_512']);
    expect(preview.media[String(a.pano)]?.tiles).toBeNull();
    expect(Object.keys(preview.media[String(a.vid)]?.urls ?? {})).toEqual(['original']);
  });

  it('deleting a project deletes its document and revisions', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    await saved(creator, p, tourDoc(), 0);
    expect((await post(creator, '/project/del_project', { id: p })).statusCode).toBe(200);
    expect(await revisionCount(p)).toBe(0);
  });
});
