import path from 'node:path';
import type { LibraryCategoryItem, LibraryModel, ManagedModel } from '@xr/contract/library';
import { generatedCatalogue } from '@xr/demo-content/library/catalogue';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { createJobQueue } from '../../lib/jobs';
import { createPipelinePool, type PipelinePool } from '../../lib/pipeline/pool';
import { createLocalStorage } from '../../lib/storage';
import { createLibraryService, type LibraryService } from './library.service';

let t: TestApp;
let app: FastifyInstance;
let admin: string;
let creator: string;
let other: LibraryService;
let otherPool: PipelinePool;

type PageOf<T> = { list: T[]; total: number; page: number; limit: number };

const get = (url: string, token?: string, lang = 'en') =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': lang } });
const post = (url: string, token: string | undefined, payload: object, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...(token ? auth(token) : {}), 'accept-language': lang } });
const page = async (query: string, token = creator, lang = 'en') =>
  body<PageOf<LibraryModel>>(await get(`/library/model_page?${query}`, token, lang)).data;

beforeAll(async () => {
  t = await createTestApp({ LIBRARY_SEED: '1', LIBRARY_PREBUILD: '0', MARKET_CACHE_SECONDS: '0' });
  app = t.app;
  const a = await makeUser(t, { roles: ['admin'] });
  admin = await login(t, a.email, a.password);
  const c = await makeUser(t, { roles: ['creator'] });
  creator = await login(t, c.email, c.password);
  const { db } = t.database;
  otherPool = createPipelinePool({ workers: 1 });
  other = createLibraryService({
    db,
    storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
    pipeline: otherPool,
    jobs: createJobQueue({ db }),
    tmpDir: path.join(t.config.dataDir, 'tmp'),
    cacheMs: 0,
  });
});
afterAll(async () => {
  await otherPool.destroy();
  await t.close();
});

describe('model library access', () => {
  it('needs a signed-in user to browse and /system/library to curate', async () => {
    expect((await get('/library/model_page')).statusCode).toBe(401);
    expect((await get('/library/category_list')).statusCode).toBe(401);
    expect((await get('/library/manage_page', creator)).statusCode).toBe(403);
    expect((await post('/library/update_model', undefined, { id: 1, hidden: true })).statusCode).toBe(401);
    const refused = await post('/library/update_model', creator, { id: 1, hidden: true });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(40301);
    expect((await get('/library/model_page', admin)).statusCode).toBe(200);
  });
});

