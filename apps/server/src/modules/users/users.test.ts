import crypto from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '@xr/demo-content/accounts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, type MadeUser, makeUser, multipartFile } from '../../../test/factories';
import { createRbacService } from '../rbac/rbac.service';
import { createAccountsService } from './accounts.service';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

let t: TestApp;
let app: FastifyInstance;
let admin: MadeUser;
let adminToken: string;
let creatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await makeUser(t, { roles: ['admin'] });
  adminToken = await login(app, admin.email, admin.password);
  const creator = await makeUser(t, { roles: ['creator'] });
  creatorToken = await login(app, creator.email, creator.password);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, opts: { body?: unknown; token?: string; lang?: string } = {}) {
  const res = await app.inject({
    method,
    url,
    payload: opts.body as Record<string, unknown> | undefined,
    headers: { ...(opts.token ? auth(opts.token) : {}), 'accept-language': opts.lang ?? 'en' },
  });
  return { status: res.statusCode, headers: res.headers, body: (res.body ? res.json() : null) as Reply };
}
const post = (url: string, body: unknown, token?: string, lang?: string) => call('POST', url, { body, token, lang });
const get = (url: string, token?: string) => call('GET', url, { token });
async function upload(url: string, filename: string, content: Buffer | string, token?: string) {
  const m = multipartFile(filename, content);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...(token ? auth(token) : {}), 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() as Reply };
}

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
const signedIn = async (overrides: Parameters<typeof makeUser>[1] = {}) => {
  const u = await makeUser(t, overrides);
  return { ...u, token: await login(app, u.email, u.password) };
};

describe('GET /user/user_info', () => {
  it('answers 10001 without a token and every spec field with one', async () => {
    expect((await get('/api/user/user_info')).body.code).toBe(10001);
    const u = await signedIn({ roles: ['user', 'creator'], gender: 'male', phone: '85291234567' });
    const info = (await get('/api/user/user_info', u.token)).body.data;
    for (const key of [
      'id',
      'username',
      'name',
      'avatar',
      'role_name',
      'roles',
      'permissions',
      'introduction',
      'vip_date',
      'vip_status',
      'email',
      'gender',
      'phone',
      'xp_value',
      'forum_name',
      'invite_code',
    ]) {
      expect(info, key).toHaveProperty(key);
    }
    // The main role is the weightiest one; permissions are the union of the roles'.
    expect(info).toMatchObject({ role_name: 'creator', roles: ['creator', 'user'], gender: 'male', phone: '85291234567' });
    expect(info.permissions).toContainEqual({ http_path: '/vrdata' });
    expect(info.permissions).toContainEqual({ http_path: '/wishlist' });
  });

  it('says vip_status false once vip_date has passed', async () => {
    const u = await signedIn({ vip_date: new Date(Date.now() - 1000) });
    expect((await get('/api/user/user_info', u.token)).body.data.vip_status).toBe(false);
    const none = await signedIn({ vip_date: null });
    expect((await get('/api/user/user_info', none.token)).body.data).toMatchObject({ vip_status: false, vip_date: null });
  });
});

describe('POST /user/up_information_info', () => {
  it('needs a token, validates, refuses a taken user name (40902) and saves', async () => {
    expect((await post('/api/user/up_information_info', {})).body.code).toBe(10001);
    const u = await signedIn();
    const bad = await post('/api/user/up_information_info', { phone: 'abc' }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 40001, message: 'phone number format is incorrect', data: { field: 'phone' } });
    const zh = await post('/api/user/up_information_info', { phone: 'abc' }, u.token, 'zh');
    expect(zh.body.message).toBe('手机号码格式不正确');
    const taken = await post('/api/user/up_information_info', { username: admin.username.toUpperCase() }, u.token);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 40902, data: { field: 'username' } });
    const done = await post(
      '/api/user/up_information_info',
      { username: `${u.username}_x`, gender: 'female', phone: '+44 20 7946 0958', introduction: 'About me' },
      u.token,
    );
    expect(done.body.data).toMatchObject({
      username: `${u.username}_x`,
      name: `${u.username}_x`,
      gender: 'female',
      phone: '+442079460958',
      introduction: 'About me',
    });
    // Keeping one's own user name is no conflict.
    expect((await post('/api/user/up_information_info', { username: `${u.username}_x` }, u.token)).body.code).toBe(200);
  });
});

