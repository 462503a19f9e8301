import type { MarketItem, ProjectDetails } from '@xr/contract/market';
import { seedCatalogue } from '@xr/demo-content/catalogue/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { body, countQueries } from '../../test/commerce';
import { login } from '../../test/factories';

type Page<T> = { list: T[]; total: number; page: number; limit: number };

let t: TestApp;
const list = async (query: string) =>
  body<Page<MarketItem>>(await t.app.inject({ method: 'GET', url: `/api/home_page/item_list?${query}` })).data;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: '1', SEED_MEDIA_WIDTH: '0' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('demo catalogue', () => {
  it('seeds at least 40 approved public projects over the four categories, free and paid', async () => {
    const all = await list('limit=100');
    expect(all.total).toBeGreaterThanOrEqual(40);
    for (const catalog of ['360_image', '360_video', '3d_model', 'multimedia']) {
      expect((await list(`catalog=${catalog}`)).total, catalog).toBeGreaterThanOrEqual(8);
    }
    expect(all.list.some((i) => i.is_free)).toBe(true);
    expect(Math.max(...all.list.map((i) => i.price))).toBeLessThanOrEqual(300);
    expect(new Set(all.list.map((i) => i.creator.id)).size).toBeGreaterThanOrEqual(5);
    expect(all.list.some((i) => i.score_count > 0)).toBe(true);
    expect(all.list.every((i) => i.tags.length > 0)).toBe(true);
    expect((await list(`keyword=${encodeURIComponent('京都')}`)).total).toBeGreaterThan(1);
    expect((await list('keyword=kyoto%20dusk')).total).toBeGreaterThan(0);
    expect((await list('keyword=museum')).total).toBeGreaterThan(0);
  });

  it('serves the generated covers as images', async () => {
    const [first] = (await list('limit=1')).list;
    expect(first?.cover).toMatch(/^\/api\/files\/public\/covers\/.+\.svg$/);
    const res = await t.app.inject({ method: 'GET', url: first?.cover ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<linearGradient');
    const d = body<ProjectDetails>(
      await t.app.inject({ method: 'GET', url: `/api/project/front_project_details?id=${first?.id}` }),
    ).data;
    expect(d.images).toHaveLength(3);
  });

  it('has reviews and comments in Chinese and English, and demo purchases', async () => {
    const reviewed = (await list('sort=rating&limit=5')).list[0] as MarketItem;
    const texts: string[] = [];
    for (const item of (await list('limit=100')).list) {
      const c = body<Page<{ content: string }>>(
        await t.app.inject({ method: 'GET', url: `/api/comment/home_comment_page?project_id=${item.id}&limit=50` }),
      ).data;
      const r = body<Page<{ content: string }>>(
        await t.app.inject({ method: 'GET', url: `/api/home_page/score_page?project_id=${item.id}&limit=50` }),
      ).data;
      texts.push(...c.list.map((x) => x.content), ...r.list.map((x) => x.content));
    }
    expect(reviewed.score_count).toBeGreaterThan(0);
    expect(texts.some((s) => /[\u4e00-\u9fff]/.test(s))).toBe(true);
    expect(texts.some((s) => /^[A-Za-z]/.test(s))).toBe(true);
    const token = await login(t.app, 'user@demo.test', 'Demo@12345');
    const lib = body<Page<unknown>>(
      await t.app.inject({ method: 'GET', url: '/api/order/library', headers: { authorization: `Bearer ${token}` } }),
    ).data;
    expect(lib.total).toBeGreaterThan(0);
  });

  it('serves a burst of identical market reads with one load (default cache)', async () => {
    const url = '/api/home_page/item_list?limit=12&catalog=3d_model&sort=rating';
    // `.then` right away: each lazy inject dispatches inside the counting context.
    const burst = () => Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url }).then((r) => r)));
    const n = await countQueries(t, burst);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(4);
    expect(await countQueries(t, () => t.app.inject({ method: 'GET', url }))).toBe(0);
  });

  it('does not seed twice', async () => {
    const before = (await list('limit=1')).total;
    const { createAccountsService } = await import('../modules/users/accounts.service');
    const { createRbacService } = await import('../modules/rbac/rbac.service');
    const { createLocalStorage } = await import('../lib/storage');
    const db = t.database.db;
    const storage = createLocalStorage(`${t.config.dataDir}/files`);
    const users = createAccountsService({ db, rbac: createRbacService(db), storage });
    await seedCatalogue({ users, storage, log: t.app.log } as unknown as Parameters<typeof seedCatalogue>[0]);
    expect((await list('limit=1')).total).toBe(before);
  });
});
