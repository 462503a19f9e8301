import type { CartItem, MergeCartReply } from '@xr/contract/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, placeOrder, type Shopper, shopper } from '../../../test/commerce';

type Page<T> = { list: T[]; total: number; page: number; limit: number };

let t: TestApp;
let seller: Shopper;
let buyer: Shopper;
const ids: Record<string, number> = {};

const add = (s: Shopper | null, payload: object, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/shopping_cart/add_cart',
    headers: { ...(s?.headers ?? {}), 'x-lang': lang },
    payload,
  });
const cartOf = async (s: Shopper, query = 'page=1&limit=9999') =>
  body<Page<CartItem>>(await t.app.inject({ method: 'GET', url: `/api/shopping_cart/cart_page?${query}`, headers: s.headers }))
    .data;

beforeAll(async () => {
  t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
  seller = await shopper(t);
  buyer = await shopper(t);
  ids.tour = (await makeProject(t, seller.id, { name: 'Temple Tour', price: 128.5, catalog: '360_image' })).id;
  ids.model = (await makeProject(t, seller.id, { name: 'Sneaker Model', price: 280, catalog: '3d_model' })).id;
  ids.free = (await makeProject(t, seller.id, { name: 'Free Forest Walk', price: 0, catalog: '360_video' })).id;
  ids.pending = (await makeProject(t, seller.id, { name: 'Pending One', status: 'pending' })).id;
  ids.showcase = (await makeProject(t, seller.id, { name: 'Showcase Only', forSale: false })).id;
  ids.own = (await makeProject(t, buyer.id, { name: 'My Own Work' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /shopping_cart/add_cart', () => {
  it('needs a session (401) and a project id (400)', async () => {
    expect((await add(null, { project_id: ids.tour })).statusCode).toBe(401);
    expect((await add(buyer, {})).statusCode).toBe(400);
    expect((await add(buyer, { project_id: 'abc' })).statusCode).toBe(400);
  });

  it('adds once and answers the cart line with the spec field names', async () => {
    const first = await add(buyer, { project_id: ids.tour });
    expect(body(first)).toMatchObject({
      code: 200,
      message: 'Added to your cart',
      data: {
        project_id: ids.tour,
        project_name: 'Temple Tour',
        project_type: '360_image',
        project_price: 128.5,
        is_Collection: false,
        available: true,
      },
    });
    const again = await add(buyer, { project_id: ids.tour });
    expect(body(again)).toMatchObject({ code: 200, message: 'This item is already in your cart' });
    expect((await cartOf(buyer)).total).toBe(1);
  });

  it('refuses unknown, unpublished, not-for-sale, own and owned items with clear messages', async () => {
    const cases: [number, string][] = [
      [999_999, 'Item number 999999 does not exist'],
      [ids.pending as number, `Item number ${ids.pending} is not available in the market`],
      [ids.showcase as number, '“Showcase Only” is not for sale'],
      [ids.own as number, '“My Own Work” is your own project'],
    ];
    for (const [id, message] of cases) {
      const r = await add(buyer, { project_id: id });
      expect(r.statusCode, message).toBe(409);
      expect(body(r)).toMatchObject({ code: 40920, message, data: { field: 'project_ids' } });
    }
    const zh = await add(buyer, { project_id: ids.showcase }, 'zh');
    expect(body(zh).message).toBe('“Showcase Only”不出售');
    // Owned through a free order.
    const order = await placeOrder(t.app, buyer, [ids.free as number]);
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free' },
    });
    const owned = await add(buyer, { project_id: ids.free });
    expect(body(owned)).toMatchObject({ code: 40920, message: 'You already own “Free Forest Walk”: it is in your library' });
  });
});

describe('GET /shopping_cart/cart_page', () => {
  it('pages the cart with the wish flag, up to limit 9999', async () => {
    await add(buyer, { project_id: ids.model });
    await t.app.inject({
      method: 'POST',
      url: '/api/collection/add_collection',
      headers: buyer.headers,
      payload: { project_id: ids.model },
    });
    const cart = await cartOf(buyer);
    expect(cart).toMatchObject({ total: 2, page: 1, limit: 9999 });
    expect(cart.list.map((i) => [i.project_name, i.is_Collection])).toEqual([
      ['Sneaker Model', true],
      ['Temple Tour', false],
    ]);
    expect((await cartOf(buyer, 'page=2&limit=1')).list.map((i) => i.project_name)).toEqual(['Temple Tour']);
    const tooBig = await t.app.inject({ method: 'GET', url: '/api/shopping_cart/cart_page?limit=10000', headers: buyer.headers });
    expect(tooBig.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/shopping_cart/cart_page' })).statusCode).toBe(401);
    const other = await shopper(t);
    expect((await cartOf(other)).total).toBe(0);
  });
});

describe('POST /shopping_cart/del_cart', () => {
  it("removes the caller's line only", async () => {
    const cart = await cartOf(buyer);
    const line = cart.list.find((i) => i.project_id === ids.model) as CartItem;
    const stranger = await shopper(t);
    const del = (s: Shopper | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shopping_cart/del_cart',
        headers: { ...(s?.headers ?? {}), 'x-lang': 'en' },
        payload,
      });
    expect((await del(null, { cart_id: line.id })).statusCode).toBe(401);
    expect((await del(buyer, {})).statusCode).toBe(400);
    expect((await del(stranger, { cart_id: line.id })).statusCode).toBe(404);
    const ok = await del(buyer, { cart_id: line.id });
    expect(body(ok)).toMatchObject({
      code: 200,
      message: `Item number: ${ids.model} Cart removed`,
      data: { project_id: ids.model },
    });
    expect((await del(buyer, { cart_id: line.id })).statusCode).toBe(404);
    expect((await cartOf(buyer)).list.map((i) => i.project_id)).toEqual([ids.tour]);
  });
});

describe('POST /shopping_cart/merge_cart', () => {
  it("merges a visitor's cart, skipping what cannot be bought and saying why", async () => {
    const s = await shopper(t);
    await add(s, { project_id: ids.tour });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/shopping_cart/merge_cart',
      headers: { ...s.headers, 'x-lang': 'en' },
      payload: { project_ids: [ids.tour, ids.model, ids.pending, ids.showcase, 424242, ids.model] },
    });
    const data = body<MergeCartReply>(r).data;
    expect(data.added.sort()).toEqual([ids.model, ids.tour].sort());
    expect(data.count).toBe(2);
    expect(data.skipped).toEqual([
      { project_id: ids.pending, reason: 'unavailable', message: `Item number ${ids.pending} is not available in the market` },
      { project_id: ids.showcase, reason: 'not_for_sale', message: '“Showcase Only” is not for sale' },
      { project_id: 424242, reason: 'unknown', message: 'Item number 424242 does not exist' },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/shopping_cart/merge_cart',
          headers: s.headers,
          payload: { project_ids: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/shopping_cart/merge_cart', payload: { project_ids: [] } })).statusCode,
    ).toBe(401);
  });
});
