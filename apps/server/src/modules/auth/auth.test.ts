import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, lastMail, login, mailedCode, makeUser, multipartFile } from '../../../test/factories';
import { createAuthRepository } from './auth.repository';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string; lang?: string; target?: FastifyInstance } = {},
) {
  const res = await (opts.target ?? app).inject({
    method,
    url,
    payload: opts.body as Record<string, unknown> | undefined,
    headers: { ...(opts.token ? auth(opts.token) : {}), 'accept-language': opts.lang ?? 'en' },
  });
  const body = (res.body ? res.json() : null) as Reply;
  return { status: res.statusCode, headers: res.headers, body };
}
const post = (url: string, body?: unknown, opts: { token?: string; lang?: string; target?: FastifyInstance } = {}) =>
  call('POST', url, { ...opts, body: body ?? {} });
const get = (url: string, opts: { token?: string; lang?: string; target?: FastifyInstance } = {}) => call('GET', url, opts);

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A multipart upload with an English caller. */
function upload(filename: string, content: Buffer | string, type?: string) {
  const m = multipartFile(filename, content, type);
  return { payload: m.payload, headers: { ...m.headers, 'accept-language': 'en' } };
}

function registration(email: string, code: string, extra: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    account_type: 'individual',
    username: `reg_${tag}`,
    password: 'Secret#123',
    gender: 'female',
    phone: '+852 9123 4567',
    forum_name: `r${tag}`.slice(0, 10),
    email,
    email_code: code,
    terms: true,
    ...extra,
  };
}

async function activationToken(email: string, target: FastifyInstance = app): Promise<string> {
  const text = (await lastMail(target, email))?.text ?? '';
  const token = /\/api\/activate\?token=([a-f0-9]{64})/.exec(text)?.[1];
  if (!token) throw new Error(`no activation link mailed to ${email}`);
  return token;
}

/** Sends a code, registers and (unless told not to) activates; answers the email and password. */
async function registered(opts: { activate?: boolean; extra?: Record<string, unknown> } = {}) {
  const email = `p${unique()}@example.test`;
  expect((await post('/api/send_register_email_code', { email })).body.code).toBe(200);
  const body = registration(email, await mailedCode(app, email), opts.extra);
  const res = await post('/api/register', body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  if (opts.activate !== false) {
    const token = await activationToken(email);
    expect((await get(`/api/activate?token=${token}`)).status).toBe(302);
  }
  return { email, password: body.password, username: body.username as string };
}

describe('the whole account journey', () => {
  it('code → register → pending → activate → login → user info → change password → logout', async () => {
    const email = `Journey${unique()}@Example.test`;
    const lower = email.toLowerCase();

    const sent = await post('/api/send_register_email_code', { email });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ code: 200, message: 'The mail has been sent' });
    const code = await mailedCode(app, lower);
    expect(code).toMatch(/^\d{6}$/);

    const body = registration(email, code);
    const reg = await post('/api/register', body);
    expect(reg.body).toMatchObject({ code: 200, data: { email: lower, status: 'pending' } });

    expect((await post('/api/register_status_judge', { email })).body.data).toEqual({ email: lower, status: 'pending' });
    const pending = await post('/api/login', { username: email, password: body.password });
    expect(pending.status).toBe(403);
    expect(pending.body.code).toBe(40102);

    const mail = await lastMail(app, lower);
    expect(mail?.text).toContain('http://localhost:80/api/activate?token=');
    const activation = await activationToken(lower);
    const link = await get(`/api/activate?token=${activation}`);
    expect(link.status).toBe(302);
    expect(link.headers.location).toBe('/#/login?activated=1');
    expect((await get(`/api/activate?token=${activation}`)).headers.location).toBe('/#/login?activated=0');
    expect((await post('/api/register_status_judge', { email })).body.data.status).toBe('active');

    const first = await post('/api/login', { username: body.username, password: body.password });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ token_type: 'Bearer' });
    expect(first.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(first.body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const other = await login(app, email, body.password);
    const current: string = first.body.data.access_token;

    const info = await get('/api/user/user_info', { token: current });
    expect(info.body.data).toMatchObject({
      username: body.username,
      name: body.username,
      email: lower,
      gender: 'female',
      phone: '+85291234567',
      forum_name: body.forum_name,
      role_name: 'creator',
      roles: ['creator'],
      vip_status: true,
      xp_value: 0,
      avatar: '',
      introduction: '',
      account_type: 'individual',
    });
    expect(info.body.data.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(info.body.data.permissions).toContainEqual({ http_path: '/vrdata' });
    const trialDays = (new Date(info.body.data.vip_date).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29);
    expect(trialDays).toBeLessThanOrEqual(30);
    // A token in the URL is ignored: it would land in logs and browser histories.
    expect((await get(`/api/user/user_info?token=${current}`)).body.code).toBe(10001);

    const changed = await post(
      '/api/user/up_password',
      { old_password: body.password, new_password: 'NewSecret#9', password: 'NewSecret#9' },
      { token: current },
    );
    expect(changed.body.code).toBe(200);
    const elsewhere = await get('/api/user/user_info', { token: other });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.code).toBe(50012);
    expect((await get('/api/user/user_info', { token: current })).body.code).toBe(200);
    expect((await post('/api/login', { username: email, password: body.password })).body.code).toBe(40101);
    expect((await post('/api/login', { username: email, password: 'NewSecret#9' })).body.code).toBe(200);

    expect((await post('/api/logout', {}, { token: current })).body.code).toBe(200);
    const after = await get('/api/user/user_info', { token: current });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(10004);
  });
});

