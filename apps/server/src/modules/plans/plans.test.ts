import type { OrderRow, PayReply, PlacedOrder } from '@xr/contract/orders';
import type { ComboRow, MyPlan, PublicCombo } from '@xr/contract/plans';
import { PLANS } from '@xr/contract/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { usersOf } from '../../../test/factories';
import { tusCreate } from '../../../test/uploads';
import { signSandbox } from '../../lib/payments';
import { createPlansService } from './plans.service';
import { planPurchases } from './plans.table';

type Page<T> = { list: T[]; total: number; page: number; limit: number };

const SECRET = 'test-sandbox-secret-0123456789';
const DAY = 86_400_000;
let t: TestApp;
let host: string;
let admin: Shopper;
let plain: Shopper;

const call = (method: 'GET' | 'POST', url: string, s: Shopper | null, payload?: object, lang = 'en') =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(s?.headers ?? {}), 'x-lang': lang, host }, payload });
const get = (url: string, s: Shopper | null, lang?: string) => call('GET', url, s, undefined, lang);
const post = (url: string, s: Shopper | null, payload: object = {}) => call('POST', url, s, payload);
const info = async (s: Shopper) =>
  body<{ vip_date: string | null; vip_status: boolean; vip_days_left: number | null; renewal_reminder: boolean }>(
    await get('/user/user_info', s),
  ).data;
const myPlan = async (s: Shopper) => body<MyPlan>(await get('/combo/my_plan', s)).data;
const publicList = async (lang = 'en') => body<{ list: PublicCombo[] }>(await get('/combo/combo_list', null, lang)).data.list;
const comboOf = async (level: string, period: string) => {
  const c = (await publicList()).find((p) => p.level === level && p.period === period);
  if (!c) throw new Error(`no ${level} ${period} plan`);
  return c;
};
const notification = (orderOn: string, amount: string, txn = `txn_${orderOn}`) =>
  JSON.stringify({ txn_id: txn, order_on: orderOn, amount, currency: 'HKD', status: 'succeeded', method: 'Alipay' });
const notify = (raw: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: { ...signSandbox(SECRET, raw, Math.floor(Date.now() / 1000)), 'x-lang': 'en' },
    payload: raw,
  });
/** A user without any membership (the free trial over). */
const lapsed = () => shopper(t, { roles: ['creator'], vip_date: null });

/** Places a plan order and pays it through the sandbox gateway's hosted page, as a browser would. */
async function buyThroughSandbox(s: Shopper, comboId: number): Promise<PlacedOrder> {
  const placed = body<PlacedOrder>(await post('/order/place_plan_order', s, { combo_id: comboId }));
  expect(placed.code, JSON.stringify(placed)).toBe(200);
  const paid = body<PayReply>(await post('/pay/pay', s, { order_on: placed.data.order_on, pay_type: 'Alipay' }));
  expect(paid.data.status).toBe('pending');
  const session = new URL(paid.data.qr_code).searchParams.get('session') as string;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/complete',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ session, action: 'pay', lang: 'en' }).toString(),
  });
  expect(done.statusCode).toBe(303);
  return placed.data;
}

/** Whole calendar months as PostgreSQL adds them: a day the month lacks becomes its last (30 Nov + 3 → 28 Feb). */
const addMonths = (d: Date, n: number) => {
  const x = new Date(d);
  const day = x.getUTCDate();
  x.setUTCDate(1);
  x.setUTCMonth(x.getUTCMonth() + n);
  const last = new Date(Date.UTC(x.getUTCFullYear(), x.getUTCMonth() + 1, 0)).getUTCDate();
  x.setUTCDate(Math.min(day, last));
  return x;
};

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_PAYMENT_SECRET: SECRET, RENEWAL_REMINDER_DAYS: '7' });
  // The sandbox gateway notifies over HTTP, so this app also listens.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await shopper(t, { roles: ['admin'] });
  plain = await shopper(t, { roles: ['user'] });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /combo/combo_list', () => {
  it('is public and lists the seeded plans (one per plan and period) at today’s prices, names in the caller’s language', async () => {
    const list = await publicList();
    expect(list).toHaveLength(PLANS.length * 3);
    for (const plan of PLANS) {
      for (const period of ['month', 'quarter', 'year'] as const) {
        const row = list.find((c) => c.level === plan.id && c.period === period);
        expect(row?.price, `${plan.id} ${period}`).toBe(plan.prices[period]);
      }
    }
    const enterprise = await comboOf('enterprise', 'year');
    expect(enterprise).toMatchObject({
      name: 'Enterprise VIP',
      names: { zh: '企业 VIP', tc: '企業 VIP', en: 'Enterprise VIP' },
      quotas: { max_projects: null, live_streaming: true, custom_avatars: 3, model_library: true },
    });
    expect(enterprise.quotas.storage_bytes).toBeGreaterThanOrEqual(20 * 1024 ** 3);
    expect((await publicList('tc')).find((c) => c.id === enterprise.id)?.name).toBe('企業 VIP');
  });

  it('seeds only an empty table: a restart adds nothing', async () => {
    const { membership } = usersOf(t);
    const again = createPlansService({
      db: t.database.db,
      vipDates: (ids) => membership.vipDates(ids),
      extendMembershipMonths: (id, months, tx) => membership.extendMembershipMonths(id, months, tx),
      renewalReminderDays: 7,
    });
    expect(await again.ensureDefaults()).toBe(0);
    expect(await publicList()).toHaveLength(PLANS.length * 3);
  });
});

