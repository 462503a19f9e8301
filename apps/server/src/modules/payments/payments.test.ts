import type { CartItem } from '@xr/contract/cart';
import type { ProjectDetails } from '@xr/contract/market';
import type { LibraryItem, OrderRow, PayReply } from '@xr/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, placeOrder, type Shopper, shopper } from '../../../test/commerce';
import { signSandbox } from '../../lib/payments';
import { createWalletService } from '../wallet/wallet.service';
import { createPaymentsService } from './payments.service';

type Page<T> = { list: T[]; total: number; page: number; limit: number };

let t: TestApp;
let host: string;
let sellerA: Shopper;
let sellerB: Shopper;
const ids: Record<string, number> = {};
const SECRET = 'test-sandbox-secret-0123456789';

const pay = (s: Shopper | null, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/pay',
    headers: { ...(s?.headers ?? {}), 'x-lang': 'en', host, ...headers },
    payload,
  });
const orderOf = async (s: Shopper, orderOn: string) =>
  body<Page<OrderRow>>(
    await t.app.inject({ method: 'GET', url: `/api/order/order_page?order_on=${orderOn}`, headers: s.headers }),
  ).data.list[0] as OrderRow;
const wallet = () => createWalletService({ db: t.database.db, commissionPercent: 10 });
const notify = (rawBody: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: { ...headers, 'x-lang': 'en' }, payload: rawBody });
const notification = (orderOn: string, amount: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({
    txn_id: `txn_${orderOn}`,
    order_on: orderOn,
    amount,
    currency: 'HKD',
    status: 'succeeded',
    method: 'Alipay',
    ...over,
  });
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_PAYMENT_SECRET: SECRET, PLATFORM_COMMISSION_PERCENT: '10', MARKET_CACHE_SECONDS: '0' });
  // The sandbox gateway notifies over HTTP, so this app also listens.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  sellerA = await shopper(t);
  sellerB = await shopper(t);
  ids.tour = (await makeProject(t, sellerA.id, { name: 'Temple Tour', price: 128.5 })).id;
  ids.model = (await makeProject(t, sellerB.id, { name: 'Sneaker Model', price: 280 })).id;
  ids.freeA = (await makeProject(t, sellerA.id, { name: 'Free Walk', price: 0 })).id;
  ids.freeB = (await makeProject(t, sellerB.id, { name: 'Free Kit', price: 0 })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /pay/pay', () => {
  it('needs a session (401), a method (400 with the spec text) and an order of the caller (40401)', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.tour as number]);
    expect((await pay(null, { order_on: order.data.order_on, pay_type: 'Alipay' })).statusCode).toBe(401);
    const noMethod = await pay(buyer, { order_on: order.data.order_on });
    expect(noMethod.statusCode).toBe(400);
    expect(body(noMethod).message).toBe('Please select payment method');
    expect((await pay(buyer, { order_on: order.data.order_on, pay_type: 'Bitcoin' })).statusCode).toBe(400);
    const freeForPaid = await pay(buyer, { order_on: order.data.order_on, pay_type: 'Free' });
    expect(body(freeForPaid)).toMatchObject({ code: 40001, message: 'Please select payment method' });
    const stranger = await shopper(t);
    const r = await pay(stranger, { order_on: order.data.order_on, pay_type: 'Alipay' });
    expect(r.statusCode).toBe(404);
    expect(body(r).code).toBe(40401);
    expect((await pay(buyer, { order_on: 'SDK0000', pay_type: 'Alipay' })).statusCode).toBe(404);
    // Nor can the stranger read it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/order/order_page?order_on=${order.data.order_on}`,
      headers: stranger.headers,
    });
    expect(body<Page<OrderRow>>(theirs).data.total).toBe(0);
  });

  it('opens a hosted checkout and answers its URL as qr_code', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.tour as number]);
    const raw = await pay(buyer, { order_on: order.data.order_on, pay_type: 'Wechat', path: '/#/shoppingcart' });
    const r = body<PayReply>(raw);
    expect(r.data).toMatchObject({ type: 'Wechat', order_on: order.data.order_on, status: 'pending' });
    expect(r.data.qr_code).toMatch(
      new RegExp(`^http://${host}/api/pay/sandbox/checkout\\?session=cs_[A-Za-z0-9_-]{16}&lang=en$`),
    );
    expect((await orderOf(buyer, order.data.order_on)).pay_type).toBe('Wechat');
  });
});

