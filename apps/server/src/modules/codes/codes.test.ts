import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, mailedCode, makeUser } from '../../../test/factories';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let app: FastifyInstance;
let adminToken: string;
let orgToken: string;
let orgId: number;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const [admin, org, user] = await Promise.all([
    makeUser(t, { roles: ['admin'] }),
    makeUser(t, { roles: ['organisation_admin'], account_type: 'organisation' }),
    makeUser(t, { roles: ['user'] }),
  ]);
  orgId = org.id;
  [adminToken, orgToken, userToken] = await Promise.all([
    login(t, admin.email, admin.password),
    login(t, org.email, org.password),
    login(t, user.email, user.password),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string | null; target?: FastifyInstance } = {},
) {
  const token = opts.token === undefined ? adminToken : opts.token;
  const res = await (opts.target ?? app).inject({
    method,
    url,
    payload: method === 'POST' ? ((opts.body ?? {}) as Record<string, unknown>) : undefined,
    headers: { ...(token ? auth(token) : {}), 'accept-language': 'en' },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Reply };
}
const get = (url: string, token?: string | null) => call('GET', url, { token });
const post = (url: string, body?: unknown, token?: string | null, target?: FastifyInstance) =>
  call('POST', url, { body, token, target });

let seq = 0;
const unique = (prefix = 'c') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

async function addInvite(body: Record<string, unknown> = {}, token = adminToken) {
  const res = await post('/api/user/add_invite_code', { note: 'spring', ...body }, token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function addCoupon(body: Record<string, unknown> = {}) {
  const res = await post('/api/user/add_coupon_code', { kind: 'membership_days', value: 30, ...body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function signedInUser(over: Parameters<typeof makeUser>[1] = {}) {
  const u = await makeUser(t, { roles: ['user'], ...over });
  return { ...u, token: await login(t, u.email, u.password) };
}
const userInfo = async (token: string) => (await get('/api/user/user_info', token)).body.data;

/** Registers through the real form (email code included); answers the reply. */
async function register(extra: Record<string, unknown> = {}) {
  const tag = unique('r').toLowerCase();
  const email = `${tag}@example.test`;
  expect((await post('/api/send_register_email_code', { email }, null)).body.code).toBe(200);
  const res = await post(
    '/api/register',
    {
      account_type: 'individual',
      username: `reg_${tag}`,
      password: 'Secret#123',
      gender: 'female',
      phone: '+852 9123 4567',
      forum_name: tag.slice(-10),
      email,
      email_code: await mailedCode(app, email),
      terms: true,
      ...extra,
    },
    null,
  );
  return { ...res, email, username: `reg_${tag}` };
}

/** Every route of this module with a valid input, and who may call it. */
const ROUTES: { method: 'GET' | 'POST'; url: string; body?: unknown; access: 'invite' | 'coupon' | 'user' }[] = [
  { method: 'POST', url: '/api/user/add_invite_code', body: { note: 'x' }, access: 'invite' },
  { method: 'GET', url: '/api/user/get_invite_code_list?page=1&limit=10', access: 'invite' },
  { method: 'GET', url: '/api/user/invite_code_details?id=1', access: 'invite' },
  { method: 'POST', url: '/api/user/up_invite_code', body: { id: 1, note: 'x' }, access: 'invite' },
  { method: 'POST', url: '/api/user/del_invite_code', body: { id: 1 }, access: 'invite' },
  { method: 'POST', url: '/api/user/set_invite_code', body: { id: 1, enabled: false }, access: 'invite' },
  { method: 'GET', url: '/api/user/invite_code_info_list?page=1&limit=10', access: 'user' },
  { method: 'POST', url: '/api/user/set_user_invite_code', access: 'user' },
  { method: 'GET', url: '/api/user/coupon_code_list?page=1&limit=10', access: 'coupon' },
  { method: 'GET', url: '/api/user/coupon_code_details?id=1', access: 'coupon' },
  { method: 'POST', url: '/api/user/add_coupon_code', body: { kind: 'xp', value: 5 }, access: 'coupon' },
  { method: 'POST', url: '/api/user/up_coupon_code', body: { id: 1, note: 'x' }, access: 'coupon' },
  { method: 'POST', url: '/api/user/del_coupon_code', body: { id: 1 }, access: 'coupon' },
  { method: 'POST', url: '/api/user/set_coupon_code', body: { id: 1, enabled: false }, access: 'coupon' },
  { method: 'POST', url: '/api/user/check_cdk', body: { cdk: 'NOPE-NOPE' }, access: 'user' },
];

describe('access', () => {
  it.each(ROUTES)('$method $url answers 10001 without a token', async (r) => {
    const res = await call(r.method, r.url, { body: r.body, token: null });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it.each(ROUTES.filter((r) => r.access !== 'user'))('$method $url answers 40301 to an ordinary user', async (r) => {
    const res = await call(r.method, r.url, { body: r.body, token: userToken });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40301);
  });

  it.each(ROUTES.filter((r) => r.access === 'coupon'))(
    '$method $url is for coupon managers only (not organisation admins)',
    async (r) => {
      const res = await call(r.method, r.url, { body: r.body, token: orgToken });
      expect(res.body.code).toBe(40301);
    },
  );
});

describe('validation (400 with the field)', () => {
  const cases: { url: string; body: unknown; field: string; message?: string }[] = [
    { url: '/api/user/add_invite_code', body: { code: 'a b' }, field: 'code', message: 'Use 4 to 32 letters, digits, - or _' },
    { url: '/api/user/add_invite_code', body: { max_uses: -1 }, field: 'max_uses' },
    { url: '/api/user/add_invite_code', body: { expires_at: 'tomorrow' }, field: 'expires_at' },
    { url: '/api/user/add_invite_code', body: { note: 'n'.repeat(201) }, field: 'note' },
    { url: '/api/user/up_invite_code', body: { note: 'x' }, field: 'id' },
    { url: '/api/user/del_invite_code', body: {}, field: 'id' },
    { url: '/api/user/set_invite_code', body: { id: 1 }, field: 'enabled' },
    { url: '/api/user/add_coupon_code', body: { value: 3 }, field: 'kind' },
    { url: '/api/user/add_coupon_code', body: { kind: 'xp', value: 0 }, field: 'value' },
    { url: '/api/user/add_coupon_code', body: { kind: 'membership_days', value: 4000 }, field: 'value' },
    { url: '/api/user/add_coupon_code', body: { kind: 'xp', value: 1, cdk: 'ab' }, field: 'cdk' },
    { url: '/api/user/up_coupon_code', body: { kind: 'gold' }, field: 'id' },
    { url: '/api/user/del_coupon_code', body: { id: 'x' }, field: 'id' },
    { url: '/api/user/set_coupon_code', body: { id: 1, enabled: 'yes' }, field: 'enabled' },
    { url: '/api/user/check_cdk', body: { cdk: '   ' }, field: 'cdk', message: 'Coupon code cannot be empty' },
    { url: '/api/user/check_cdk', body: {}, field: 'cdk', message: 'Coupon code cannot be empty' },
  ];
  it.each(cases)('POST $url $body', async ({ url, body, field, message }) => {
    const res = await post(url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe(40001);
    expect(res.body.data.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
  });

  it.each([
    '/api/user/get_invite_code_list?page=0',
    '/api/user/get_invite_code_list?enabled=maybe',
    '/api/user/invite_code_details?id=abc',
    '/api/user/invite_code_info_list?limit=1000',
    '/api/user/coupon_code_list?kind=gold',
    '/api/user/coupon_code_details',
  ])('GET %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40001);
  });

  it('refuses an expiry in the past and a limit below the uses so far', async () => {
    const past = new Date(Date.now() - DAY).toISOString();
    const a = await post('/api/user/add_invite_code', { expires_at: past });
    expect(a.body).toMatchObject({
      code: 40001,
      message: 'The expiry time must be in the future',
      data: { field: 'expires_at' },
    });
    const c = await post('/api/user/add_coupon_code', { kind: 'xp', value: 1, expires_at: past });
    expect(c.body).toMatchObject({ code: 40001, data: { field: 'expires_at' } });

    const coupon = await addCoupon({ kind: 'xp', value: 1, max_uses: 5 });
    for (const token of [(await signedInUser()).token, (await signedInUser()).token]) {
      expect((await post('/api/user/check_cdk', { cdk: coupon.cdk }, token)).body.code).toBe(200);
    }
    const low = await post('/api/user/up_coupon_code', { id: coupon.id, max_uses: 1 });
    expect(low.body).toMatchObject({ code: 40001, data: { field: 'max_uses' } });
    expect((await post('/api/user/up_coupon_code', { id: coupon.id, max_uses: 2 })).body.data.state).toBe('exhausted');
    expect((await post('/api/user/up_coupon_code', { id: coupon.id, max_uses: 0 })).body.data.state).toBe('active');
    const value = await post('/api/user/up_coupon_code', { id: coupon.id, kind: 'membership_days', value: 5000 });
    expect(value.body).toMatchObject({ code: 40001, data: { field: 'value' } });
  });
});

describe('campaign invite codes (admin)', () => {
  it('adds with a generated or a chosen code, refuses a taken one (also a personal invite code)', async () => {
    const generated = await addInvite({ max_uses: 3 });
    expect(generated).toMatchObject({
      note: 'spring',
      max_uses: 3,
      used_count: 0,
      enabled: true,
      state: 'active',
      expires_at: null,
    });
    expect(generated.code).toMatch(/^[A-Z2-9]{10}$/);

    const chosen = unique('spring-');
    const mine = await addInvite({ code: ` ${chosen.toLowerCase()} ` });
    expect(mine.code).toBe(chosen);
    const again = await post('/api/user/add_invite_code', { code: chosen.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 40932,
      message: 'This code is already in use, choose another',
      data: { field: 'code' },
    });

    const personal = (await userInfo(userToken)).invite_code;
    expect((await post('/api/user/add_invite_code', { code: personal })).body.code).toBe(40932);
  });

  it('lists with keyword, on/off filter and paging; details; edits; switches; deletes', async () => {
    const tag = unique('k');
    const a = await addInvite({ code: `${tag}A`, note: 'alpha' });
    const b = await addInvite({ code: `${tag}B`, note: 'beta', enabled: false });

    const list = await get(`/api/user/get_invite_code_list?keyword=${tag.toLowerCase()}&page=1&limit=10`);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(list.body.data.list.map((c: { code: string }) => c.code)).toEqual([b.code, a.code]);
    expect(list.body.data.list[1].created_by).toMatchObject({ name: expect.any(String) });
    const off = await get(`/api/user/get_invite_code_list?keyword=${tag}&enabled=false`);
    expect(off.body.data.list.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect(off.body.data.list[0].state).toBe('disabled');
    const paged = await get(`/api/user/get_invite_code_list?keyword=${tag}&page=2&limit=1`);
    expect(paged.body.data).toMatchObject({ total: 2, list: [{ id: a.id }] });
    expect((await get(`/api/user/get_invite_code_list?keyword=alpha`)).body.data.list.map((c: { id: number }) => c.id)).toContain(
      a.id,
    );

    const details = await get(`/api/user/invite_code_details?id=${a.id}`);
    expect(details.body.data).toMatchObject({ id: a.id, code: a.code, recent_uses: [] });

    const expires = new Date(Date.now() + 7 * DAY).toISOString();
    const up = await post('/api/user/up_invite_code', {
      id: a.id,
      code: `${tag}C`,
      note: 'gamma',
      max_uses: 9,
      expires_at: expires,
    });
    expect(up.body.data).toMatchObject({ code: `${tag}C`, note: 'gamma', max_uses: 9, expires_at: expires });
    const blank = await post('/api/user/up_invite_code', { id: a.id, code: '' });
    expect(blank.body.data.code).toBe(`${tag}C`);
    expect((await post('/api/user/up_invite_code', { id: a.id, code: b.code })).body.code).toBe(40932);
    expect((await post('/api/user/up_invite_code', { id: 999999, note: 'x' })).body.code).toBe(40401);

    expect((await post('/api/user/set_invite_code', { id: b.id, enabled: true })).body.data).toMatchObject({
      enabled: true,
      state: 'active',
    });
    expect((await post('/api/user/set_invite_code', { id: 999999, enabled: true })).status).toBe(404);

    expect((await post('/api/user/del_invite_code', { id: b.id })).body).toMatchObject({ code: 200, data: null });
    expect((await post('/api/user/del_invite_code', { id: b.id })).status).toBe(404);
    expect((await get(`/api/user/invite_code_details?id=${b.id}`)).status).toBe(404);
  });

  it("keeps an organisation admin to their own codes; an admin sees everyone's", async () => {
    const own = await addInvite({ note: 'org' }, orgToken);
    expect(own.created_by).toEqual({ id: orgId, name: expect.any(String) });
    const adminCode = await addInvite();

    const orgList = await get('/api/user/get_invite_code_list?limit=100', orgToken);
    expect(orgList.body.data.list.every((c: { created_by: { id: number } }) => c.created_by.id === orgId)).toBe(true);
    expect(orgList.body.data.list.map((c: { id: number }) => c.id)).toContain(own.id);
    for (const res of [
      await get(`/api/user/invite_code_details?id=${adminCode.id}`, orgToken),
      await post('/api/user/up_invite_code', { id: adminCode.id, note: 'mine' }, orgToken),
      await post('/api/user/set_invite_code', { id: adminCode.id, enabled: false }, orgToken),
      await post('/api/user/del_invite_code', { id: adminCode.id }, orgToken),
    ]) {
      expect(res.body.code).toBe(40401);
    }
    const adminList = await get('/api/user/get_invite_code_list?limit=100');
    expect(adminList.body.data.list.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([own.id, adminCode.id]));
  });
});

describe('registration with a campaign invite code', () => {
  it('counts the use, makes the account a member of the code owner, and refuses it when off, expired or used up', async () => {
    const code = await addInvite({ max_uses: 1 }, orgToken);
    const first = await register({ invite_code: code.code.toLowerCase() });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);

    const details = await get(`/api/user/invite_code_details?id=${code.id}`, orgToken);
    expect(details.body.data).toMatchObject({ used_count: 1, state: 'exhausted', recent_uses: [{ name: first.username }] });
    // the organisation admin now manages the new account, and sees it in their invites with the code
    const members = await get('/api/user/user_page?limit=100', orgToken);
    expect(members.body.data.list.map((u: { email: string }) => u.email)).toContain(first.email);
    const invites = await get('/api/user/invite_code_info_list', orgToken);
    expect(invites.body.data.list[0]).toMatchObject({ name: first.username, status: 'pending', via: code.code });

    const exhausted = await register({ invite_code: code.code });
    expect(exhausted.status).toBe(400);
    expect(exhausted.body).toMatchObject({ code: 40002, data: { field: 'invite_code' } });

    const off = await addInvite({ enabled: false });
    expect((await register({ invite_code: off.code })).body.code).toBe(40002);
    const expiring = await addInvite({ expires_at: new Date(Date.now() + DAY).toISOString() });
    await post('/api/user/up_invite_code', { id: expiring.id, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await get(`/api/user/invite_code_details?id=${expiring.id}`)).body.data.state).toBe('expired');
    expect((await register({ invite_code: expiring.code })).body.code).toBe(40002);
    // a refused form leaves the code's count alone
    expect((await get(`/api/user/invite_code_details?id=${off.id}`)).body.data.used_count).toBe(0);
  });

  it('never passes max_uses under parallel registrations', async () => {
    const code = await addInvite({ max_uses: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => register({ invite_code: code.code })));
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, 200, 40002, 40002, 40002, 40002]);
    expect((await get(`/api/user/invite_code_details?id=${code.id}`)).body.data.used_count).toBe(2);
  });
});

describe('my invites', () => {
  it('lists the accounts registered with my personal code; a new code replaces the old one', async () => {
    const me = await signedInUser();
    const code = (await userInfo(me.token)).invite_code as string;
    const empty = await get('/api/user/invite_code_info_list?page=1&limit=10', me.token);
    expect(empty.body.data).toEqual({ list: [], total: 0, page: 1, limit: 10 });

    const friend = await register({ invite_code: code });
    expect(friend.body.code).toBe(200);
    const list = await get('/api/user/invite_code_info_list', me.token);
    expect(list.body.data).toMatchObject({ total: 1, list: [{ name: friend.username, status: 'pending', via: null }] });
    expect(list.body.data.list[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const fresh = await post('/api/user/set_user_invite_code', undefined, me.token);
    expect(fresh.body.code).toBe(200);
    expect(fresh.body.data.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(fresh.body.data.invite_code).not.toBe(code);
    expect((await userInfo(me.token)).invite_code).toBe(fresh.body.data.invite_code);
    expect((await register({ invite_code: code })).body.code).toBe(40002);
    expect((await register({ invite_code: fresh.body.data.invite_code })).body.code).toBe(200);
    expect((await get('/api/user/invite_code_info_list', me.token)).body.data.total).toBe(2);
  });
});

describe('coupon codes (admin)', () => {
  it('adds, lists, filters, edits, switches and deletes', async () => {
    const tag = unique('q');
    const days = await addCoupon({ cdk: `${tag}-days`, value: 7, max_uses: 10, note: 'launch' });
    expect(days).toMatchObject({
      cdk: `${tag}-DAYS`,
      kind: 'membership_days',
      value: 7,
      max_uses: 10,
      used_count: 0,
      state: 'active',
    });
    const xp = await addCoupon({ kind: 'xp', value: 500 });
    expect(xp.cdk).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const taken = await post('/api/user/add_coupon_code', { kind: 'xp', value: 1, cdk: days.cdk.toLowerCase() });
    expect(taken.body).toMatchObject({ code: 40932, data: { field: 'cdk' } });

    const byKeyword = await get(`/api/user/coupon_code_list?keyword=${tag}`);
    expect(byKeyword.body.data).toMatchObject({ total: 1, list: [{ id: days.id }] });
    const byKind = await get('/api/user/coupon_code_list?kind=xp&limit=100');
    expect(byKind.body.data.list.every((c: { kind: string }) => c.kind === 'xp')).toBe(true);
    expect(byKind.body.data.list.map((c: { id: number }) => c.id)).toContain(xp.id);

    const up = await post('/api/user/up_coupon_code', { id: days.id, value: 14, note: 'relaunch', cdk: '' });
    expect(up.body.data).toMatchObject({ cdk: days.cdk, value: 14, note: 'relaunch' });
    expect((await post('/api/user/up_coupon_code', { id: days.id, cdk: xp.cdk })).body.code).toBe(40932);
    expect((await post('/api/user/up_coupon_code', { id: 999999, note: 'x' })).status).toBe(404);

    const off = await post('/api/user/set_coupon_code', { id: days.id, enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, state: 'disabled' });
    expect((await get(`/api/user/coupon_code_list?keyword=${tag}&enabled=true`)).body.data.total).toBe(0);
    expect((await post('/api/user/set_coupon_code', { id: 999999, enabled: false })).status).toBe(404);

    expect((await get(`/api/user/coupon_code_details?id=${days.id}`)).body.data).toMatchObject({ id: days.id, recent_uses: [] });
    expect((await post('/api/user/del_coupon_code', { id: days.id })).body.code).toBe(200);
    expect((await get(`/api/user/coupon_code_details?id=${days.id}`)).status).toBe(404);
    expect((await post('/api/user/del_coupon_code', { id: days.id })).status).toBe(404);
  });
});

describe('coupon redemption (POST /user/check_cdk)', () => {
  it('adds membership days from the later of now and the current end, once per account', async () => {
    const coupon = await addCoupon({ value: 30 });
    const lapsed = await signedInUser({ vip_date: null });
    const before = Date.now();
    const res = await post('/api/user/check_cdk', { cdk: ` ${coupon.cdk.toLowerCase()} ` }, lapsed.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      message: 'Redemption successful',
      data: { code: 200, kind: 'membership_days', value: 30 },
    });
    const end = new Date(res.body.data.vip_date).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY - 5000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5000);
    expect((await userInfo(lapsed.token)).vip_status).toBe(true);

    const vipEnd = new Date(Date.now() + 100 * DAY);
    const member = await signedInUser({ vip_date: vipEnd });
    const ext = await post('/api/user/check_cdk', { cdk: coupon.cdk }, member.token);
    expect(new Date(ext.body.data.vip_date).getTime()).toBe(vipEnd.getTime() + 30 * DAY);

    const again = await post('/api/user/check_cdk', { cdk: coupon.cdk }, member.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 40931,
      message: 'You have already redeemed this coupon code',
      data: { field: 'cdk' },
    });
    expect((await get(`/api/user/coupon_code_details?id=${coupon.id}`)).body.data).toMatchObject({
      used_count: 2,
      recent_uses: [{ name: member.username }, { name: lapsed.username }],
    });
  });

  it('adds experience points', async () => {
    const coupon = await addCoupon({ kind: 'xp', value: 250 });
    const u = await signedInUser();
    const res = await post('/api/user/check_cdk', { cdk: coupon.cdk }, u.token);
    expect(res.body.data).toMatchObject({ code: 200, kind: 'xp', value: 250, xp_value: 250 });
    expect((await userInfo(u.token)).xp_value).toBe(250);
  });

  it('answers clear errors for unknown, switched-off, expired and used-up codes', async () => {
    const u = await signedInUser();
    const unknown = await post('/api/user/check_cdk', { cdk: 'NO-SUCH-CODE' }, u.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 40030, message: 'This coupon code is invalid', data: { field: 'cdk' } });

    const off = await addCoupon({ enabled: false });
    expect((await post('/api/user/check_cdk', { cdk: off.cdk }, u.token)).body.code).toBe(40030);

    const expiring = await addCoupon({ expires_at: new Date(Date.now() + DAY).toISOString() });
    await post('/api/user/up_coupon_code', { id: expiring.id, expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await post('/api/user/check_cdk', { cdk: expiring.cdk }, u.token);
    expect(expired.body).toMatchObject({ code: 40031, message: 'This coupon code has expired' });

    const single = await addCoupon({ kind: 'xp', value: 1, max_uses: 1 });
    expect((await post('/api/user/check_cdk', { cdk: single.cdk }, (await signedInUser()).token)).body.code).toBe(200);
    const used = await post('/api/user/check_cdk', { cdk: single.cdk }, u.token);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ code: 40930, message: 'This coupon code has been fully redeemed' });
    expect((await userInfo(u.token)).xp_value).toBe(0);

    const zh = await app.inject({
      method: 'POST',
      url: '/api/user/check_cdk',
      payload: { cdk: 'NO-SUCH-CODE' },
      headers: { ...auth(u.token), 'accept-language': 'zh' },
    });
    expect(zh.json().message).toBe('优惠码无效');
  });

  it('never passes max_uses under 50 parallel redemptions by different accounts', async () => {
    const coupon = await addCoupon({ kind: 'xp', value: 10, max_uses: 10 });
    const people: { token: string }[] = [];
    for (let i = 0; i < 50; i += 10) people.push(...(await Promise.all(Array.from({ length: 10 }, () => signedInUser()))));
    const results = await Promise.all(people.map((p) => post('/api/user/check_cdk', { cdk: coupon.cdk }, p.token)));
    const ok = results.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 40930)).toHaveLength(40);
    const details = (await get(`/api/user/coupon_code_details?id=${coupon.id}`)).body.data;
    expect(details).toMatchObject({ used_count: 10, state: 'exhausted' });
    expect(details.recent_uses).toHaveLength(10);
    const xp = await Promise.all(people.map((p) => userInfo(p.token).then((i) => i.xp_value as number)));
    expect(xp.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('redeems once when one account sends 50 parallel requests', async () => {
    const coupon = await addCoupon({ kind: 'membership_days', value: 10 });
    const vipEnd = new Date(Date.now() + 5 * DAY);
    const u = await signedInUser({ vip_date: vipEnd });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/user/check_cdk', { cdk: coupon.cdk }, u.token)),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 40931)).toHaveLength(49);
    expect(new Date((await userInfo(u.token)).vip_date).getTime()).toBe(vipEnd.getTime() + 10 * DAY);
    expect((await get(`/api/user/coupon_code_details?id=${coupon.id}`)).body.data.used_count).toBe(1);
  });
});

describe('rate limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await small?.close();
  });
  const tryCode = async (token: string, cdk: string, ip: string) => {
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/user/check_cdk',
      payload: { cdk },
      remoteAddress: ip,
      headers: { ...auth(token), 'accept-language': 'en' },
    });
    return { status: res.statusCode, headers: res.headers, code: (res.json() as Reply).code };
  };
  let logins = 0;
  /** Signs in from an address of its own (the small limit also applies to /login). */
  const person = async (roles: Parameters<typeof makeUser>[1] = { roles: ['user'] }) => {
    const u = await makeUser(small, roles);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.email, password: u.password },
      remoteAddress: `10.9.${Math.floor(logins / 250)}.${logins++ % 250}`,
    });
    return (res.json() as Reply).data.access_token as string;
  };

  it('answers 429 with Retry-After when one address tries too many coupon codes', async () => {
    const token = await person();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await tryCode(token, `GUESS-${i}`, '10.0.0.1')).code);
    expect(codes).toEqual([40030, 40030, 40030, 429]);
    const last = await tryCode(token, 'GUESS-9', '10.0.0.1');
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one account across addresses, but not a popular code shared by many people', async () => {
    const token = await person();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await tryCode(token, `GUESS-${i}`, `10.0.1.${i}`)).code);
    expect(codes).toEqual([40030, 40030, 40030, 429]);

    const admin = await person({ roles: ['admin'] });
    const added = await small.app.inject({
      method: 'POST',
      url: '/api/user/add_coupon_code',
      payload: { kind: 'xp', value: 1 },
      headers: auth(admin),
    });
    const cdk = (added.json() as Reply).data.cdk as string;
    const people = await Promise.all(Array.from({ length: 6 }, () => person()));
    const results = [];
    for (const [i, p] of people.entries()) results.push((await tryCode(p, cdk, `10.0.2.${i}`)).code);
    expect(results).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