describe('admin calls for /system/combo', () => {
  const valid = {
    name_zh: '教育版',
    name_tc: '教育版',
    name_en: 'Education',
    level: 'member',
    period: 'year',
    price: '999.90',
    max_projects: 50,
    storage_bytes: 8 * 1024 ** 3,
    live_streaming: false,
    custom_avatars: 0,
    model_library: true,
  };

  it('need a session (401) and the /system/combo permission (403)', async () => {
    expect((await get('/combo/combo_page', null)).statusCode).toBe(401);
    expect((await post('/combo/add_combo', null, valid)).statusCode).toBe(401);
    expect((await get('/combo/combo_page', plain)).statusCode).toBe(403);
    for (const url of ['/combo/add_combo', '/combo/up_combo', '/combo/set_combo', '/combo/del_combo']) {
      expect((await post(url, plain, { id: 1, ...valid })).statusCode, url).toBe(403);
    }
  });

  it('refuse hostile and invalid input with a 400 and a translated message', async () => {
    const cases: [string, object, string][] = [
      ['/combo/add_combo', { ...valid, name_en: '' }, 'Please enter the plan name'],
      ['/combo/add_combo', { ...valid, name_zh: 'a\u0000b' }, 'Control characters are not allowed'],
      ['/combo/add_combo', { ...valid, price: '1.234' }, 'The price format is 0.00'],
      ['/combo/add_combo', { ...valid, level: 'gold' }, 'Invalid value'],
      ['/combo/add_combo', { ...valid, storage_bytes: 2 ** 52 }, 'The number is too large'],
      ['/combo/add_combo', { ...valid, max_projects: -1 }, 'The number is too small'],
      ['/combo/add_combo', { ...valid, level: 'enterprise', storage_bytes: 1024 ** 3 }, 'at least 20 GB'],
      ['/combo/up_combo', { id: 2 ** 31, price: 1 }, 'The id is invalid'],
      ['/combo/set_combo', { id: 1, enabled: 'yes' }, 'Invalid value'],
    ];
    for (const [url, payload, message] of cases) {
      const r = await post(url, admin, payload);
      expect(r.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(body(r).message).toContain(message);
    }
    expect((await get('/combo/combo_page?page=99999999999', admin)).statusCode).toBe(400);
  });

  it('add, list, update and switch a plan; off hides it from /solutions; unknown ids are 40401', async () => {
    const added = body<ComboRow>(await post('/combo/add_combo', admin, valid));
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ name_en: 'Education', price: 999.9, max_projects: 50, enabled: true, sold: 0 });
    expect((await publicList()).map((c) => c.id)).toContain(added.data.id);

    const updated = body<ComboRow>(await post('/combo/up_combo', admin, { id: added.data.id, price: 888, max_projects: null }));
    expect(updated.data).toMatchObject({ price: 888, max_projects: null, name_en: 'Education' });

    const off = body<ComboRow>(await post('/combo/set_combo', admin, { id: added.data.id, enabled: false }));
    expect(off.data.enabled).toBe(false);
    expect((await publicList()).map((c) => c.id)).not.toContain(added.data.id);
    const page = body<Page<ComboRow>>(await get('/combo/combo_page?enabled=false&limit=50', admin)).data;
    expect(page.list.map((c) => c.id)).toContain(added.data.id);
    // Switched off, it cannot be bought.
    const refused = await post('/order/place_plan_order', plain, { combo_id: added.data.id });
    expect(body(refused)).toMatchObject({ code: 40960, message: 'This plan is no longer offered: please choose another' });

    expect(body(await post('/combo/up_combo', admin, { id: 999999, price: 1 })).code).toBe(40401);
    expect(body(await post('/combo/set_combo', admin, { id: 999999, enabled: true })).code).toBe(40401);

    // Never bought: it can be deleted. The changes are in the audit log.
    expect(body(await post('/combo/del_combo', admin, { id: added.data.id })).code).toBe(200);
    expect(body(await post('/combo/del_combo', admin, { id: added.data.id })).code).toBe(40401);
    const logs = body<{ list: { action: string }[] }>(await get('/logs_list?target_type=plan&limit=50', admin)).data;
    expect(logs.list.map((l) => l.action).sort()).toEqual(['plan.create', 'plan.delete', 'plan.enable', 'plan.update']);
  });
});