describe('sandbox gateway', () => {
  it('serves a hosted page with merchant, order, amount and a QR code for scan methods', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.tour as number, ids.model as number]);
    const { qr_code } = body<PayReply>(await pay(buyer, { order_on: order.data.order_on, pay_type: 'Alipay' })).data;
    const url = new URL(qr_code);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('XR Studio');
    expect(page.body).toContain(order.data.order_on);
    expect(page.body).toContain('408.50');
    expect(page.body).toMatch(/<svg[^>]*width="200" height="200"/);
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="cancel"');
    expect(page.body).toContain('value="fail"');
    const zh = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search.replace('lang=en', 'lang=zh')}` });
    expect(zh.body).toContain('确认支付');
    expect(zh.body).toContain('支付宝');

    const card = body<PayReply>(await pay(buyer, { order_on: order.data.order_on, pay_type: 'CreditCard' })).data.qr_code;
    const cardPage = await t.app.inject({ method: 'GET', url: new URL(card).pathname + new URL(card).search });
    expect(cardPage.body).not.toContain('<svg');
    expect(cardPage.body).toContain('4242 4242 4242 4242');

    const press = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/sandbox/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(payload).toString(),
      });
    expect((await press({ session: 'cs_AAAAAAAAAAAAAAAA', action: 'pay' })).statusCode).toBe(404);
    expect((await press({ session: url.searchParams.get('session') as string, action: 'steal' })).statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout?session=cs_AAAAAAAAAAAAAAAA&lang=tc' });
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('該支付會話已失效');
  });

  it('pays end to end: notification over HTTP, order paid, library, cart, sales and seller ledger', async () => {
    const buyer = await shopper(t);
    for (const id of [ids.tour, ids.model]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/shopping_cart/add_cart',
        headers: buyer.headers,
        payload: { project_id: id },
      });
    }
    const order = await placeOrder(t.app, buyer, [ids.tour as number, ids.model as number]);
    const back = `http://${host}/#/shoppingcart`;
    const { qr_code } = body<PayReply>(await pay(buyer, { order_on: order.data.order_on, pay_type: 'Alipay', path: back })).data;
    const session = new URL(qr_code).searchParams.get('session') as string;

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, action: 'cancel', lang: 'en' }).toString(),
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(back);
    expect((await orderOf(buyer, order.data.order_on)).status).toBe('pending');

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, action: 'pay', lang: 'en' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(back);

    const paid = await orderOf(buyer, order.data.order_on);
    expect(paid).toMatchObject({ status: 'paid', pay_type: 'Alipay' });
    const lib = body<Page<LibraryItem>>(
      await t.app.inject({ method: 'GET', url: '/api/order/library', headers: buyer.headers }),
    ).data;
    expect(lib.list.map((i) => i.project_id).sort()).toEqual([ids.tour, ids.model].sort());
    const cart = body<Page<CartItem>>(
      await t.app.inject({ method: 'GET', url: '/api/shopping_cart/cart_page', headers: buyer.headers }),
    ).data;
    expect(cart.total).toBe(0);
    const d = body<ProjectDetails>(
      await t.app.inject({ method: 'GET', url: `/api/project/front_project_details?id=${ids.tour}`, headers: buyer.headers }),
    ).data;
    expect(d).toMatchObject({ purchased: true, can_score: true });
    expect(d.sales_count).toBeGreaterThanOrEqual(1);
    const entries = await wallet().entriesOfOrder(paid.id);
    expect(entries.map((e) => [e.userId, e.amountCents]).sort()).toEqual(
      [
        [sellerA.id, 11565],
        [sellerB.id, 25200],
      ].sort(),
    );
    const txns = await createPaymentsService({ db: t.database.db, provider: { name: 'x' } as never }).byOrder(paid.id);
    expect(txns.map((x) => x.status).sort()).toEqual(['cancelled', 'succeeded']);

    // Paying again is refused.
    const again = await pay(buyer, { order_on: order.data.order_on, pay_type: 'Alipay' });
    expect(body(again)).toMatchObject({ code: 40921, message: 'This order has already been paid' });
    // Pressing Pay again on the same session is the same provider transaction: nothing more happens.
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, action: 'pay' }).toString(),
    });
    expect(await wallet().entriesOfOrder(paid.id)).toHaveLength(2);
  });
});

