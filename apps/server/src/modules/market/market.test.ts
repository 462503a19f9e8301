import { MARKET_COUNT_CAP, type MarketItem, type ProjectDetails } from '@xr/contract/market';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  body,
  countQueries,
  makeProject,
  placeOrder,
  projectsOf,
  queryTexts,
  type Shopper,
  shopper,
} from '../../../test/commerce';
import { noteMarketWrite } from '../projects/projects.service';

type Page<T> = { list: T[]; total: number; page: number; limit: number; total_exact?: boolean };

let t: TestApp;
let maker: Shopper;
let other: Shopper;
let buyer: Shopper;
let admin: Shopper;
const ids: Record<string, number> = {};

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/home_page/item_list?${query}` });
  return { status: res.statusCode, ...body<Page<MarketItem>>(res) };
};
const names = (p: Page<MarketItem>) => p.list.map((i) => i.name);
const post = (url: string, who: Shopper, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.headers, payload });

beforeAll(async () => {
  t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
  maker = await shopper(t, { username: 'kyoto_maker' });
  other = await shopper(t, { username: 'harbour_films' });
  buyer = await shopper(t);
  admin = await shopper(t, { roles: ['admin'] });
  const day = 86_400_000;
  const base = Date.now() - 30 * day;
  const at = (n: number) => new Date(base + n * day);
  ids.kyoto = (
    await makeProject(t, maker.id, {
      name: 'Kyoto Kiyomizu-dera 360° Temple Tour',
      catalog: '360_image',
      price: 128,
      keywords: 'Kyoto, temple, 京都, 清水寺',
      description: '京都清水寺日出全景导览',
      tags: ['Tourism', 'Culture'],
      createdAt: at(1),
    })
  ).id;
  ids.sneaker = (
    await makeProject(t, other.id, {
      name: 'Sneaker 3D Showroom',
      catalog: '3d_model',
      price: 280,
      keywords: 'sneaker, shoes',
      tags: ['Product'],
      createdAt: at(2),
    })
  ).id;
  ids.museum = (
    await makeProject(t, other.id, {
      name: 'Museum Multimedia Guide',
      catalog: 'multimedia',
      price: 0,
      description: 'Bronze age gallery with audio guide',
      tags: ['Museum', 'Culture'],
      createdAt: at(3),
    })
  ).id;
  ids.ferry = (
    await makeProject(t, other.id, { name: '天星小轮 360 视频', catalog: '360_video', price: 50, createdAt: at(4) })
  ).id;
  ids.pending = (await makeProject(t, maker.id, { name: 'Pending Kyoto draft', status: 'pending', createdAt: at(5) })).id;
  ids.private = (await makeProject(t, maker.id, { name: 'Private Kyoto study', isPublic: false, createdAt: at(6) })).id;
  ids.showcase = (
    await makeProject(t, maker.id, { name: 'Showcase booth', catalog: '3d_model', price: 10, forSale: false, createdAt: at(7) })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /home_page/item_list', () => {
  it('lists only approved public projects, newest first, with tags and creators', async () => {
    const r = await list('page=1&limit=20');
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(5);
    expect(names(r.data)).toEqual([
      'Showcase booth',
      '天星小轮 360 视频',
      'Museum Multimedia Guide',
      'Sneaker 3D Showroom',
      'Kyoto Kiyomizu-dera 360° Temple Tour',
    ]);
    const kyoto = r.data.list.find((i) => i.id === ids.kyoto);
    expect(kyoto).toMatchObject({
      price: 128,
      is_free: false,
      catalog: '360_image',
      creator: { id: maker.id, name: 'kyoto_maker' },
    });
    expect(kyoto?.tags.map((x) => x.name).sort()).toEqual(['Culture', 'Tourism']);
  });

  it('filters by category, tags and price range, and pages', async () => {
    expect(names((await list('catalog=3d_model')).data).sort()).toEqual(['Showcase booth', 'Sneaker 3D Showroom']);
    expect((await list('catalog=all')).data.total).toBe(5);
    const tags = body<{ id: number; name: string }[]>(await t.app.inject({ method: 'GET', url: '/api/home_page/tag_list' })).data;
    const culture = tags.find((x) => x.name === 'Culture')?.id;
    const product = tags.find((x) => x.name === 'Product')?.id;
    expect(names((await list(`tag_ids=${culture}`)).data).sort()).toEqual([
      'Kyoto Kiyomizu-dera 360° Temple Tour',
      'Museum Multimedia Guide',
    ]);
    expect((await list(`tag_ids=${culture},${product}`)).data.total).toBe(3);
    expect(names((await list('min_price=50&max_price=200')).data).sort()).toEqual([
      'Kyoto Kiyomizu-dera 360° Temple Tour',
      '天星小轮 360 视频',
    ]);
    expect(names((await list('max_price=0')).data)).toEqual(['Museum Multimedia Guide']);
    const p2 = await list('limit=2&page=2');
    expect(p2.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(names(p2.data)).toEqual(['Museum Multimedia Guide', 'Sneaker 3D Showroom']);
  });

  it('answers tag names in the three languages; given translations fill only empty ones; search finds them', async () => {
    const projects = projectsOf(t);
    await projects.ensureTags([{ name: 'Culture', zh: '文化', tc: '文化', en: 'Culture' }]);
    // a second seed with other words does not overwrite the names now set
    await projects.ensureTags([{ name: 'Culture', zh: '别的', tc: '別的', en: 'Other' }, 'Tourism']);
    await projects.refreshSearchText([ids.kyoto!, ids.museum!]);
    type Tag = { id: number; name: string; names: { zh: string; tc: string; en: string } };
    const tags = body<Tag[]>(await t.app.inject({ method: 'GET', url: '/api/home_page/tag_list' })).data;
    expect(tags.find((x) => x.name === 'Culture')?.names).toEqual({ zh: '文化', tc: '文化', en: 'Culture' });
    // no translation: every language shows the key
    expect(tags.find((x) => x.name === 'Tourism')?.names).toEqual({ zh: 'Tourism', tc: 'Tourism', en: 'Tourism' });
    const kyoto = (await list('keyword=Kyoto')).data.list.find((i) => i.id === ids.kyoto);
    expect(kyoto?.tags.find((x) => x.name === 'Culture')?.names.zh).toBe('文化');
    expect(names((await list(`keyword=${encodeURIComponent('文化')}`)).data).sort()).toEqual([
      'Kyoto Kiyomizu-dera 360° Temple Tour',
      'Museum Multimedia Guide',
    ]);
  });

  it('sorts by price, popularity and rating', async () => {
    expect(names((await list('sort=price_asc')).data)[0]).toBe('Museum Multimedia Guide');
    expect(names((await list('sort=price_desc')).data)[0]).toBe('Sneaker 3D Showroom');
    // A sale of the Kyoto tour (free order path is not involved: score the free museum guide instead).
    await t.app.inject({
      method: 'POST',
      url: '/api/home_page/set_score',
      headers: buyer.headers,
      payload: { project_id: ids.museum, score: 5 },
    });
    expect(names((await list('sort=rating')).data)[0]).toBe('Museum Multimedia Guide');
    const order = await placeOrder(t.app, buyer, [ids.museum as number]);
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free' },
    });
    expect(names((await list('sort=popular')).data)[0]).toBe('Museum Multimedia Guide');
  });

  it('searches substrings of names, keywords, descriptions, tags and creators in English and Chinese', async () => {
    expect(names((await list('keyword=kiyomi')).data)).toEqual(['Kyoto Kiyomizu-dera 360° Temple Tour']);
    expect(names((await list('keyword=KIYOMIZU')).data)).toEqual(['Kyoto Kiyomizu-dera 360° Temple Tour']);
    // The creator's name matches too: kyoto_maker also owns the showcase booth.
    expect(names((await list('keyword=kyoto')).data)).toEqual(['Showcase booth', 'Kyoto Kiyomizu-dera 360° Temple Tour']);
    expect(names((await list(`keyword=${encodeURIComponent('清水')}`)).data)).toEqual(['Kyoto Kiyomizu-dera 360° Temple Tour']);
    expect(names((await list(`keyword=${encodeURIComponent('小轮')}`)).data)).toEqual(['天星小轮 360 视频']);
    expect(names((await list(`keyword=${encodeURIComponent('寺')}`)).data)).toEqual(['Kyoto Kiyomizu-dera 360° Temple Tour']);
    expect(names((await list(`keyword=${encodeURIComponent('360 视频')}`)).data)).toEqual(['天星小轮 360 视频']);
    expect((await list(`keyword=${encodeURIComponent('小天')}`)).data.total).toBe(0);
    expect(names((await list('keyword=bronze')).data)).toEqual(['Museum Multimedia Guide']);
    expect(names((await list('keyword=product')).data)).toEqual(['Sneaker 3D Showroom']);
    expect(names((await list('keyword=harbour_fi')).data).sort()).toEqual([
      'Museum Multimedia Guide',
      'Sneaker 3D Showroom',
      '天星小轮 360 视频',
    ]);
    expect(names((await list('keyword=temple%20tour')).data)).toEqual(['Kyoto Kiyomizu-dera 360° Temple Tour']);
    expect((await list('keyword=temple%20sneaker')).data.total).toBe(0);
    expect((await list('keyword=100%25')).data.total).toBe(0);
    // Unpublished projects never match.
    expect((await list('keyword=draft')).data.total).toBe(0);
  });

  it('answers 400 for a bad sort, price or range', async () => {
    for (const q of [
      'sort=cheapest',
      'min_price=-1',
      'min_price=1.234',
      'min_price=10&max_price=5',
      'limit=1000',
      'catalog=vr',
    ]) {
      const r = await list(q);
      expect(r.status, q).toBe(400);
      expect(r.code, q).toBe(40001);
    }
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/home_page/item_list?min_price=10&max_price=5',
      headers: { 'x-lang': 'en' },
    });
    expect(body(r).message).toBe('The minimum price cannot be above the maximum price');
  });

  it('runs a constant number of queries whatever the page holds (no N+1)', async () => {
    const bulk = await shopper(t);
    const bulk2 = await shopper(t);
    for (let i = 0; i < 12; i++) {
      await makeProject(t, i % 2 ? bulk.id : bulk2.id, { name: `Bulk ${i}`, catalog: 'multimedia', tags: [`T${i}`, 'Bulk'] });
    }
    const small = await countQueries(t, () => list('limit=1&keyword=kiyomi'));
    const large = await countQueries(t, () => list('limit=20&catalog=multimedia'));
    const search = await countQueries(t, () => list('limit=20&keyword=bulk&sort=rating'));
    // A capped count and the page with its tags and creators: two queries, whatever the filter.
    expect(small).toBe(2);
    expect(large).toBe(small);
    expect(search).toBe(small);
  });

  it("reuses a filter's total (one query a list) and counts again after any write of projects", async () => {
    const seller = await shopper(t);
    await makeProject(t, seller.id, { name: 'Lantern Festival A', keywords: 'lantern' });
    const first = await list('limit=1&keyword=lantern');
    expect(first.data).toMatchObject({ total: 1, total_exact: true });
    // The total is reused: the page alone, on every page and sort of the same filter.
    expect(await countQueries(t, () => list('limit=1&keyword=lantern&sort=price_asc'))).toBe(1);
    expect(await countQueries(t, () => list('limit=5&keyword=lantern'))).toBe(1);
    // Past the last page: not even the page is read.
    expect(await countQueries(t, () => list('limit=1&keyword=lantern&page=2'))).toBe(0);
    // A new project is counted at once (the count is read again after the write).
    const b = await makeProject(t, seller.id, { name: 'Lantern Festival B', keywords: 'lantern', status: 'pending' });
    expect((await list('limit=1&keyword=lantern')).data).toMatchObject({ total: 1 });
    // An approval through the review screen: the next list's total includes it.
    const approved = await post('/approval/approve_project', admin, { id: b.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await list('limit=1&keyword=lantern');
    expect(after.data).toMatchObject({ total: 2, total_exact: true });
    expect(after.data.list).toHaveLength(1);
    const page2 = await list('limit=1&keyword=lantern&page=2');
    expect(page2.data.list).toHaveLength(1);
    // Deleted by its owner: gone from the total and the pages at once.
    const gone = await post('/project/del_project', seller, { id: b.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list('limit=1&keyword=lantern')).data).toMatchObject({ total: 1 });
    expect((await list('limit=1&keyword=lantern&page=2')).data.list).toHaveLength(0);
  });

  it('never reads the password hash or contact data for a list or details', async () => {
    const texts = await queryTexts(t, async () => {
      await list('limit=20&keyword=kyoto');
      await t.app.inject({ method: 'GET', url: `/api/project/front_project_details?id=${ids.kyoto}` });
    });
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((text) => text.startsWith('execute '))).toBe(false);
    for (const text of texts) {
      expect(text).not.toMatch(/password|email|phone|select \*/i);
    }
  });
});

describe('GET /project/front_project_details', () => {
  const details = (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/project/front_project_details?id=${id}`, headers });

  it('shows a market project with its creator card and no flags to a visitor', async () => {
    expect(await countQueries(t, () => details(ids.kyoto as number))).toBe(1);
    const res = await details(ids.kyoto as number);
    expect(res.statusCode).toBe(200);
    const d = body<ProjectDetails>(res).data;
    expect(d).toMatchObject({
      id: ids.kyoto,
      name: 'Kyoto Kiyomizu-dera 360° Temple Tour',
      price: 128,
      keywords: 'Kyoto, temple, 京都, 清水寺',
      description: '京都清水寺日出全景导览',
      for_sale: true,
      in_cart: false,
      is_collection: false,
      purchased: false,
      is_owner: false,
      can_score: false,
      my_score: null,
    });
    expect(d.creator).toMatchObject({ id: maker.id, name: 'kyoto_maker', project_count: 2 });
  });

  it('sets the caller flags', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/shopping_cart/add_cart',
      headers: buyer.headers,
      payload: { project_id: ids.kyoto },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/collection/add_collection',
      headers: buyer.headers,
      payload: { project_id: ids.kyoto },
    });
    const d = body<ProjectDetails>(await details(ids.kyoto as number, buyer.headers)).data;
    expect(d).toMatchObject({ in_cart: true, is_collection: true, purchased: false, is_owner: false, can_score: false });
    const own = body<ProjectDetails>(await details(ids.kyoto as number, maker.headers)).data;
    expect(own).toMatchObject({ is_owner: true, can_score: false });
    const museum = body<ProjectDetails>(await details(ids.museum as number, buyer.headers)).data;
    expect(museum).toMatchObject({ purchased: true, can_score: true, my_score: { score: 5, content: '' } });
  });

  it('hides unpublished projects (40401) except from their owner and admins', async () => {
    for (const id of [ids.pending, ids.private] as number[]) {
      expect(body(await details(id)).code).toBe(40401);
      expect((await details(id, buyer.headers)).statusCode).toBe(404);
      expect((await details(id, maker.headers)).statusCode).toBe(200);
      expect((await details(id, admin.headers)).statusCode).toBe(200);
    }
    expect((await details(999_999)).statusCode).toBe(404);
  });

  it('answers 400 without a valid id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/project/front_project_details' })).statusCode).toBe(400);
    expect((await details(-3)).statusCode).toBe(400);
  });
});