describe('POST /user/up_forum_name_info', () => {
  it('needs a token, applies the forum-name rules, refuses a taken one (40903) and saves', async () => {
    expect((await post('/api/user/up_forum_name_info', { forum_name: 'x' })).body.code).toBe(10001);
    const u = await signedIn();
    const cases: [string, string][] = [
      ['', 'Forum user name cannot be empty'],
      ['a b', 'Forum user name cannot contain spaces or special characters such as @ , / < >'],
      ['a<b', 'Forum user name cannot contain spaces or special characters such as @ , / < >'],
      ['abcdefghijk', 'Forum user name can be at most 10 characters'],
    ];
    for (const [forum_name, message] of cases) {
      const r = await post('/api/user/up_forum_name_info', { forum_name }, u.token);
      expect(r.body, forum_name).toMatchObject({ code: 40001, message, data: { field: 'forum_name' } });
    }
    const taken = await post('/api/user/up_forum_name_info', { forum_name: admin.forum_name.toUpperCase() }, u.token);
    expect(taken.body).toMatchObject({ code: 40903, data: { field: 'forum_name' } });
    const name = `n${crypto.randomBytes(3).toString('hex')}`;
    expect((await post('/api/user/up_forum_name_info', { forum_name: name }, u.token)).body.data.forum_name).toBe(name);
  });
});

describe('POST /user/up_info_avatar_patch and GET /files/public/*', () => {
  it('needs a token, checks the content and size, stores and serves the image', async () => {
    expect((await upload('/api/user/up_info_avatar_patch', 'a.png', png())).body.code).toBe(10001);
    const u = await signedIn();
    const missing = await post('/api/user/up_info_avatar_patch', {}, u.token);
    expect(missing.body).toMatchObject({ code: 40001, data: { field: 'file' } });
    const fake = await upload('/api/user/up_info_avatar_patch', 'a.png', '<svg onload="alert(1)"></svg>', u.token);
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe(40004);
    const pdf = await upload('/api/user/up_info_avatar_patch', 'a.pdf', '%PDF-1.4 whatever', u.token);
    expect(pdf.body.code).toBe(40004);
    const big = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload('/api/user/up_info_avatar_patch', 'big.png', big, u.token);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(41301);

    const image = png();
    const first = await upload('/api/user/up_info_avatar_patch', 'me.png', image, u.token);
    expect(first.body.code).toBe(200);
    const url: string = first.body.data.avatar;
    expect(url).toMatch(new RegExp(`^/api/files/public/avatars/${u.id}/[a-f0-9]{32}\\.png$`));
    expect((await get('/api/user/user_info', u.token)).body.data.avatar).toBe(url);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);

    const gif = Buffer.concat([Buffer.from('GIF89a'), crypto.randomBytes(32)]);
    const second = await upload('/api/user/up_info_avatar_patch', 'me.gif', gif, u.token);
    expect(second.body.data.avatar).toMatch(/\.gif$/);
    // The replaced file is gone.
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('serves nothing outside public/', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(100)]);
    const cert = (await upload('/api/register_certificate_upload', 'c.pdf', pdf)).body.data.certificate as string;
    for (const url of [
      `/api/files/public/../${cert}`,
      `/api/files/public/%2e%2e/${cert}`,
      `/api/files/public/..%2f${cert.replace('/', '%2f')}`,
      '/api/files/public/avatars',
      '/api/files/public/nothing-here.png',
      `/api/files/${cert}`,
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
    }
  });
});

describe('POST /third_party_register', () => {
  it('needs a token, validates and completes the profile', async () => {
    expect((await post('/api/third_party_register', { terms: true })).body.code).toBe(10001);
    const u = await signedIn();
    const noTerms = await post('/api/third_party_register', { forum_name: 'abc' }, u.token);
    expect(noTerms.body).toMatchObject({
      code: 40001,
      message: 'Please read and accept the user terms',
      data: { field: 'terms' },
    });
    const done = await post('/api/third_party_register', { forum_name: 'Tpr1', phone: '91234567', terms: true }, u.token);
    expect(done.body.data).toMatchObject({ forum_name: 'Tpr1', phone: '91234567' });
  });
});

