import type { PayReply, PlacedOrder } from '@xr/contract/orders';
import type { PublicCombo } from '@xr/contract/plans';
import type { SeatInfo } from '@xr/contract/seats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { usersOf } from '../../../test/factories';

const SECRET = 'test-sandbox-secret-seats-0123456789';
const DAY = 86_400_000;
let t: TestApp;
let host: string;
let admin: Shopper;

const call = (method: 'GET' | 'POST', url: string, s: Shopper | null, payload?: object, lang = 'en') =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...(s?.headers ?? {}), 'x-lang': lang, host }, payload });
const get = (url: string, s: Shopper | null) => call('GET', url, s);
const post = (url: string, s: Shopper | null, payload: object = {}, lang?: string) => call('POST', url, s, payload, lang);
const seatInfo = async (s: Shopper) => body<SeatInfo>(await get('/user/seat_info', s)).data;
const vipOf = async (s: Shopper) => body<{ vip_date: string | null }>(await get('/user/user_info', s)).data.vip_date;

/** An organisation admin with a year of membership of their own, and a member registered with their code. */
async function organisation(vipDays = 365) {
  const org = await shopper(t, {
    roles: ['organisation_admin'],
    account_type: 'organisation',
    vip_date: new Date(Date.now() + vipDays * DAY),
  });
  return org;
}
const memberOf = (org: Shopper, vipDate: Date | null = null) =>
  shopper(t, { roles: ['user'], invited_by: org.id, vip_date: vipDate });

/** Buys a plan through the sandbox gateway's hosted page, as a browser would. */
async function buyThroughSandbox(s: Shopper, comboId: number): Promise<PlacedOrder> {
  const placed = body<PlacedOrder>(await post('/order/place_plan_order', s, { combo_id: comboId }));
  expect(placed.code, JSON.stringify(placed)).toBe(200);
  const paid = body<PayReply>(await post('/pay/pay', s, { order_on: placed.data.order_on, pay_type: 'Alipay' }));
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

/** Seats for an organisation, as a purchase gives them (the plans module calls this in the payment's transaction). */
async function giveSeats(org: Shopper, n: number) {
  const { createSeatsService } = await import('./seats.service');
  const seats = createSeatsService({ db: t.database.db });
  await t.database.db.transaction((tx) => seats.planSeats(org.id, n, tx));
}

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_PAYMENT_SECRET: SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await shopper(t, { roles: ['admin'] });
});
afterAll(async () => {
  await t?.close();
});