describe('POST /login', () => {
  it('answers 400 with the field and the message in the caller language', async () => {
    const en = await post('/api/login', { password: 'x' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 40001, message: 'User name cannot be empty', data: { field: 'username' } });
    const zh = await post('/api/login', { username: 'a' }, { lang: 'zh' });
    expect(zh.body).toMatchObject({ code: 40001, message: '密码不能为空', data: { field: 'password' } });
  });

  it('answers 40101 with one message for a wrong password and an unknown account', async () => {
    const u = await makeUser(t);
    const wrong = await post('/api/login', { username: u.email, password: 'not-the-password' });
    const unknown = await post('/api/login', { username: 'nobody@example.test', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 40101, message: 'Incorrect account or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('signs in by user name ignoring case, and refuses pending and disabled accounts', async () => {
    const u = await makeUser(t);
    expect((await post('/api/login', { username: u.username.toUpperCase(), password: u.password })).body.code).toBe(200);
    const pending = await makeUser(t, { status: 'pending' });
    expect((await post('/api/login', { username: pending.email, password: pending.password })).body.code).toBe(40102);
    const disabled = await makeUser(t, { status: 'disabled' });
    const d = await post('/api/login', { username: disabled.email, password: disabled.password });
    expect(d.status).toBe(403);
    expect(d.body).toMatchObject({ code: 40103, message: 'This account has been disabled' });
    // A wrong password never reveals the account state.
    expect((await post('/api/login', { username: disabled.email, password: 'wrong-one' })).body.code).toBe(40101);
  });

  it('records last_login_at', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const u = await makeUser(t);
    const token = await login(app, admin.email, admin.password);
    expect((await get(`/api/user/user_details?id=${u.id}`, { token })).body.data.last_login_at).toBeNull();
    await login(app, u.email, u.password);
    const seen = (await get(`/api/user/user_details?id=${u.id}`, { token })).body.data.last_login_at;
    expect(Date.now() - new Date(seen).getTime()).toBeLessThan(60_000);
  });
});

describe('tokens and sessions', () => {
  it('maps every token state to its code', async () => {
    expect((await get('/api/user/user_info')).body.code).toBe(10001);
    expect((await get('/api/user/user_info', { token: 'garbage' })).body.code).toBe(10002);
    const unknown = crypto.randomBytes(32).toString('base64url');
    const r = await get('/api/user/user_info', { token: unknown });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(10002);
  });

  it('expires after idle time (10003) and at the absolute end (50014); last_seen_at moves at most once a minute', async () => {
    // The session times are moved in the database behind the server's back: no session cache here.
    const uncached = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    const get = (url: string, opts: { token?: string } = {}) => call('GET', url, { ...opts, target: uncached.app });
    const app = uncached.app;
    const u = await makeUser(uncached);
    const repo = createAuthRepository(uncached.database.db);
    const idle = await login(app, u.email, u.password);
    const s1 = await repo.sessionByHash(sha256(idle));
    if (!s1) throw new Error('no session');

    // Seen 30 s ago: a request does not write.
    await repo.setSessionTimes(s1.id, { lastSeenAt: new Date(Date.now() - 30_000) });
    const before = (await repo.sessionByHash(sha256(idle)))?.lastSeenAt.getTime();
    expect((await get('/api/user/user_info', { token: idle })).body.code).toBe(200);
    expect((await repo.sessionByHash(sha256(idle)))?.lastSeenAt.getTime()).toBe(before);
    // Seen 2 minutes ago: it moves to now.
    await repo.setSessionTimes(s1.id, { lastSeenAt: new Date(Date.now() - 120_000) });
    expect((await get('/api/user/user_info', { token: idle })).body.code).toBe(200);
    expect(Date.now() - ((await repo.sessionByHash(sha256(idle)))?.lastSeenAt.getTime() ?? 0)).toBeLessThan(5_000);

    await repo.setSessionTimes(s1.id, { lastSeenAt: new Date(Date.now() - (t.config.session.idleMinutes + 1) * 60_000) });
    const idled = await get('/api/user/user_info', { token: idle });
    expect(idled.status).toBe(401);
    expect(idled.body.code).toBe(10003);

    const old = await login(app, u.email, u.password);
    const s2 = await repo.sessionByHash(sha256(old));
    if (!s2) throw new Error('no session');
    await repo.setSessionTimes(s2.id, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await get('/api/user/user_info', { token: old });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(50014);
    await uncached.close();
  });

  it('reuses a resolved session without a query, and forgets it at once when rights change', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const adminToken = await login(app, admin.email, admin.password);
    const u = await makeUser(t, { roles: ['creator'], vip_date: null });
    const token = await login(app, u.email, u.password);
    const repo = createAuthRepository(t.database.db);
    const s = await repo.sessionByHash(sha256(token));
    if (!s) throw new Error('no session');
    expect((await get('/api/user/user_info', { token })).body.data.vip_status).toBe(false);
    // Cached: a change made behind the server's back (not through a service) is not seen within the cache time.
    await repo.setSessionTimes(s.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await get('/api/user/user_info', { token })).body.code).toBe(200);
    await repo.setSessionTimes(s.id, { expiresAt: new Date(Date.now() + 3_600_000) });

    // A role change through the member screen reaches the next request.
    const roles = (await get('/api/user/get_role', { token: adminToken })).body.data as { id: number; name: string }[];
    const userRole = roles.find((r) => r.name === 'user');
    if (!userRole) throw new Error('no user role');
    const forbiddenBefore = await get('/api/project/my_project_page', { token });
    expect((await post('/api/user/user_manage', { id: u.id, role_ids: [userRole.id] }, { token: adminToken })).body.code).toBe(
      200,
    );
    const after = await get('/api/project/my_project_page', { token });
    expect(forbiddenBefore.body.code).not.toBe(40301);
    expect(after.body.code).toBe(40301);

    // A membership given by the member screen is active on the next request.
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await post('/api/user/user_manage', { id: u.id, vip_date: until }, { token: adminToken })).body.code).toBe(200);
    expect((await get('/api/user/user_info', { token })).body.data.vip_status).toBe(true);

    // Disabling ends the session at once (50008), although it was cached.
    expect((await post('/api/user/user_manage', { id: u.id, status: 'disabled' }, { token: adminToken })).body.code).toBe(200);
    expect((await get('/api/user/user_info', { token })).body.code).toBe(50008);
  });

  it('stores only the SHA-256 of the token', async () => {
    const u = await makeUser(t);
    const token = await login(app, u.email, u.password);
    const s = await createAuthRepository(t.database.db).sessionByHash(sha256(token));
    expect(s?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(s)).not.toContain(token);
  });
});