describe('browsing', () => {
  it('holds the whole generated catalogue, paged in id order', async () => {
    const first = await page('page=1&limit=24');
    expect(first.total).toBe(generatedCatalogue().length);
    expect(first.total).toBeGreaterThanOrEqual(3000);
    expect(first.list).toHaveLength(24);
    const second = await page('page=2&limit=24');
    expect(second.list[0]!.id).toBeGreaterThan(first.list[23]!.id);
    const ids = [...first.list, ...second.list].map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const m = first.list[0]!;
    expect(m.url).toBe(`/api/library/file/${m.id}/model.glb`);
    expect(m.thumbnail).toBe(`/api/library/file/${m.id}/thumbnail.png`);
    expect((await page(`page=${Math.ceil(first.total / 24) + 1}&limit=24`)).list).toEqual([]);
    expect((await get('/library/model_page?limit=1000', creator)).statusCode).toBe(400);
  });

  it('answers names in the caller language, with all three alongside', async () => {
    const [en, zh, tc] = await Promise.all([
      page('limit=5', creator, 'en'),
      page('limit=5', creator, 'zh'),
      page('limit=5', creator, 'tc'),
    ]);
    for (let i = 0; i < 5; i++) {
      expect(en.list[i]!.name).toBe(en.list[i]!.names.en);
      expect(zh.list[i]!.name).toBe(zh.list[i]!.names.zh);
      expect(tc.list[i]!.name).toBe(tc.list[i]!.names.tc);
      expect(zh.list[i]!.name).not.toBe(en.list[i]!.name);
    }
    expect(en.list[0]!.tags.find((x) => x.id === 'furniture')?.name).toBe('furniture');
    expect(zh.list[0]!.tags.find((x) => x.id === 'furniture')?.name).toBe('家具');
  });

  it('searches in English and Chinese, every word must match', async () => {
    const chairs = await page('keyword=chair&limit=100');
    expect(chairs.total).toBeGreaterThan(50);
    for (const m of chairs.list) expect(`${m.names.en} ${m.tags.map((x) => x.name).join(' ')}`.toLowerCase()).toContain('chair');
    const oakChairs = await page(`keyword=${encodeURIComponent('Oak  CHAIR')}&limit=100`);
    expect(oakChairs.total).toBeGreaterThan(0);
    expect(oakChairs.total).toBeLessThan(chairs.total);
    for (const m of oakChairs.list) expect(m.names.en.toLowerCase()).toMatch(/oak.*chair/);

    const zhSofa = await page(`keyword=${encodeURIComponent('沙发')}&limit=100`, creator, 'zh');
    expect(zhSofa.total).toBe(48);
    for (const m of zhSofa.list) expect(m.name).toContain('沙发');
    const tcSofa = await page(`keyword=${encodeURIComponent('沙發')}&limit=100`, creator, 'tc');
    expect(tcSofa.total).toBe(48);
    // One Chinese character, and a colour word found through the tags.
    expect((await page(`keyword=${encodeURIComponent('树')}`, creator, 'zh')).total).toBeGreaterThan(0);
    const red = await page(`keyword=${encodeURIComponent('红色 凳子')}&limit=100`, creator, 'zh');
    expect(red.total).toBeGreaterThan(0);
    for (const m of red.list) expect(m.tags.map((x) => x.id)).toContain('red');
    expect((await page('keyword=zzqqxx')).total).toBe(0);
    // LIKE characters are plain text.
    expect((await page(`keyword=${encodeURIComponent('%_')}`)).total).toBe(0);
  });

  it('filters by category, tag and kind', async () => {
    const cats = body<LibraryCategoryItem[]>(await get('/library/category_list', creator, 'zh')).data;
    expect(cats.map((c) => c.id)).toContain('lighting');
    expect(cats.find((c) => c.id === 'lighting')!.name).toBe('灯具');
    const lighting = await page('category=lighting&limit=100');
    // a category counts its cards (distinct models), not every colour and size variant
    const lightingCards = await page('category=lighting&grouped=1&limit=1');
    expect(lightingCards.total).toBe(cats.find((c) => c.id === 'lighting')!.count);
    expect(lighting.total).toBeGreaterThan(lightingCards.total);
    for (const m of lighting.list) expect(m.category).toBe('lighting');
    expect(cats.reduce((s, c) => s + c.count, 0)).toBe((await page('grouped=1&limit=1')).total);

    const red = await page('tag=red&limit=100');
    expect(red.total).toBeGreaterThan(50);
    for (const m of red.list) expect(m.tags.map((x) => x.id)).toContain('red');
    const redLamps = await page('tag=red&category=lighting&limit=100');
    expect(redLamps.total).toBeGreaterThan(0);
    expect(redLamps.total).toBeLessThan(red.total);

    const characters = await page('kind=character&limit=100');
    expect(characters.total).toBe(12);
    for (const m of characters.list) {
      expect(m.category).toBe('characters');
      expect(m.clips).toEqual(['idle', 'walk', 'wave']);
    }
    expect((await page('category=all&limit=1')).total).toBe((await page('limit=1')).total);
    const bad = await get('/library/model_page?category=nope', creator);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('Unknown model category');
  });
});

describe('variant groups', () => {
  it('shows one card per generated family with its variant count, and counts models and variants honestly', async () => {
    const catalogue = generatedCatalogue();
    const families = new Set(catalogue.map((e) => e.family));
    const grouped = await page('grouped=1&limit=100');
    expect(grouped.total).toBe(families.size);
    const first = grouped.list[0]!;
    expect(first.group).toBe(`gen:${catalogue[0]!.family}`);
    expect(first.variants).toBe(catalogue.filter((e) => e.family === catalogue[0]!.family).length);
    expect(first.credit).toBeNull();
    const variants = await page(`group=${encodeURIComponent(first.group)}&limit=100`);
    expect(variants.total).toBe(first.variants);
    expect(new Set(variants.list.map((m) => m.group))).toEqual(new Set([first.group]));
    const summary = body<{ models: number; variants: number; imported: number; packs: number }>(
      await get('/library/summary', creator),
    ).data;
    expect(summary).toEqual({ models: families.size, variants: catalogue.length, imported: 0, packs: 0 });
    // a search finds a family once, by its first matching variant
    const chairs = await page('grouped=1&keyword=chair&limit=100');
    expect(new Set(chairs.list.map((m) => m.group)).size).toBe(chairs.list.length);
  });
});