describe('POST /home_page/set_score and GET /home_page/score_page', () => {
  const score = (s: Shopper | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/home_page/set_score', headers: s?.headers ?? {}, payload: payload as object });

  it('needs a session (401) and a score from 1 to 5 (400)', async () => {
    expect((await score(null, { project_id: ids.museum, score: 4 })).statusCode).toBe(401);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/home_page/set_score',
      headers: { ...buyer.headers, 'x-lang': 'en' },
      payload: { project_id: ids.museum, score: 6 },
    });
    expect(r.statusCode).toBe(400);
    expect(body(r).message).toBe('The score must be from 1 to 5');
  });

  it('lets only buyers score paid projects, nobody their own (403)', async () => {
    const r = await score(buyer, { project_id: ids.sneaker, score: 4 });
    expect(r.statusCode).toBe(403);
    expect(body(r).code).toBe(40301);
    expect((await score(other, { project_id: ids.sneaker, score: 5 })).statusCode).toBe(403);
    expect((await score(buyer, { project_id: ids.pending, score: 5 })).statusCode).toBe(404);
  });

  it('keeps one changeable score per user with correct totals', async () => {
    const fan = await shopper(t);
    expect(body(await score(fan, { project_id: ids.museum, score: 2, content: 'ok' })).data).toMatchObject({
      score: 3.5,
      score_count: 2,
    });
    expect(body(await score(fan, { project_id: ids.museum, score: 4, content: '很好' })).data).toMatchObject({
      score: 4.5,
      score_count: 2,
      my_score: { score: 4, content: '很好' },
    });
    // Parallel changes by one user still leave the totals equal to the scores.
    await Promise.all([1, 2, 3, 4, 5].map((s) => score(fan, { project_id: ids.museum, score: s })));
    const d = body<ProjectDetails>(
      await t.app.inject({ method: 'GET', url: `/api/project/front_project_details?id=${ids.museum}`, headers: fan.headers }),
    ).data;
    expect(d.score_count).toBe(2);
    expect(d.score).toBe((5 + (d.my_score?.score ?? 0)) / 2);
    const reviews = body<Page<{ score: number; content: string; user: { id: number } }>>(
      await t.app.inject({ method: 'GET', url: `/api/home_page/score_page?project_id=${ids.museum}` }),
    ).data;
    expect(reviews.total).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/home_page/score_page?project_id=x' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/home_page/score_page?project_id=${ids.pending}` })).statusCode).toBe(
      404,
    );
    expect(reviews.list.map((x) => x.user.id).sort()).toEqual([buyer.id, fan.id].sort());
  });
});