describe('buying a plan', () => {
  it('goes through order, invoice and the sandbox gateway, and extends the membership exactly once', async () => {
    const buyer = await lapsed();
    expect(await info(buyer)).toMatchObject({ vip_status: false, vip_date: null });
    expect((await myPlan(buyer)).level).toBe('freemium');
    const biz = await comboOf('biz', 'month');

    const before = Date.now();
    const placed = await buyThroughSandbox(buyer, biz.id);
    // The invoice shows the plan.
    expect(placed).toMatchObject({
      amount: 198,
      project_info: [],
      plan_info: { combo_id: biz.id, level: 'biz', period: 'month' },
    });
    expect(placed.plan_info?.names.en).toBe('Biz');

    const after = await info(buyer);
    expect(after.vip_status).toBe(true);
    const end = new Date(after.vip_date as string).getTime();
    expect(end).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime() - 1000);
    expect(end).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime() + 1000);
    expect(after.renewal_reminder).toBe(false);
    const plan = await myPlan(buyer);
    expect(plan).toMatchObject({ level: 'biz', combo_id: biz.id, period: 'month', vip_status: true, renewal_reminder: false });
    expect(plan.quotas.max_projects).toBe(30);

    const orders = body<Page<OrderRow>>(await get(`/order/order_page?order_on=${placed.order_on}`, buyer)).data;
    expect(orders.list[0]).toMatchObject({ status: 'paid', pay_type: 'Alipay', plan_info: { combo_id: biz.id } });

    // The same notification again, and a second transaction for the same order, change nothing.
    const again = await notify(notification(placed.order_on, '198.00'));
    expect(body<{ result: string }>(again).data.result).not.toBe('paid');
    const other = await notify(notification(placed.order_on, '198.00', `other_${placed.order_on}`));
    expect(body<{ result: string }>(other).data.result).toBe('already_paid');
    expect((await info(buyer)).vip_date).toBe(after.vip_date);
  });

  it('two notifications at once extend the membership once', async () => {
    const buyer = await lapsed();
    const biz = await comboOf('biz', 'quarter');
    const placed = body<PlacedOrder>(await post('/order/place_plan_order', buyer, { combo_id: biz.id })).data;
    const replies = await Promise.all([
      notify(notification(placed.order_on, '548.00', `a_${placed.order_on}`)),
      notify(notification(placed.order_on, '548.00', `b_${placed.order_on}`)),
    ]);
    const results = replies.map((r) => body<{ result: string }>(r).data.result).sort();
    expect(results).toEqual(['already_paid', 'paid']);
    const end = new Date((await info(buyer)).vip_date as string);
    expect(end.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 3).getTime() + 1000);
    expect(end.getTime()).toBeGreaterThan(addMonths(new Date(), 3).getTime() - 60_000);
  });

  it('a renewal before expiry adds the period to the end; the latest plan sets the level', async () => {
    const buyer = await lapsed();
    await buyThroughSandbox(buyer, (await comboOf('biz', 'month')).id);
    const firstEnd = new Date((await info(buyer)).vip_date as string);
    await buyThroughSandbox(buyer, (await comboOf('enterprise', 'year')).id);
    const secondEnd = new Date((await info(buyer)).vip_date as string);
    expect(secondEnd.getTime()).toBe(addMonths(firstEnd, 12).getTime());
    // each purchase covers its own span: the renewal starts where the first plan ends (not worked back from its end)
    const spans = await t.database.db
      .select({ startsAt: planPurchases.startsAt, endsAt: planPurchases.endsAt })
      .from(planPurchases)
      .where(eq(planPurchases.userId, buyer.id))
      .orderBy(planPurchases.id);
    const [first, second] = spans.map((r) => ({ startsAt: r.startsAt?.getTime(), endsAt: r.endsAt?.getTime() }));
    expect(spans).toHaveLength(2);
    expect(Math.abs((first?.startsAt ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(first?.endsAt).toBe(firstEnd.getTime());
    expect(second).toEqual({ startsAt: firstEnd.getTime(), endsAt: secondEnd.getTime() });
    const plan = await myPlan(buyer);
    expect(plan).toMatchObject({ level: 'enterprise', period: 'year' });
    // The bought plan's storage is the upload quota.
    const cap = body<{ quota_bytes: number }>(await get('/user/capacity', buyer)).data;
    expect(cap.quota_bytes).toBe(plan.quotas.storage_bytes);
  });

  it('answers a pending order for the same plan again, and refuses freemium, unknown ids and a free plan taken twice', async () => {
    const buyer = await lapsed();
    const biz = await comboOf('biz', 'year');
    const [a, b] = await Promise.all([
      post('/order/place_plan_order', buyer, { combo_id: biz.id }),
      post('/order/place_plan_order', buyer, { combo_id: biz.id }),
    ]);
    expect(body<PlacedOrder>(a).data.order_on).toBe(body<PlacedOrder>(b).data.order_on);

    const free = await comboOf('freemium', 'month');
    expect(body(await post('/order/place_plan_order', buyer, { combo_id: free.id }))).toMatchObject({
      code: 40960,
      message: 'Freemium needs no purchase: every account has it',
    });
    expect(body(await post('/order/place_plan_order', buyer, { combo_id: 999999 })).code).toBe(40401);
    expect((await post('/order/place_plan_order', null, { combo_id: biz.id })).statusCode).toBe(401);
    expect((await post('/order/place_plan_order', buyer, { combo_id: 'x' })).statusCode).toBe(400);

    // A free promotional plan: pay type Free, once per account.
    const promo = body<ComboRow>(
      await post('/combo/add_combo', admin, {
        name_zh: '体验月',
        name_tc: '體驗月',
        name_en: 'Trial month',
        level: 'member',
        period: 'month',
        price: 0,
        max_projects: 10,
        storage_bytes: 1024 ** 3,
        live_streaming: false,
        custom_avatars: 0,
        model_library: true,
      }),
    ).data;
    const order = body<PlacedOrder>(await post('/order/place_plan_order', buyer, { combo_id: promo.id })).data;
    expect(order.amount).toBe(0);
    const paid = body<PayReply>(await post('/pay/pay', buyer, { order_on: order.order_on, pay_type: 'Free' })).data;
    expect(paid).toMatchObject({ type: 'Free', status: 'paid' });
    expect((await myPlan(buyer)).level).toBe('member');
    expect(body(await post('/order/place_plan_order', buyer, { combo_id: promo.id }))).toMatchObject({
      code: 40960,
      message: 'This free plan can be taken once per account',
    });
    // Bought, it cannot be deleted.
    expect(body(await post('/combo/del_combo', admin, { id: promo.id }))).toMatchObject({ code: 40961 });
  });
});

describe('quotas', () => {
  const form = {
    name: 'Harbour',
    catalog: '360_image',
    type: 'exhibition',
    price: '0',
    keywords: 'harbour',
    description: 'A walk by the harbour',
    cover: 'https://example.com/cover.jpg',
    images: [],
    tag_ids: [],
    for_sale: false,
    is_public: false,
    anonymous_preview: false,
  };

  it('refuses a project beyond the plan’s count, naming plan and limit in the caller’s language, also under parallel requests', async () => {
    const creator = await lapsed();
    const replies = await Promise.all(Array.from({ length: 5 }, () => post('/project/add_project', creator, form)));
    expect(replies.filter((r) => body(r).code === 200)).toHaveLength(3);
    const refusals = replies.filter((r) => body(r).code !== 200);
    expect(refusals).toHaveLength(2);
    for (const r of refusals) {
      expect(r.statusCode).toBe(413);
      expect(body(r)).toMatchObject({
        code: 41303,
        message: 'Project limit reached: the Freemium plan allows 3 projects. Upgrade your plan to create more',
      });
    }
    const zh = await call('POST', '/project/add_project', creator, form, 'zh');
    expect(body(zh).message).toBe('项目数量已达上限：免费版方案最多 3 个项目。升级方案可创建更多项目');
    const tc = await call('POST', '/project/add_project', creator, form, 'tc');
    expect(body(tc).message).toContain('免費版方案最多 3 個項目');
    // A bought plan raises the limit.
    await buyThroughSandbox(creator, (await comboOf('biz', 'month')).id);
    expect(body(await post('/project/add_project', creator, form)).code).toBe(200);
    expect((await myPlan(creator)).usage.projects).toBe(4);
  });

  it('a bought plan’s storage is the upload quota, and a refusal names the plan', async () => {
    const creator = await lapsed();
    const tiny = body<ComboRow>(
      await post('/combo/add_combo', admin, {
        name_zh: '迷你',
        name_tc: '迷你',
        name_en: 'Mini',
        level: 'member',
        period: 'month',
        price: 0,
        max_projects: 5,
        storage_bytes: 1024,
        live_streaming: false,
        custom_avatars: 0,
        model_library: true,
      }),
    ).data;
    const order = body<PlacedOrder>(await post('/order/place_plan_order', creator, { combo_id: tiny.id })).data;
    expect(body(await post('/pay/pay', creator, { order_on: order.order_on, pay_type: 'Free' })).code).toBe(200);
    expect(body<{ quota_bytes: number }>(await get('/user/capacity', creator)).data.quota_bytes).toBe(1024);
    const project = body<{ id: number }>(await post('/project/add_project', creator, form)).data;
    const meta = { filename: 'cube.glb', kind: 'model3d', project_id: String(project.id) };
    const refused = await tusCreate(t.app, creator.token, meta, 2048);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 41302,
      message: 'Not enough storage: 0 B of the Mini plan’s 1.0 KB used. Upgrade your plan for more',
    });
  });

  it('live streaming and custom avatars follow the plan; an expired plan falls back to freemium (test clock)', async () => {
    const buyer = await lapsed();
    const { membership } = usersOf(t);
    let clock = new Date();
    const plans = createPlansService({
      db: t.database.db,
      vipDates: (ids) => membership.vipDates(ids),
      extendMembershipMonths: (id, months, tx) => membership.extendMembershipMonths(id, months, tx),
      renewalReminderDays: 7,
      now: () => clock,
    });
    expect(await plans.allows(buyer.id, 'live_streaming')).toBe(false);
    await expect(plans.assertAllows(buyer.id, 'live_streaming')).rejects.toMatchObject({ code: 41304 });
    await buyThroughSandbox(buyer, (await comboOf('enterprise', 'month')).id);
    expect(await plans.allows(buyer.id, 'live_streaming')).toBe(true);
    expect(await plans.allows(buyer.id, 'custom_avatars')).toBe(true);
    expect(await plans.customAvatarAllowance(buyer.id)).toBe(3);
    await expect(plans.assertCustomAvatarRoom(buyer.id, 2)).resolves.toBeUndefined();
    await expect(plans.assertCustomAvatarRoom(buyer.id, 3)).rejects.toMatchObject({
      code: 41304,
      messageKey: 'planCustomAvatarsFull',
      params: { limit: 3 },
    });
    const end = new Date((await info(buyer)).vip_date as string);

    clock = new Date(end.getTime() - 3 * DAY - 1000);
    expect((await plans.myPlan(buyer.id)).renewal_reminder).toBe(true);
    clock = new Date(end.getTime() + 1000);
    expect(await plans.allows(buyer.id, 'live_streaming')).toBe(false);
    expect(await plans.customAvatarAllowance(buyer.id)).toBe(0);
    const expired = await plans.myPlan(buyer.id);
    expect(expired).toMatchObject({ level: 'freemium', vip_status: false, renewal_reminder: true, days_left: -1 });

    // Biz has no live streaming: the refusal names the plan and the feature.
    const biz = await lapsed();
    await buyThroughSandbox(biz, (await comboOf('biz', 'month')).id);
    clock = new Date();
    await expect(plans.assertAllows(biz.id, 'live_streaming')).rejects.toMatchObject({
      code: 41304,
      localParams: { plan: { en: 'Biz' }, feature: { en: 'live streaming' } },
    });
  });

  it('the free trial (a membership without a bought plan) is the member level with the paid features', async () => {
    const trial = await shopper(t, { roles: ['creator'], vip_date: new Date(Date.now() + 2 * DAY) });
    const plan = await myPlan(trial);
    expect(plan).toMatchObject({ level: 'member', vip_status: true, days_left: 1, renewal_reminder: true });
    expect(plan.quotas.live_streaming).toBe(true);
    // The trial's storage is the capacity setting's (storage follows bought plans only): the plan card on /profile
    // shows the same quota as the capacity card and the upload check, not the top plan's 20 GB.
    const cap = body<{ quota_bytes: number; used_bytes: number }>(await get('/user/capacity', trial)).data;
    expect(plan.quotas.storage_bytes).toBe(cap.quota_bytes);
    expect(plan.usage.storage_bytes).toBe(cap.used_bytes);
    expect(await info(trial)).toMatchObject({ vip_status: true, vip_days_left: 1, renewal_reminder: true });
    const far = await shopper(t, { roles: ['creator'], vip_date: new Date(Date.now() + 30 * DAY) });
    expect(await info(far)).toMatchObject({ vip_days_left: 29, renewal_reminder: false });
  });
});