describe('curation', () => {
  it('hides a model from creators and shows it again', async () => {
    const target = (await page('keyword=bookshelf&limit=1')).list[0]!;
    const before = (await page('keyword=bookshelf&limit=1')).total;
    const countBefore = body<LibraryCategoryItem[]>(await get('/library/category_list', creator)).data.find(
      (c) => c.id === target.category,
    )!.count;

    const hidden = body<ManagedModel>(await post('/library/update_model', admin, { id: target.id, hidden: true }));
    expect(hidden.data).toMatchObject({ id: target.id, hidden: true });
    expect(hidden.message).toBe('Operation successful');
    expect((await page('keyword=bookshelf&limit=100')).total).toBe(before - 1);
    expect((await page('keyword=bookshelf&limit=100')).list.map((m) => m.id)).not.toContain(target.id);
    // one variant hidden: its family's other variants keep the model in the category's count
    expect(target.variants).toBeGreaterThan(1);
    expect(
      body<LibraryCategoryItem[]>(await get('/library/category_list', creator)).data.find((c) => c.id === target.category)!.count,
    ).toBe(countBefore);
    const managed = body<PageOf<ManagedModel>>(await get('/library/manage_page?hidden=true', admin)).data;
    expect(managed.list.map((m) => m.id)).toEqual([target.id]);
    // Its files still answer: scenes that use it keep working.
    expect((await get(`/library/file/${target.id}/thumbnail.png`)).statusCode).toBe(200);

    await post('/library/update_model', admin, { id: target.id, hidden: false });
    expect((await page('keyword=bookshelf&limit=100')).total).toBe(before);
  });

  it('renames in three languages and recategorises', async () => {
    const target = (await page('keyword=vase&limit=1')).list[0]!;
    const names = { zh: '青花瓷瓶', tc: '青花瓷瓶（繁）', en: 'Blue and white porcelain' };
    const res = body<ManagedModel>(
      await post('/library/update_model', admin, { id: target.id, names, category: 'gallery' }, 'tc'),
    );
    expect(res.data).toMatchObject({ name: names.tc, names, category: 'gallery' });
    const found = await page(`keyword=${encodeURIComponent('porcelain')}`);
    expect(found.list.map((m) => m.id)).toEqual([target.id]);
    expect((await page(`keyword=${encodeURIComponent('青花')}`, creator, 'zh')).list[0]).toMatchObject({
      id: target.id,
      name: names.zh,
    });
    expect((await page('category=gallery&limit=100&keyword=porcelain')).total).toBe(1);
    expect((await page('category=props&keyword=porcelain')).total).toBe(0);
  });

  it('refuses bad curation bodies with a clear message', async () => {
    const nothing = await post('/library/update_model', admin, { id: 1 });
    expect(nothing.statusCode).toBe(400);
    expect(body(nothing).message).toContain('hidden, names or category');
    const zh = await post('/library/update_model', admin, { id: 1 }, 'zh');
    expect(body(zh).message).toContain('请指定要修改的内容');
    const cat = await post('/library/update_model', admin, { id: 1, category: 'nope' });
    expect(cat.statusCode).toBe(400);
    const half = await post('/library/update_model', admin, { id: 1, names: { zh: '椅', en: 'Chair' } });
    expect(half.statusCode).toBe(400);
    const empty = await post('/library/update_model', admin, { id: 1, names: { zh: ' ', tc: '椅', en: 'Chair' } });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toContain('Name cannot be empty');
    expect((await post('/library/update_model', admin, { id: 999999, hidden: true })).statusCode).toBe(404);
    expect((await post('/library/update_model', admin, { id: 'x', hidden: true })).statusCode).toBe(400);
  });
});

describe('files', () => {
  it('builds a generated model on its first request and keeps it', async () => {
    const m = (await page('keyword=stool&limit=1')).list[0]!;
    expect(m.triangles).toBe(0);
    const png = await get(`/library/file/${m.id}/thumbnail.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toContain('public');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    const glb = await get(`/library/file/${m.id}/model.glb`);
    expect(glb.statusCode).toBe(200);
    expect(glb.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    const after = (await page('keyword=stool&limit=1')).list[0]!;
    expect(after.triangles).toBeGreaterThan(0);
    expect(after.bytes).toBe(glb.rawPayload.byteLength);
    expect(after.size[1]).toBeGreaterThan(0.3);
    expect((await get('/library/file/999999/model.glb')).statusCode).toBe(404);
    for (const bad of ['99999999999999999999/model.glb', '2147483648/model_coarse.glb', '1%00/model.glb', '1/model%00.glb'])
      expect((await get(`/library/file/${bad}`)).statusCode, bad).toBe(400);
    expect((await get(`/library/file/${m.id}/other.txt`)).statusCode).toBe(400);
  });

  it('builds the rest in background jobs, queued once', async () => {
    // Leave two models to build: the job builds them and stops queuing.
    await t.database.db.execute(
      sql`update library_models set glb_key = 'x', thumb_key = 'x' where glb_key is null and id not in (select id from library_models where glb_key is null order by id limit 2)`,
    );
    // Queued through a second service on the same database; the app's job queue runs it.
    expect(await other.startBackgroundBuild()).toBe(true);
    expect(await other.startBackgroundBuild()).toBe(false);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await t.database.db.execute(sql`select count(*)::int as n from library_models where glb_key is null`);
      if (Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n) === 0) break;
      if (Date.now() > deadline) throw new Error('library build job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await other.startBackgroundBuild()).toBe(false);
  });

  it('inserts the catalogue only once', async () => {
    expect(await other.ensureCatalogue()).toEqual({ inserted: 0, stale: 0 });
  });
});