describe('POST /pay/notify/sandbox', () => {
  it('pays two overlapping orders without counting or crediting the shared item twice', async () => {
    const buyer = await shopper(t);
    const first = await placeOrder(t.app, buyer, [ids.tour as number]);
    const second = await placeOrder(t.app, buyer, [ids.tour as number, ids.model as number]);
    expect(first.data.order_on).not.toBe(second.data.order_on);
    for (const [o, amount] of [
      [first, '128.50'],
      [second, '408.50'],
    ] as const) {
      const raw = notification(o.data.order_on, amount);
      expect(body<{ result: string }>(await notify(raw, signSandbox(SECRET, raw, now()))).data.result).toBe('paid');
    }
    const a = await orderOf(buyer, first.data.order_on);
    const b = await orderOf(buyer, second.data.order_on);
    expect((await wallet().entriesOfOrder(a.id)).map((e) => e.projectId)).toEqual([ids.tour]);
    // The second order credits only the item that was new to the buyer.
    expect((await wallet().entriesOfOrder(b.id)).map((e) => e.projectId)).toEqual([ids.model]);
  });

  it('acts once on 50 parallel identical notifications: paid once, one credit per seller', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.tour as number, ids.model as number]);
    const raw = notification(order.data.order_on, '408.50');
    const headers = signSandbox(SECRET, raw, now());
    const replies = await Promise.all(Array.from({ length: 50 }, () => notify(raw, headers)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const results = replies.map((r) => body<{ result: string }>(r).data.result);
    expect(results.filter((r) => r === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(49);
    const o = await orderOf(buyer, order.data.order_on);
    expect(o.status).toBe('paid');
    const entries = await wallet().entriesOfOrder(o.id);
    expect(entries).toHaveLength(2);
    expect(new Set(entries.map((e) => e.userId))).toEqual(new Set([sellerA.id, sellerB.id]));
    const lib = body<Page<LibraryItem>>(
      await t.app.inject({ method: 'GET', url: '/api/order/library', headers: buyer.headers }),
    ).data;
    expect(lib.total).toBe(2);
  });

  it('refuses a bad signature, an old or future timestamp, a wrong amount, currency or order, changing nothing', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.model as number]);
    const good = notification(order.data.order_on, '280.00');
    const cases: [string, string, Record<string, string>][] = [
      ['bad signature', good, { ...signSandbox(SECRET, good, now()), 'x-sandbox-signature': 'ab'.repeat(32) }],
      ['other secret', good, signSandbox('another-secret-0123456789', good, now())],
      ['no signature', good, { 'content-type': 'application/json' }],
      ['body changed after signing', good.replace('280.00', '0.01'), signSandbox(SECRET, good, now())],
      ['old timestamp', good, signSandbox(SECRET, good, now() - 301)],
      // Well past the window: the loop may take seconds on a busy machine before this one is sent.
      ['future timestamp', good, signSandbox(SECRET, good, now() + 360)],
    ];
    const wrongAmount = notification(order.data.order_on, '0.01');
    const wrongCurrency = notification(order.data.order_on, '280.00', { currency: 'USD' });
    const unknownOrder = notification('SDK00000000000000000000', '280.00');
    const garbage = '{"txn_id": 1';
    for (const raw of [wrongAmount, wrongCurrency, unknownOrder, garbage])
      cases.push(['payload', raw, signSandbox(SECRET, raw, now())]);
    for (const [name, raw, headers] of cases) {
      const r = await notify(raw, headers);
      expect(r.statusCode, name).toBe(400);
      expect(body(r).code, name).toBe(40022);
    }
    expect(body(await notify(cases[4]?.[1] as string, cases[4]?.[2] as Record<string, string>)).message).toBe(
      'The payment notification timestamp is outside the allowed window',
    );
    expect(body(await notify(wrongAmount, signSandbox(SECRET, wrongAmount, now()))).message).toBe(
      'The paid amount or currency does not match the order',
    );
    const o = await orderOf(buyer, order.data.order_on);
    expect(o.status).toBe('pending');
    expect(await wallet().entriesOfOrder(o.id)).toHaveLength(0);
    const txns = await createPaymentsService({ db: t.database.db, provider: { name: 'x' } as never }).byOrder(o.id);
    expect(txns).toHaveLength(0);
    expect((await notify(good, signSandbox(SECRET, good, now()))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/stripe', payload: good })).statusCode).toBe(404);
  });

  it('records failed payments without paying', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.tour as number]);
    const raw = notification(order.data.order_on, '128.5', { status: 'failed', txn_id: 'failed-1' });
    const r = await notify(raw, signSandbox(SECRET, raw, now()));
    expect(body(r).data).toEqual({ result: 'recorded' });
    expect((await orderOf(buyer, order.data.order_on)).status).toBe('pending');
  });
});

describe('free orders', () => {
  it('completes an order of amount 0 at once with pay type Free', async () => {
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [ids.freeA as number, ids.freeB as number]);
    expect(order.data.amount).toBe(0);
    const r = body<PayReply>(await pay(buyer, { order_on: order.data.order_on, pay_type: 'Free', project_ids: '1,2' }));
    expect(r.data).toEqual({ qr_code: '', type: 'Free', order_on: order.data.order_on, status: 'paid' });
    const o = await orderOf(buyer, order.data.order_on);
    expect(o).toMatchObject({ status: 'paid', pay_type: 'Free' });
    expect(await wallet().entriesOfOrder(o.id)).toHaveLength(0);
    const lib = body<Page<LibraryItem>>(
      await t.app.inject({ method: 'GET', url: '/api/order/library', headers: buyer.headers }),
    ).data;
    expect(lib.total).toBe(2);
    const again = await pay(buyer, { order_on: order.data.order_on, pay_type: 'Free' });
    expect(body(again).code).toBe(40921);
  });
});
