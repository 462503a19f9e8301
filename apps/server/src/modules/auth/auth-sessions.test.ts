import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { lastMail, login, mailedCode, makeUser } from '../../../test/factories';
import { createAuthRepository } from './auth.repository';
import { activationToken, app, call, get, post, registration, sha256, t, unique, useAuthApp } from './auth.test-kit';

// Signing in and out: the whole account journey, /login, tokens and sessions, /logout, the login rate limit.
useAuthApp();

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
