import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, projectsOf, type Shopper, shopper } from '../../../test/commerce';

let t: TestApp;
let app: FastifyInstance;
let admin: Shopper;
let creator: Shopper;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await shopper(t, { roles: ['admin'] });
  creator = await shopper(t, { roles: ['creator'] });
});
afterAll(async () => {
  await t?.close();
});

interface Tag {
  id: number;
  name: string;
  names: { zh: string; tc: string; en: string };
  enabled: boolean;
  sort: number;
  usage: number;
}
const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, who = admin, lang = 'en') =>
  app.inject({ method, url, payload, headers: { ...who.headers, 'accept-language': lang } });
const add = async (payload: Record<string, unknown>) => body<Tag>(await call('POST', '/api/tag/add_tag', payload)).data;
const find = async (keyword: string) =>
  body<{ list: Tag[]; total: number }>(await call('GET', `/api/tag/tag_page?keyword=${encodeURIComponent(keyword)}&limit=50`))
    .data;
const chips = async () =>
  body<{ id: number; name: string }[]>(await app.inject({ url: '/api/home_page/tag_list' })).data.map((x) => x.id);
const market = async (keyword: string) =>
  body<{ list: { id: number; tags: { id: number }[] }[] }>(
    await app.inject({ url: `/api/home_page/item_list?keyword=${encodeURIComponent(keyword)}&limit=50` }),
  ).data.list;

describe('/projecttag', () => {
  it('only tag managers reach the calls; fields are checked', async () => {
    expect((await app.inject({ url: '/api/tag/tag_page' })).statusCode).toBe(401);
    expect((await call('GET', '/api/tag/tag_page', undefined, creator)).statusCode).toBe(403);
    const empty = await call('POST', '/api/tag/add_tag', { name: '  ' }, admin, 'tc');
    expect(body(empty)).toMatchObject({ code: 40001, data: { field: 'name' } });
    const long = await call('POST', '/api/tag/add_tag', { name: 'x'.repeat(41) });
    expect(body(long)).toMatchObject({ code: 40001, data: { field: 'name' } });
    const self = await call('POST', '/api/tag/merge_tag', { from_id: 3, into_id: 3 }, admin, 'zh');
    expect(body(self)).toMatchObject({ code: 40001, message: '请选择另一个标签', data: { field: 'into_id' } });
  });

  it('adds tags with names in three languages and an order; a taken key is refused on its field, also at once', async () => {
    const a = await add({ name: `museum${stamp}`, names: { zh: '博物馆', tc: '博物館', en: 'Museum' }, sort: 5 });
    expect(a).toMatchObject({
      name: `museum${stamp}`,
      names: { zh: '博物馆', tc: '博物館', en: 'Museum' },
      sort: 5,
      usage: 0,
      enabled: true,
    });
    const twice = await Promise.all([
      call('POST', '/api/tag/add_tag', { name: `gallery${stamp}` }),
      call('POST', '/api/tag/add_tag', { name: `gallery${stamp}` }),
    ]);
    expect(twice.map((r) => body(r).code).sort()).toEqual([200, 40904]);
    const taken = twice.find((r) => body(r).code === 40904);
    expect(body(taken as { json(): unknown })).toMatchObject({
      message: 'A tag with this name already exists',
      data: { field: 'name' },
    });
    expect((await find(`gallery${stamp}`)).total).toBe(1);
    // the keyword matches display names too
    expect((await find('博物館')).list.map((x) => x.id)).toContain(a.id);
  });

  it('counts usage; a closed tag leaves the chips and cards but stays on the project; renaming is searchable', async () => {
    const tag = `harbour${stamp}`;
    const p = await makeProject(t, creator.id, { name: `Harbour walk ${stamp}`, tags: [tag] });
    const [row] = (await find(tag)).list;
    expect(row).toMatchObject({ name: tag, usage: 1 });
    const id = row?.id as number;
    expect(await chips()).toContain(id);

    const closed = body<Tag>(await call('POST', '/api/tag/set_tag', { id, enabled: false })).data;
    expect(closed.enabled).toBe(false);
    expect(await chips()).not.toContain(id);
    expect((await projectsOf(t).byId(p.id))?.tagIds).toEqual([id]);
    expect((await market(`Harbour walk ${stamp}`))[0]?.tags.map((x) => x.id)).not.toContain(id);
    await call('POST', '/api/tag/set_tag', { id, enabled: true });

    const renamed = body<Tag>(await call('POST', '/api/tag/up_tag', { id, names: { en: `Waterfront${stamp}` }, sort: 2 })).data;
    expect(renamed).toMatchObject({ names: { en: `Waterfront${stamp}` }, sort: 2, usage: 1 });
    expect((await market(`Waterfront${stamp}`)).map((x) => x.id)).toEqual([p.id]);
  });

  it('merges: projects carry the other tag once, the first tag is gone, the audit log says so', async () => {
    const [from, into] = [`bay${stamp}`, `coast${stamp}`];
    const both = await makeProject(t, creator.id, { tags: [from, into] });
    const one = await makeProject(t, creator.id, { tags: [from] });
    const fromId = (await find(from)).list[0]?.id as number;
    const intoId = (await find(into)).list[0]?.id as number;
    const r = await call('POST', '/api/tag/merge_tag', { from_id: fromId, into_id: intoId }, admin, 'tc');
    expect(body(r)).toMatchObject({ code: 200, message: '已合併，2 個項目改用新標籤', data: { moved: 2 } });
    expect((await projectsOf(t).byId(both.id))?.tagIds).toEqual([intoId]);
    expect((await projectsOf(t).byId(one.id))?.tagIds).toEqual([intoId]);
    expect((await find(from)).total).toBe(0);
    expect((await find(into)).list[0]?.usage).toBe(2);
    const again = await call('POST', '/api/tag/merge_tag', { from_id: fromId, into_id: intoId });
    expect(again.statusCode).toBe(404);
    const log = body<{ list: { action: string }[] }>(await call('GET', '/api/logs_list?action=tag.merge')).data.list;
    expect(log.length).toBeGreaterThan(0);
  });
});