describe('POST /logout', () => {
  it('needs a token (10001) and ends only that session', async () => {
    expect((await post('/api/logout')).body.code).toBe(10001);
    const u = await makeUser(t);
    const a = await login(app, u.email, u.password);
    const b = await login(app, u.email, u.password);
    expect((await post('/api/logout', {}, { token: a })).body.code).toBe(200);
    expect((await get('/api/user/user_info', { token: a })).body.code).toBe(10004);
    expect((await post('/api/logout', {}, { token: a })).body.code).toBe(10004);
    expect((await get('/api/user/user_info', { token: b })).body.code).toBe(200);
  });
});

describe('POST /send_register_email_code', () => {
  it('validates the email, refuses a registered one (40901) and stores the code hashed', async () => {
    const bad = await post('/api/send_register_email_code', { email: 'not-an-email' });
    expect(bad.body).toMatchObject({ code: 40001, message: 'The email format is incorrect', data: { field: 'email' } });
    const u = await makeUser(t);
    const taken = await post('/api/send_register_email_code', { email: u.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 40901, data: { field: 'email' } });

    const email = `h${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const row = await createAuthRepository(t.database.db).liveCode(email, 'register');
    expect(row?.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe('POST /register', () => {
  it('checks every rule of spec section 5, with the spec texts in en and zh', async () => {
    const email = `v${unique()}@example.test`;
    const base = registration(email, '123456');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'Short#1' }, 'password', 'The password can not be less than 8 digits'],
      [{ phone: '12ab' }, 'phone', 'phone number format is incorrect'],
      [
        { forum_name: 'has space' },
        'forum_name',
        'Forum user name cannot contain spaces or special characters such as @ , / < >',
      ],
      [{ forum_name: 'a@b' }, 'forum_name', 'Forum user name cannot contain spaces or special characters such as @ , / < >'],
      [{ forum_name: 'elevenchars' }, 'forum_name', 'Forum user name can be at most 10 characters'],
      [{ forum_name: '' }, 'forum_name', 'Forum user name cannot be empty'],
      [{ username: '' }, 'username', 'User name cannot be empty'],
      [{ gender: undefined }, 'gender', 'Please choose a gender'],
      [{ account_type: 'company' }, 'account_type', 'Please choose an account type'],
      [{ email_code: '' }, 'email_code', 'Verification code cannot be empty'],
      [{ email: '' }, 'email', 'Email cannot be empty'],
      [{ terms: false }, 'terms', 'Please read and accept the user terms'],
      [{ account_type: 'organisation' }, 'certificate', 'Organisation accounts must upload a certificate'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/api/register', { ...base, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe(40001);
      expect(res.body.data.field).toBe(field);
      expect(res.body.message).toBe(message);
    }
    const zh = await post('/api/register', { ...base, password: 'Short#1' }, { lang: 'zh' });
    expect(zh.body.message).toBe('密码不能少于 8 位');
    const tc = await post('/api/register', { ...base, password: 'Short#1' }, { lang: 'zh-TW' });
    expect(tc.body.message).toBe('密碼不能少於 8 位');
  });

  it('refuses a wrong code (40003), at most five tries, and uses a code once', async () => {
    const email = `c${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/register', registration(email, wrong));
      expect(r.body).toMatchObject({ code: 40003, data: { field: 'email_code' } });
    }
    // The sixth try fails even with the right code: the code is burnt.
    expect((await post('/api/register', registration(email, code))).body.code).toBe(40003);

    await post('/api/send_register_email_code', { email });
    const fresh = await mailedCode(app, email);
    expect((await post('/api/register', registration(email, fresh))).body.code).toBe(200);
    const again = await post('/api/register', registration(email, fresh));
    expect(again.body.code).toBe(40003);
  });

  it('keeps the code usable when the form is refused (taken user name 40902, forum name 40903, invite code 40002)', async () => {
    const other = await makeUser(t);
    const email = `k${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const u = await post('/api/register', registration(email, code, { username: other.username.toUpperCase() }));
    expect(u.status).toBe(409);
    expect(u.body).toMatchObject({ code: 40902, data: { field: 'username' } });
    const f = await post('/api/register', registration(email, code, { forum_name: other.forum_name }));
    expect(f.body).toMatchObject({ code: 40903, data: { field: 'forum_name' } });
    const i = await post('/api/register', registration(email, code, { invite_code: 'NOPE1234' }));
    expect(i.status).toBe(400);
    expect(i.body).toMatchObject({ code: 40002, message: 'The invite code is invalid', data: { field: 'invite_code' } });
    expect((await post('/api/register', registration(email, code))).body.code).toBe(200);
  });

  it('links an account to the owner of the invite code it registers with', async () => {
    const org = await makeUser(t, { roles: ['organisation_admin'], account_type: 'organisation' });
    const orgToken = await login(app, org.email, org.password);
    const inviteCode = (await get('/api/user/user_info', { token: orgToken })).body.data.invite_code;
    const member = await registered({ extra: { invite_code: inviteCode.toLowerCase() } });
    const page = await get('/api/user/user_page', { token: orgToken });
    expect(page.body.data.list.map((u: { email: string }) => u.email)).toEqual([member.email]);
  });

  it('registers an organisation with an uploaded certificate: a creator waiting for approval', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
    const up = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('c.pdf', pdf) });
    expect(up.statusCode).toBe(200);
    const certificate = up.json().data.certificate as string;
    expect(certificate).toMatch(/^certificates\/[a-f0-9]{32}\.pdf$/);

    const forged = `p${unique()}@example.test`;
    await post('/api/send_register_email_code', { email: forged });
    const r = await post(
      '/api/register',
      registration(forged, await mailedCode(app, forged), {
        account_type: 'organisation',
        certificate: 'certificates/00000000000000000000000000000000.pdf',
      }),
    );
    expect(r.body).toMatchObject({ code: 40001, data: { field: 'certificate' } });

    const org = await registered({ extra: { account_type: 'organisation', certificate } });
    const token = await login(app, org.email, org.password);
    const info = (await get('/api/user/user_info', { token })).body.data;
    expect(info).toMatchObject({ role_name: 'creator', account_type: 'organisation' });
    expect(info.permissions).not.toContainEqual({ http_path: '/member' });
    expect((await get('/api/user/institution_status', { token })).body.data).toMatchObject({ state: 'pending' });
  });
});

describe('POST /register_certificate_upload', () => {
  it('accepts pdf, jpg and png by content only, up to 10 MB', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(100)]);
    const ok = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('x.bin', png) });
    expect(ok.json().data.certificate).toMatch(/\.png$/);

    const fake = await app.inject({
      method: 'POST',
      url: '/api/register_certificate_upload',
      ...upload('evil.pdf', '<html>not a pdf</html>', 'application/pdf'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 40004, message: 'Illegal document' });

    const big = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('b.pdf', big) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe(41301);

    const none = await post('/api/register_certificate_upload', { file: 'x' });
    expect(none.body).toMatchObject({ code: 40001, message: 'Please choose a file to upload', data: { field: 'file' } });
  });
});

describe('activation', () => {
  it('GET /activate redirects with activated=0 for a bad token; POST /activate answers JSON', async () => {
    expect((await get('/api/activate?token=nope')).headers.location).toBe('/#/login?activated=0');
    expect((await get('/api/activate')).headers.location).toBe('/#/login?activated=0');
    const bad = await post('/api/activate', { token: 'a'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40105);
    expect((await post('/api/activate', {})).body).toMatchObject({ code: 40001, data: { field: 'token' } });

    const p = await registered({ activate: false });
    const token = await activationToken(p.email);
    const res = await post('/api/activate', { token });
    expect(res.body).toEqual({ code: 200, message: 'success', data: { email: p.email } });
    expect((await post('/api/login', { username: p.email, password: p.password })).body.code).toBe(200);
  });

  it('POST /register_status_judge says none for an unknown email, and validates it', async () => {
    expect((await post('/api/register_status_judge', { email: 'ghost@example.test' })).body.data).toEqual({
      email: 'ghost@example.test',
      status: 'none',
    });
    expect((await post('/api/register_status_judge', {})).body).toMatchObject({ code: 40001, data: { field: 'email' } });
    const d = await makeUser(t, { status: 'disabled' });
    expect((await post('/api/register_status_judge', { email: d.email })).body.data.status).toBe('disabled');
  });

  it('POST /resend_activation mails a new link to pending accounts only, and the old link stops working', async () => {
    const p = await registered({ activate: false });
    const first = await activationToken(p.email);
    expect((await post('/api/resend_activation', { email: p.email })).body.code).toBe(200);
    const second = await activationToken(p.email);
    expect(second).not.toBe(first);
    expect((await get(`/api/activate?token=${first}`)).headers.location).toBe('/#/login?activated=0');
    expect((await get(`/api/activate?token=${second}`)).headers.location).toBe('/#/login?activated=1');

    const quiet = `q${unique()}@example.test`;
    expect((await post('/api/resend_activation', { email: quiet })).body.code).toBe(200);
    expect(await lastMail(app, quiet)).toBeUndefined();
    expect((await post('/api/resend_activation', { email: 'bad' })).body.code).toBe(40001);
  });
});

describe('forgotten password', () => {
  it('POST /send_email_code answers ok for unknown emails without sending anything', async () => {
    const ghost = `g${unique()}@example.test`;
    const r = await post('/api/send_email_code', { email: ghost, purpose: 'reset' });
    expect(r.body.code).toBe(200);
    expect(await lastMail(app, ghost)).toBeUndefined();
    expect((await post('/api/send_email_code', { email: 'x' })).body).toMatchObject({ code: 40001, data: { field: 'email' } });
  });

  it('POST /retrieve_password resets with the mailed code and ends every session (50012)', async () => {
    const u = await makeUser(t);
    const session = await login(app, u.email, u.password);
    await post('/api/send_email_code', { email: u.email });
    const code = await mailedCode(app, u.email);

    const mismatch = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code,
      new_password: 'Another#123',
      password: 'Another#124',
    });
    expect(mismatch.body).toMatchObject({
      code: 40001,
      message: 'Inconsistent password entered twice!',
      data: { field: 'password' },
    });
    const blank = await post('/api/retrieve_password', { email: u.email, email_code: code, new_password: 'Another#123' });
    expect(blank.body).toMatchObject({ message: 'Confirm password can not be blank', data: { field: 'password' } });
    const wrong = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code === '999999' ? '999998' : '999999',
      new_password: 'Another#123',
      password: 'Another#123',
    });
    expect(wrong.body.code).toBe(40003);

    const done = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code,
      new_password: 'Another#123',
      password: 'Another#123',
    });
    expect(done.body).toEqual({ code: 200, message: 'Password reset complete', data: null });
    const zh = await post(
      '/api/retrieve_password',
      { email: u.email, email_code: code, new_password: 'Another#123', password: 'Another#123' },
      { lang: 'zh' },
    );
    expect(zh.body.code).toBe(40003);
    expect((await get('/api/user/user_info', { token: session })).body.code).toBe(50012);
    expect((await post('/api/login', { username: u.email, password: 'Another#123' })).body.code).toBe(200);
  });
});

describe('POST /user/up_password', () => {
  it('needs a token, validates with the spec messages and refuses a wrong current password (40104)', async () => {
    expect((await post('/api/user/up_password', {})).body.code).toBe(10001);
    const u = await makeUser(t);
    const token = await login(app, u.email, u.password);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ new_password: 'Abcdefg#1', password: 'Abcdefg#1' }, 'old_password', 'The current password cannot be empty'],
      [{ old_password: u.password, password: 'Abcdefg#1' }, 'new_password', 'New password cannot be empty'],
      [{ old_password: u.password, new_password: 'Abcdefg#1' }, 'password', 'Confirm password can not be blank'],
      [
        { old_password: u.password, new_password: 'Abcdefg#1', password: 'Abcdefg#2' },
        'password',
        'Inconsistent password entered twice!',
      ],
      [
        { old_password: u.password, new_password: 'short', password: 'short' },
        'new_password',
        'The password can not be less than 8 digits',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await post('/api/user/up_password', body, { token });
      expect(r.body, message).toMatchObject({ code: 40001, message, data: { field } });
    }
    const wrong = await post(
      '/api/user/up_password',
      { old_password: 'not-it-at-all', new_password: 'Abcdefg#1', password: 'Abcdefg#1' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 40104,
      message: 'The current password is incorrect',
      data: { field: 'old_password' },
    });
  });
});

describe('rate limits', () => {
  it('answers the 4th login of one account with HTTP 429, code 429 and Retry-After', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const u = await makeUser(limited);
      for (let i = 0; i < 3; i++) {
        const r = await post('/api/login', { username: u.email, password: 'wrong-password' }, { target: limited.app });
        expect(r.body.code).toBe(40101);
      }
      const fourth = await post('/api/login', { username: u.email, password: u.password }, { target: limited.app });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: 429, message: 'The network request is frequent, please try again later.' });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      // The email-code call has its own counters.
      const code = await post('/api/send_register_email_code', { email: `rl${unique()}@example.test` }, { target: limited.app });
      expect(code.body.code).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('mail through a real SMTP server', () => {
  it('delivers the registration code over SMTP', async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    const withSmtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = `smtp${unique()}@example.test`;
      const r = await post('/api/send_register_email_code', { email }, { target: withSmtp.app });
      expect(r.body.code).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual([email]);
      expect(received[0]?.data).toMatch(/Your verification code is \d{6}/);
      // With SMTP there is no outbox to read, not even for administrators.
      const admin = await makeUser(withSmtp, { roles: ['admin'] });
      const adminToken = await login(withSmtp, admin.email, admin.password);
      const outbox = await get(`/api/system/mail_outbox?to=${email}`, { target: withSmtp.app, token: adminToken });
      expect(outbox.status).toBe(404);
    } finally {
      await withSmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('answers 50302 when the mail server is unreachable', async () => {
    const withDeadSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const r = await post(
        '/api/send_register_email_code',
        { email: `dead${unique()}@example.test` },
        { target: withDeadSmtp.app },
      );
      expect(r.status).toBe(503);
      expect(r.body.code).toBe(50302);
    } finally {
      await withDeadSmtp.close();
    }
  });
});

describe('OpenID Connect, not configured', () => {
  it('says disabled and answers 50301 on the other calls', async () => {
    expect((await get('/api/oidc/config')).body).toEqual({ code: 200, message: 'success', data: { enabled: false, name: null } });
    const loginRes = await get('/api/oidc/login?redirect=/profile');
    expect(loginRes.status).toBe(503);
    expect(loginRes.body).toMatchObject({ code: 50301, message: 'Third-party sign-in is not configured on this server' });
    expect((await get('/api/oidc/callback?code=x&state=y')).body.code).toBe(50301);
  });
});

/** A tiny OpenID provider: discovery, authorize (auto-approves), token (checks PKCE), JWKS, RS256 ID tokens. */
async function fakeProvider(claims: Record<string, unknown>) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, { challenge: string; nonce: string; redirectUri: string }>();
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  let issuer = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('code_challenge_method') !== 'S256' || p.get('scope') !== 'openid profile email') return json(400, {});
      const code = crypto.randomBytes(8).toString('hex');
      grants.set(code, {
        challenge: p.get('code_challenge') ?? '',
        nonce: p.get('nonce') ?? '',
        redirectUri: p.get('redirect_uri') ?? '',
      });
      res.writeHead(302, { location: `${p.get('redirect_uri')}?code=${code}&state=${p.get('state')}` });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || crypto.createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        if (form.get('redirect_uri') !== grant.redirectUri || form.get('client_secret') !== 'secret') {
          return json(400, { error: 'invalid_client' });
        }
        const now = Math.floor(Date.now() / 1000);
        const head = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
        const body = b64({ iss: issuer, aud: 'xr-client', iat: now, exp: now + 300, nonce: grant.nonce, ...claims });
        const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
        json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: `${head}.${body}.${sig}` });
      });
      return;
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('OpenID Connect with a provider', () => {
  it('signs in through the provider (code + PKCE + state + nonce), creating an active account once', async () => {
    const provider = await fakeProvider({
      sub: 'alice-1',
      email: 'Alice.OIDC@example.test',
      email_verified: true,
      name: 'Alice Wonder',
      preferred_username: 'alice',
    });
    const o = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'xr-client',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Example ID',
    });
    const signIn = async (redirect: string) => {
      const start = await o.app.inject({ method: 'GET', url: `/api/oidc/login?redirect=${encodeURIComponent(redirect)}` });
      expect(start.statusCode).toBe(302);
      const authorize = new URL(String(start.headers.location));
      expect(authorize.origin).toBe(provider.issuer);
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/api/oidc/callback');
      const approved = await fetch(authorize, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? '');
      const done = await o.app.inject({ method: 'GET', url: `/api/oidc/callback${back.search}` });
      expect(done.statusCode).toBe(302);
      return String(done.headers.location);
    };
    try {
      expect((await get('/api/oidc/config', { target: o.app })).body.data).toEqual({ enabled: true, name: 'Example ID' });
      const first = await signIn('/vrdata/list');
      expect(first).toMatch(/^\/#\/auth-redirect\?/);
      const params = new URLSearchParams(first.split('?')[1]);
      expect(params.get('redirect')).toBe('/vrdata/list');
      expect(params.get('new')).toBe('1');
      const info = await get('/api/user/user_info', { token: params.get('token') ?? '', target: o.app });
      expect(info.body.data).toMatchObject({ email: 'alice.oidc@example.test', username: 'alice', role_name: 'creator' });

      const profile = await post(
        '/api/third_party_register',
        { forum_name: 'AliceW', gender: 'female', terms: true },
        { token: params.get('token') ?? '', target: o.app },
      );
      expect(profile.body.data).toMatchObject({ forum_name: 'AliceW', gender: 'female' });

      const second = new URLSearchParams((await signIn('//evil.example/x')).split('?')[1]);
      expect(second.get('new')).toBeNull();
      expect(second.get('redirect')).toBe('/profile');
      const again = await get('/api/user/user_info', { token: second.get('token') ?? '', target: o.app });
      expect(again.body.data.id).toBe(info.body.data.id);

      // A replayed callback (state already used) goes back to the login page.
      const replay = await o.app.inject({ method: 'GET', url: '/api/oidc/callback?code=x&state=unknown' });
      expect(replay.headers.location).toBe('/#/login?oidc_error=state');
    } finally {
      await o.close();
      await provider.close();
    }
  });
});