describe('comments', () => {
  it('lists publicly and adds for signed-in users', async () => {
    const add = (s: Shopper | null, payload: object, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/comment/add_comment',
        headers: { ...(s?.headers ?? {}), 'x-lang': lang },
        payload,
      });
    expect((await add(null, { project_id: ids.kyoto, content: 'hi' })).statusCode).toBe(401);
    const empty = await add(buyer, { project_id: ids.kyoto, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('please enter content');
    expect((await add(buyer, { project_id: ids.pending, content: 'hi' })).statusCode).toBe(404);
    const ok = await add(buyer, { project_id: ids.kyoto, content: '期待更多京都的作品！' }, 'zh');
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe('操作成功');
    await add(other, { project_id: ids.kyoto, content: 'Does it work on Quest?' });
    const page = body<Page<{ content: string; user: { name: string } }>>(
      await t.app.inject({ method: 'GET', url: `/api/comment/home_comment_page?project_id=${ids.kyoto}&page=1&limit=10` }),
    ).data;
    expect(page.total).toBe(2);
    expect(page.list.map((c) => c.content)).toEqual(['Does it work on Quest?', '期待更多京都的作品！']);
    expect(page.list[0]?.user.name).toBe('harbour_films');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/comment/home_comment_page?project_id=${ids.private}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/comment/home_comment_page' })).statusCode).toBe(400);
  });
});

describe('POST /reports/set_reports', () => {
  it('files one open report per user and project', async () => {
    const report = (s: Shopper | null, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/reports/set_reports', headers: s?.headers ?? {}, payload });
    expect((await report(null, { project_id: ids.kyoto, reason: 'fraud', content: 'x' })).statusCode).toBe(401);
    expect((await report(buyer, { project_id: ids.kyoto, reason: 'spam', content: 'x' })).statusCode).toBe(400);
    expect((await report(buyer, { project_id: ids.kyoto, reason: 'other' })).statusCode).toBe(400);
    expect((await report(buyer, { project_id: ids.private, reason: 'other', content: 'x' })).statusCode).toBe(404);
    const first = body<{ id: number }>(
      await report(buyer, { project_id: ids.kyoto, reason: 'infringement', content: 'My photo' }),
    );
    expect(first.code).toBe(200);
    const again = body<{ id: number }>(await report(buyer, { project_id: ids.kyoto, reason: 'fraud', content: 'Also fake' }));
    expect(again.data.id).toBe(first.data.id);
  });
});

describe('wish list', () => {
  it('toggles and lists wishes', async () => {
    const fan = await shopper(t);
    const toggle = (s: Shopper | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/collection/add_collection',
        headers: { ...(s?.headers ?? {}), 'x-lang': 'en' },
        payload,
      });
    expect((await toggle(null, { project_id: ids.kyoto })).statusCode).toBe(401);
    expect((await toggle(fan, {})).statusCode).toBe(400);
    expect((await toggle(fan, { project_id: ids.pending })).statusCode).toBe(404);
    const on = await toggle(fan, { project_id: ids.kyoto });
    expect(body(on)).toMatchObject({ code: 200, message: 'Operation successful', data: { is_collection: true } });
    await toggle(fan, { project_id: ids.showcase });
    const page = body<Page<MarketItem & { available: boolean }>>(
      await t.app.inject({ method: 'GET', url: '/api/collection/collection_page?page=1&limit=10', headers: fan.headers }),
    ).data;
    expect(page.list.map((i) => [i.name, i.available])).toEqual([
      ['Showcase booth', false],
      ['Kyoto Kiyomizu-dera 360° Temple Tour', true],
    ]);
    expect(body(await toggle(fan, { project_id: ids.kyoto })).data).toMatchObject({ is_collection: false });
    const noScreen = await shopper(t, { roles: [] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/collection/collection_page', headers: noScreen.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/collection/collection_page' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/collection/collection_page?limit=0', headers: fan.headers })).statusCode,
    ).toBe(400);
  });
});

describe('market counts beyond the cap', () => {
  it('stops counting at 10,000 matches ("10,000+") and still pages past them', async () => {
    const before = await list('limit=1');
    expect(before.data).toMatchObject({ total_exact: true });
    await t.database.db.execute(
      sql.raw(`insert into projects (owner_id, name, catalog, review_status, is_public, search_text, created_at)
        select ${maker.id}, 'Capped ' || g, 'multimedia', 'approved', true, 'capped ' || g, now() - interval '400 days' - make_interval(mins => g)
        from generate_series(1, ${MARKET_COUNT_CAP + 5}) g`),
    );
    noteMarketWrite(); // raw SQL bypasses the projects module's writes
    const all = await list('limit=20');
    expect(all.data).toMatchObject({ total: MARKET_COUNT_CAP, total_exact: false });
    expect(all.data.list).toHaveLength(20);
    const words = await list('limit=20&keyword=capped&page=3');
    expect(words.data).toMatchObject({ total: MARKET_COUNT_CAP, total_exact: false, page: 3 });
    expect(words.data.list).toHaveLength(20);
    // Deeper than the cap: the page is still read (the total is a lower bound).
    const deep = await list(`limit=10&keyword=capped&page=${MARKET_COUNT_CAP / 10 + 1}`);
    expect(deep.data.list.map((i) => i.name)).toHaveLength(5);
    const few = await list('limit=20&keyword=capped%209999');
    expect(few.data).toMatchObject({ total: 1, total_exact: true });
    expect(few.data.list.map((i) => i.name)).toEqual(['Capped 9999']);
  });
});