describe('the /member screen', () => {
  const adminCalls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['GET', '/api/user/user_page'],
    ['GET', '/api/user/user_details?id=1'],
    ['GET', '/api/user/user_statistic'],
    ['GET', '/api/user/get_role'],
    ['POST', '/api/user/user_manage', { id: 1 }],
    ['POST', '/api/user/del_user', { id: 1 }],
  ];

  it('answers 10001 without a token and 40301 without the /member permission', async () => {
    for (const [method, url, body] of adminCalls) {
      expect((await call(method, url, { body })).body.code, url).toBe(10001);
      const denied = await call(method, url, { body, token: creatorToken });
      expect(denied.status, url).toBe(403);
      expect(denied.body.code, url).toBe(40301);
    }
    expect((await upload('/api/user/user_import', 'u.csv', 'email')).body.code).toBe(10001);
    expect((await upload('/api/user/user_import', 'u.csv', 'email', creatorToken)).body.code).toBe(40301);
  });

  it('validates queries and bodies (40001 with the field)', async () => {
    const cases: [method: 'GET' | 'POST', url: string, body: unknown, field: string][] = [
      ['GET', '/api/user/user_page?limit=1000', undefined, 'limit'],
      ['GET', '/api/user/user_page?status=gone', undefined, 'status'],
      ['GET', '/api/user/user_details', undefined, 'id'],
      ['POST', '/api/user/user_manage', { id: 2, status: 'sleeping' }, 'status'],
      ['POST', '/api/user/user_manage', { id: 2, vip_date: 'tomorrow' }, 'vip_date'],
      ['POST', '/api/user/del_user', {}, 'id'],
    ];
    for (const [method, url, body, field] of cases) {
      const r = await call(method, url, { body, token: adminToken });
      expect(r.status, url).toBe(400);
      expect(r.body, url).toMatchObject({ code: 40001, data: { field } });
    }
    expect((await get('/api/user/user_details', adminToken)).body.message).toBe('The id is missing');
  });

  it('lists, filters and details accounts', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const a = await makeUser(t, { username: `list_${tag}_a`, roles: ['user'] });
    await makeUser(t, { username: `list_${tag}_b`, roles: ['creator'], status: 'pending' });
    const page = (await get(`/api/user/user_page?keyword=list_${tag}&limit=1`, adminToken)).body.data;
    expect(page).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(page.list).toHaveLength(1);
    const pending = (await get(`/api/user/user_page?keyword=list_${tag}&status=pending`, adminToken)).body.data;
    expect(pending.list.map((u: { username: string }) => u.username)).toEqual([`list_${tag}_b`]);
    const roles = (await get('/api/user/get_role', adminToken)).body.data as { id: number; name: string }[];
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['admin', 'organisation_admin', 'group_admin', 'creator', 'user']),
    );
    const userRole = roles.find((r) => r.name === 'user')?.id;
    const byRole = (await get(`/api/user/user_page?keyword=list_${tag}&role_id=${userRole}`, adminToken)).body.data;
    expect(byRole.list.map((u: { id: number }) => u.id)).toEqual([a.id]);

    const details = (await get(`/api/user/user_details?id=${a.id}`, adminToken)).body.data;
    expect(details).toMatchObject({ id: a.id, email: a.email, status: 'active', roles: [{ id: userRole, name: 'user' }] });
    expect((await get('/api/user/user_details?id=999999', adminToken)).body.code).toBe(40401);
  });

  it('counts accounts per status, new ones and per role', async () => {
    const s = (await get('/api/user/user_statistic', adminToken)).body.data;
    expect(s.total).toBe(s.active + s.pending + s.disabled);
    expect(s.new_last_7_days).toBe(s.total);
    expect(s.by_role.find((r: { name: string }) => r.name === 'admin').count).toBeGreaterThanOrEqual(1);
  });

  it('changes roles, membership and status; disabling ends the sessions (50008)', async () => {
    const u = await signedIn({ roles: ['user'] });
    const roles = (await get('/api/user/get_role', adminToken)).body.data as { id: number; name: string }[];
    const creator = roles.find((r) => r.name === 'creator')?.id;
    const vip = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const r = await post('/api/user/user_manage', { id: u.id, role_ids: [creator], vip_date: vip }, adminToken);
    expect(r.body.data).toMatchObject({ roles: [{ id: creator, name: 'creator' }], vip_date: vip });
    // Takes effect on the next request.
    expect((await get('/api/user/user_info', u.token)).body.data.role_name).toBe('creator');

    const unknownRole = await post('/api/user/user_manage', { id: u.id, role_ids: [99999] }, adminToken);
    expect(unknownRole.body).toMatchObject({ code: 40001, data: { field: 'role_ids' } });
    const self = await post('/api/user/user_manage', { id: admin.id, status: 'disabled' }, adminToken);
    expect(self.body).toMatchObject({ code: 40001, message: 'You cannot do this to your own account' });

    expect((await post('/api/user/user_manage', { id: u.id, status: 'disabled' }, adminToken)).body.data.status).toBe('disabled');
    const ended = await get('/api/user/user_info', u.token);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(50008);
    expect((await post('/api/login', { username: u.email, password: u.password })).body.code).toBe(40103);
    await post('/api/user/user_manage', { id: u.id, status: 'active' }, adminToken);
    expect((await post('/api/login', { username: u.email, password: u.password })).body.code).toBe(200);
    // The old session stays ended.
    expect((await get('/api/user/user_info', u.token)).body.code).toBe(50008);
  });

  it('deletes accounts (not oneself): sessions end, login fails, the email is free again', async () => {
    const u = await signedIn();
    expect((await post('/api/user/del_user', { id: admin.id }, adminToken)).body.code).toBe(40001);
    expect((await post('/api/user/del_user', { id: u.id }, adminToken)).body.code).toBe(200);
    expect((await get('/api/user/user_info', u.token)).body.code).toBe(50008);
    expect((await post('/api/login', { username: u.email, password: u.password })).body.code).toBe(40101);
    expect((await get(`/api/user/user_details?id=${u.id}`, adminToken)).body.code).toBe(40401);
    expect((await post('/api/user/del_user', { id: u.id }, adminToken)).body.code).toBe(40401);
    const again = await makeUser(t, { email: u.email, username: u.username, forum_name: u.forum_name });
    expect(again.id).not.toBe(u.id);
  });

  it('lets organisation admins manage only their members, and never beyond their own power', async () => {
    const org = await signedIn({ roles: ['organisation_admin'], account_type: 'organisation' });
    const member = await signedIn({ roles: ['user'], invited_by: org.id });
    const stranger = await makeUser(t);
    const page = (await get('/api/user/user_page', org.token)).body.data;
    expect(page.list.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect((await get(`/api/user/user_details?id=${stranger.id}`, org.token)).body.code).toBe(40401);
    expect((await post('/api/user/user_manage', { id: stranger.id, status: 'disabled' }, org.token)).body.code).toBe(40401);
    expect((await post('/api/user/del_user', { id: stranger.id }, org.token)).body.code).toBe(40401);

    const roles = (await get('/api/user/get_role', org.token)).body.data as { id: number; name: string }[];
    const id = (name: string) => roles.find((r) => r.name === name)?.id;
    const escalate = await post('/api/user/user_manage', { id: member.id, role_ids: [id('admin')] }, org.token);
    expect(escalate.body).toMatchObject({ code: 40001, data: { field: 'role_ids' } });
    const ok = await post('/api/user/user_manage', { id: member.id, role_ids: [id('creator')] }, org.token);
    expect(ok.body.data.roles).toEqual([{ id: id('creator'), name: 'creator' }]);
    const s = (await get('/api/user/user_statistic', org.token)).body.data;
    expect(s).toMatchObject({ total: 1, active: 1 });
    // An admin's promotion of a member puts the member out of the organisation admin's reach.
    await post('/api/user/user_manage', { id: member.id, role_ids: [id('admin')] }, adminToken);
    expect((await post('/api/user/user_manage', { id: member.id, status: 'disabled' }, org.token)).body.code).toBe(40301);
  });

  it('imports a CSV all-or-nothing, with the problems row by row', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const header = await upload('/api/user/user_import', 'u.csv', 'mail,name\nx,y\n', adminToken);
    expect(header.status).toBe(400);
    expect(header.body.data.errors[0]).toMatchObject({ row: 1, field: 'file' });
    const unclosed = await upload('/api/user/user_import', 'u.csv', 'email,username,forum_name,password\n"x,y\n', adminToken);
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.data.errors).toEqual([
      { row: 1, field: 'file', message: 'The CSV file cannot be read: a quote is never closed' },
    ]);

    const bad = [
      'email,username,forum_name,password,role',
      `ok_${tag}@example.test,ok_${tag},ok${tag},Passw0rd!x,creator`,
      `not-an-email,bad_${tag},b${tag},short,`,
      `ok_${tag}@example.test,dup_${tag},d${tag},Passw0rd!x,nosuchrole`,
      `taken@x.test,${admin.username},t${tag},Passw0rd!x,`,
    ].join('\r\n');
    const refused = await upload('/api/user/user_import', 'u.csv', bad, adminToken);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(40001);
    expect(refused.body.data.imported).toBe(0);
    expect(refused.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'email', message: 'The email format is incorrect' },
        { row: 3, field: 'password', message: 'The password can not be less than 8 digits' },
        { row: 4, field: 'role', message: 'Unknown role, or one you may not assign' },
        { row: 4, field: 'email', message: 'Repeats an earlier row of the file' },
        { row: 5, field: 'username', message: 'This user name is already taken' },
      ]),
    );
    expect((await get(`/api/user/user_page?keyword=ok_${tag}`, adminToken)).body.data.total).toBe(0);

    const good = [
      'email,username,forum_name,password,role',
      `a_${tag}@example.test,a_${tag},a${tag},"Pass,word1",creator`,
      `b_${tag}@example.test,b_${tag},b${tag},Passw0rd!y,`,
    ].join('\n');
    const done = await upload('/api/user/user_import', 'u.csv', good, adminToken);
    expect(done.body).toMatchObject({ code: 200, data: { imported: 2, errors: [] } });
    const token = await login(app, `a_${tag}@example.test`, 'Pass,word1');
    expect((await get('/api/user/user_info', token)).body.data.role_name).toBe('creator');
    const b = await login(app, `b_${tag}@example.test`, 'Passw0rd!y');
    expect((await get('/api/user/user_info', b)).body.data.role_name).toBe('user');
  });
});

