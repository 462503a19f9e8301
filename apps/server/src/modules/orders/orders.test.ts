import type { LibraryItem, OrderRow, PlacedOrder } from '@xr/contract/orders';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, placeOrder, type Shopper, shopper } from '../../../test/commerce';

type Page<T> = { list: T[]; total: number; page: number; limit: number };

let t: TestApp;
let seller: Shopper;
let buyer: Shopper;
const ids: Record<string, number> = {};

const place = (s: Shopper | null, payload: object, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/order/place_order', headers: { ...(s?.headers ?? {}), 'x-lang': lang }, payload });
const ordersOf = async (s: Shopper, query = '') =>
  body<Page<OrderRow>>(await t.app.inject({ method: 'GET', url: `/api/order/order_page?${query}`, headers: s.headers })).data;

beforeAll(async () => {
  t = await createTestApp({ ORDER_EXPIRY_MINUTES: '30', MARKET_CACHE_SECONDS: '0' });
  seller = await shopper(t);
  buyer = await shopper(t);
  ids.tour = (await makeProject(t, seller.id, { name: 'Temple Tour', price: 128.5 })).id;
  ids.model = (await makeProject(t, seller.id, { name: 'Sneaker Model', price: 280 })).id;
  ids.free = (await makeProject(t, seller.id, { name: 'Free Walk', price: 0 })).id;
  ids.pending = (await makeProject(t, seller.id, { name: 'Pending One', status: 'rejected' })).id;
  ids.showcase = (await makeProject(t, seller.id, { name: 'Showcase Only', forSale: false })).id;
  ids.own = (await makeProject(t, buyer.id, { name: 'My Own Work' })).id;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /order/place_order', () => {
  it('needs a session (401) and a selection (400 with the spec text)', async () => {
    expect((await place(null, { project_ids: `${ids.tour}` })).statusCode).toBe(401);
    for (const payload of [{}, { project_ids: '' }]) {
      const r = await place(buyer, payload);
      expect(r.statusCode).toBe(400);
      expect(body(r).message).toBe('Please select the product you want to purchase');
    }
    expect((await place(buyer, { project_ids: '1;2' })).statusCode).toBe(400);
    expect((await place(buyer, { project_ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') })).statusCode).toBe(400);
  });

  it('prices the order from the database and ignores client prices', async () => {
    const r = await place(buyer, {
      project_ids: `${ids.tour},${ids.model}`,
      amount: 0.01,
      project_price: 0,
      project_info: [{ project_name: 'Temple Tour', project_price: 0.01 }],
    });
    expect(r.statusCode).toBe(200);
    const o = body<PlacedOrder>(r).data;
    expect(o.order_on).toMatch(/^SDK\d{20}$/);
    expect(o).toMatchObject({
      user_email: buyer.email,
      amount: 408.5,
      currency: 'HKD',
      status: 'pending',
      project_info: [
        { project_id: ids.tour, project_name: 'Temple Tour', project_price: 128.5 },
        { project_id: ids.model, project_name: 'Sneaker Model', project_price: 280 },
      ],
    });
    expect(new Date(o.expires_at).getTime() - new Date(o.created_at).getTime()).toBe(30 * 60_000);
    // The same items again (in any order) answer the same pending order.
    const again = body<PlacedOrder>(await place(buyer, { project_ids: `${ids.model},${ids.tour}` })).data;
    expect(again.order_on).toBe(o.order_on);
    const other = body<PlacedOrder>(await place(buyer, { project_ids: `${ids.tour}` })).data;
    expect(other.order_on).not.toBe(o.order_on);
  });

  it('refuses unknown, unpublished, not-for-sale, own and owned items, creating nothing', async () => {
    const s = await shopper(t);
    const cases: [string, string][] = [
      [`${ids.tour},777777`, 'Item number 777777 does not exist'],
      [`${ids.pending}`, `Item number ${ids.pending} is not available in the market`],
      [`${ids.showcase}`, '“Showcase Only” is not for sale'],
    ];
    for (const [projectIds, message] of cases) {
      const r = await place(s, { project_ids: projectIds });
      expect(r.statusCode, message).toBe(409);
      expect(body(r)).toMatchObject({ code: 40920, message });
    }
    expect(body(await place(buyer, { project_ids: `${ids.own}` })).message).toBe('“My Own Work” is your own project');
    const free = await placeOrder(t.app, s, [ids.free as number]);
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: s.headers,
      payload: { order_on: free.data.order_on, pay_type: 'Free' },
    });
    const owned = await place(s, { project_ids: `${ids.free}` }, 'zh');
    expect(body(owned)).toMatchObject({ code: 40920, message: '您已购买“Free Walk”，可在作品库中查看' });
    expect((await ordersOf(s)).total).toBe(1);
  });

  it('gives one consistent order for 50 parallel placements of one cart', async () => {
    const s = await shopper(t);
    const replies = await Promise.all(Array.from({ length: 50 }, () => place(s, { project_ids: `${ids.tour},${ids.model}` })));
    const numbers = new Set(replies.map((r) => body<PlacedOrder>(r).data.order_on));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const page = await ordersOf(s);
    expect(page.total).toBe(1);
    expect(page.list[0]?.items).toHaveLength(2);
  });

  it('lets an unpaid order expire', async () => {
    const s = await shopper(t);
    const first = await placeOrder(t.app, s, [ids.model as number]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: { ...s.headers, 'x-lang': 'en' },
      payload: { order_on: first.data.order_on, pay_type: 'Alipay' },
    });
    expect(body(pay)).toMatchObject({ code: 40921, message: 'This order has expired, please check out again' });
    expect((await ordersOf(s, 'status=expired')).total).toBe(1);
    const second = await placeOrder(t.app, s, [ids.model as number]);
    expect(second.data.order_on).not.toBe(first.data.order_on);
    expect((await ordersOf(s, 'status=pending')).list.map((o) => o.order_on)).toEqual([second.data.order_on]);
  });
});

describe('GET /order/order_page', () => {
  it("shows users their own orders only, admins everyone's with search", async () => {
    const s = await shopper(t);
    const mine = await placeOrder(t.app, s, [ids.tour as number]);
    const own = await ordersOf(s);
    expect(own.total).toBe(1);
    expect(own.list[0]).toMatchObject({
      order_on: mine.data.order_on,
      user_email: s.email,
      status: 'pending',
      pay_type: null,
      amount: 128.5,
      items: [{ project_id: ids.tour, project_name: 'Temple Tour', project_price: 128.5 }],
    });
    // Another user's order is invisible, even when searched for.
    expect((await ordersOf(buyer, `order_on=${mine.data.order_on}`)).total).toBe(0);
    expect((await ordersOf(buyer, `user_email=${encodeURIComponent(s.email)}`)).list.every((o) => o.user_id === buyer.id)).toBe(
      true,
    );

    const admin = await shopper(t, { roles: ['admin'] });
    expect((await ordersOf(admin)).total).toBeGreaterThan(3);
    expect((await ordersOf(admin, `user_email=${encodeURIComponent(s.email.slice(0, 6))}`)).list.map((o) => o.order_on)).toEqual([
      mine.data.order_on,
    ]);
    expect((await ordersOf(admin, `order_on=${mine.data.order_on.slice(-8)}`)).list.map((o) => o.order_on)).toEqual([
      mine.data.order_on,
    ]);
    const hkToday = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await ordersOf(admin, `start_date=${hkToday}&end_date=${hkToday}`)).total).toBeGreaterThan(3);
    expect((await ordersOf(admin, 'end_date=2020-01-01')).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/order/order_page?start_date=yesterday', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session (401) and the /orderlist screen (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/order/order_page' })).statusCode).toBe(401);
    const none = await shopper(t, { roles: [] });
    const r = await t.app.inject({ method: 'GET', url: '/api/order/order_page', headers: none.headers });
    expect(r.statusCode).toBe(403);
    expect(body(r).code).toBe(40301);
  });
});

describe('GET /order/library', () => {
  it('lists what the user owns', async () => {
    const s = await shopper(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/library' })).statusCode).toBe(401);
    const order = await placeOrder(t.app, s, [ids.free as number]);
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: s.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free' },
    });
    const lib = body<Page<LibraryItem>>(
      await t.app.inject({ method: 'GET', url: '/api/order/library?page=1&limit=10', headers: s.headers }),
    ).data;
    expect(lib.total).toBe(1);
    expect(lib.list[0]).toMatchObject({ project_id: ids.free, name: 'Free Walk', order_on: order.data.order_on, price_paid: 0 });
    expect(lib.list[0]?.creator.id).toBe(seller.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/library?limit=0', headers: s.headers })).statusCode).toBe(400);
  });
});