describe('organisation seats', () => {
  it('guards the seat routes: 401 signed out, 403 without /member or as an administrator, 400 on bad ids', async () => {
    expect((await get('/user/seat_info', null)).statusCode).toBe(401);
    expect((await post('/user/grant_seat', null, { id: 1 })).statusCode).toBe(401);
    const plain = await shopper(t, { roles: ['user'] });
    expect(body(await post('/user/grant_seat', plain, { id: 1 })).code).toBe(40301);
    expect(body(await post('/user/release_seat', plain, { id: 1 })).code).toBe(40301);
    const org = await organisation();
    const member = await memberOf(org);
    expect(body(await post('/user/grant_seat', admin, { id: member.id })).code).toBe(40301);
    const bad = await post('/user/grant_seat', org, { id: 2 ** 31 });
    expect(bad.statusCode).toBe(400);
    expect(body(await post('/user/grant_seat', org, { id: 'x' })).code).toBe(40001);
    // Someone outside the organisation is "not found".
    const stranger = await shopper(t, { roles: ['user'] });
    expect(body(await post('/user/grant_seat', org, { id: stranger.id })).code).toBe(40401);
  });

  it('an organisation admin cannot set membership dates; an administrator can', async () => {
    const org = await organisation();
    const member = await memberOf(org);
    const until = new Date(Date.now() + 30 * DAY).toISOString();
    const refused = body<{ field: string }>(await post('/user/user_manage', org, { id: member.id, vip_date: until }));
    expect(refused).toMatchObject({ code: 40001, data: { field: 'vip_date' } });
    expect(refused.message).toContain('seat');
    const zh = body(await post('/user/user_manage', org, { id: member.id, vip_date: until }, 'zh'));
    expect(zh.message).toContain('席位');
    expect(await vipOf(member)).toBeNull();
    // Other changes still work for the organisation admin.
    expect(body(await post('/user/user_manage', org, { id: member.id, status: 'active' })).code).toBe(200);
    expect(body(await post('/user/user_manage', admin, { id: member.id, vip_date: until })).code).toBe(200);
    expect(await vipOf(member)).toBe(until);
  });

  it('an enterprise purchase through the sandbox gateway sets the pool to the plan’s seats; renewals do not stack', async () => {
    const org = await organisation();
    expect(await seatInfo(org)).toEqual({ total: 0, used: 0, remaining: 0, assignments: [] });
    const list = body<{ list: PublicCombo[] }>(await get('/combo/combo_list', null)).data.list;
    const enterprise = list.find((c) => c.level === 'enterprise' && c.period === 'month') as PublicCombo;
    const biz = list.find((c) => c.level === 'biz' && c.period === 'month') as PublicCombo;
    expect(enterprise.quotas.seats).toBe(10);
    expect(biz.quotas.seats).toBe(0);
    await buyThroughSandbox(org, enterprise.id);
    expect(await seatInfo(org)).toMatchObject({ total: 10, used: 0, remaining: 10 });
    await buyThroughSandbox(org, biz.id);
    expect((await seatInfo(org)).total).toBe(10);
    // A renewal of the same plan extends the membership but the organisation still has the plan's 10 seats.
    const before = await vipOf(org);
    await buyThroughSandbox(org, enterprise.id);
    expect(Date.parse((await vipOf(org)) as string)).toBeGreaterThan(Date.parse(before as string));
    expect(await seatInfo(org)).toMatchObject({ total: 10, used: 0, remaining: 10 });
  });

  it('an administrator sets a plan’s seats on /system/combo; they are bounded whole numbers', async () => {
    const added = body<{ id: number; seats: number }>(
      await post('/combo/add_combo', admin, {
        name_zh: '团队',
        name_tc: '團隊',
        name_en: 'Team',
        level: 'enterprise',
        period: 'month',
        price: 10,
        max_projects: null,
        storage_bytes: 20 * 1024 ** 3,
        live_streaming: true,
        custom_avatars: 1,
        model_library: true,
        seats: 4,
      }),
    );
    expect(added).toMatchObject({ code: 200, data: { seats: 4 } });
    expect(body(await post('/combo/up_combo', admin, { id: added.data.id, seats: 7 })).data).toMatchObject({ seats: 7 });
    const bad = body<{ field: string }>(await post('/combo/up_combo', admin, { id: added.data.id, seats: -1 }));
    expect(bad).toMatchObject({ code: 40001, data: { field: 'seats' } });
    expect(body(await post('/combo/up_combo', admin, { id: added.data.id, seats: 1.5 })).code).toBe(40001);
    const org = await organisation();
    await buyThroughSandbox(org, added.data.id);
    expect(await seatInfo(org)).toMatchObject({ total: 7, used: 0, remaining: 7 });
    // A larger plan raises the pool to its quota; a smaller one later does not lower it.
    const list = body<{ list: PublicCombo[] }>(await get('/combo/combo_list', null)).data.list;
    const enterprise = list.find((c) => c.quotas.seats === 10) as PublicCombo;
    await buyThroughSandbox(org, enterprise.id);
    expect((await seatInfo(org)).total).toBe(10);
    await buyThroughSandbox(org, added.data.id);
    expect((await seatInfo(org)).total).toBe(10);
  });

  it('gives and releases a seat: the member gets the admin’s end, loses it on release, and both are audited', async () => {
    const org = await organisation(200);
    const orgEnd = await vipOf(org);
    const member = await memberOf(org);
    const own = new Date(Date.now() + 5 * DAY);
    const withDays = await memberOf(org, own);
    // No seats: a translated refusal.
    const none = body(await post('/user/grant_seat', org, { id: member.id }));
    expect(none.code).toBe(41320);
    expect(none.message).toContain('no free seat');
    expect(body(await post('/user/grant_seat', org, { id: member.id }, 'tc')).message).toContain('席位');

    await giveSeats(org, 2);
    const granted = body<SeatInfo>(await post('/user/grant_seat', org, { id: member.id }));
    expect(granted.code).toBe(200);
    expect(granted.data).toMatchObject({ total: 2, used: 1, remaining: 1 });
    expect(granted.data.assignments[0]).toMatchObject({ member_id: member.id, username: member.username, vip_date: orgEnd });
    expect(await vipOf(member)).toBe(orgEnd);
    expect(body(await post('/user/grant_seat', org, { id: member.id })).code).toBe(40001);

    expect(body(await post('/user/grant_seat', org, { id: withDays.id })).code).toBe(200);
    expect(body(await post('/user/grant_seat', org, { id: (await memberOf(org)).id })).code).toBe(41320);

    // Release: the seat is free again; the member without days of their own ends now, the other keeps theirs.
    const before = Date.now();
    const released = body<SeatInfo>(await post('/user/release_seat', org, { id: member.id }));
    expect(released.data).toMatchObject({ total: 2, used: 1, remaining: 1 });
    const end = new Date((await vipOf(member)) as string).getTime();
    expect(end).toBeGreaterThanOrEqual(before - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body(await post('/user/release_seat', org, { id: member.id })).code).toBe(40001);
    expect(body(await post('/user/release_seat', org, { id: withDays.id })).code).toBe(200);
    expect(await vipOf(withDays)).toBe(own.toISOString());
    expect(await seatInfo(org)).toMatchObject({ total: 2, used: 0, remaining: 2, assignments: [] });

    for (const m of [member, withDays]) {
      const logs = body<{ list: { action: string }[] }>(
        await get(`/logs_list?target_type=user&target_id=${m.id}&limit=50`, admin),
      ).data.list;
      const seatActions = logs.map((l) => l.action).filter((a) => a.startsWith('user.seat_'));
      expect(seatActions.sort()).toEqual(['user.seat_grant', 'user.seat_release']);
    }
  });

  it('a release keeps the days a member bought while holding the seat', async () => {
    const org = await organisation(100);
    const member = await memberOf(org);
    await giveSeats(org, 1);
    expect(body(await post('/user/grant_seat', org, { id: member.id })).code).toBe(200);
    const seatEnd = new Date((await vipOf(member)) as string).getTime();
    // A month bought on top (a purchase extends from the later of now and the current end).
    await t.database.db.transaction((tx) => usersOf(t).membership.extendMembershipMonths(member.id, 1, tx));
    const bought = new Date((await vipOf(member)) as string).getTime() - seatEnd;
    expect(bought).toBeGreaterThan(27 * DAY);
    const before = Date.now();
    expect(body(await post('/user/release_seat', org, { id: member.id })).code).toBe(200);
    const end = new Date((await vipOf(member)) as string).getTime();
    expect(end).toBeGreaterThanOrEqual(before + bought - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + bought + 1000);
  });

  it('an admin whose own membership ended has no days to give', async () => {
    const org = await organisation(-1);
    const member = await memberOf(org);
    await giveSeats(org, 1);
    expect(body<{ field: string }>(await post('/user/grant_seat', org, { id: member.id })).data).toMatchObject({ field: 'id' });
    expect((await seatInfo(org)).used).toBe(0);
  });

  it('ten parallel grants with three seats give exactly three', async () => {
    const org = await organisation();
    await giveSeats(org, 3);
    const members = await Promise.all(Array.from({ length: 10 }, () => memberOf(org)));
    const replies = await Promise.all(members.map((m) => post('/user/grant_seat', org, { id: m.id })));
    const codes = replies.map((r) => body(r).code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 41320)).toHaveLength(7);
    expect(await seatInfo(org)).toMatchObject({ total: 3, used: 3, remaining: 0 });
    const { membership } = usersOf(t);
    const dates = await membership.vipDates(members.map((m) => m.id));
    expect([...dates.values()].filter((d) => d && d.getTime() > Date.now())).toHaveLength(3);
  });
});