describe('demo accounts', () => {
  it('seeds the four demo accounts once, all able to sign in with their roles', async () => {
    const seeded = await createTestApp({ SEED_DEMO: '1' });
    try {
      const roles: Record<string, string> = {};
      for (const a of DEMO_ACCOUNTS) {
        const token = await login(seeded.app, a.email, DEMO_PASSWORD);
        const res = await seeded.app.inject({ method: 'GET', url: '/api/user/user_info', headers: auth(token) });
        const info = res.json().data;
        roles[a.email] = info.role_name;
        if (a.member) expect(new Date(info.vip_date).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
      }
      expect(roles).toEqual({
        'admin@demo.test': 'admin',
        'orgadmin@demo.test': 'organisation_admin',
        'creator@demo.test': 'creator',
        'user@demo.test': 'user',
      });
      const { db } = seeded.database;
      const rbac = createRbacService(db);
      const users = createAccountsService({ db, rbac, storage: { kind: 'local' } as never });
      const lines: string[] = [];
      const log = { info: (_o: unknown, msg: string) => lines.push(msg) } as never;
      await seedDemoAccounts({ users, log });
      expect(lines[0]).toContain('admin@demo.test');
      expect(await users.isEmpty()).toBe(false);
      const adminToken = await login(seeded.app, 'admin@demo.test', DEMO_PASSWORD);
      for (const a of DEMO_ACCOUNTS) {
        const url = `/api/user/user_page?keyword=${encodeURIComponent(a.email)}`;
        const res = await seeded.app.inject({ method: 'GET', url, headers: auth(adminToken) });
        const same = res.json().data.list.filter((u: { email: string }) => u.email === a.email);
        expect(same, a.email).toHaveLength(1);
      }
    } finally {
      await seeded.close();
    }
  });
});
