import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, mailedCode, makeUser, multipartFile } from '../../../test/factories';
import { createRbacService } from '../rbac/rbac.service';
import { createAuditService } from './audit.service';
import { auditLog } from './audit.table';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}
interface Entry {
  id: number;
  actor: { id: number | null; name: string };
  action: string;
  target: { type: string; id: string; label: string };
  ip: string;
  request_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

let t: TestApp;
let app: FastifyInstance;
let admin: { id: number; username: string; token: string };
let userToken: string;

const IP = '203.0.113.7';

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token: string | null = admin.token) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    payload: method === 'POST' ? ((body ?? {}) as Record<string, unknown>) : undefined,
    headers: { ...(token ? auth(token) : {}), 'accept-language': 'en' },
    remoteAddress: IP,
  });
  return { status: res.statusCode, body: res.json() as Reply };
}
const get = (url: string, token?: string | null) => call('GET', url, undefined, token);
const post = async (url: string, body?: unknown, token?: string | null) => {
  const res = await call('POST', url, body, token);
  return res;
};
const okPost = async (url: string, body?: unknown, token?: string | null) => {
  const res = await post(url, body, token);
  expect(res.body.code, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

/** Entries of an action (newest first), optionally about one target id. */
async function entries(action: string, targetId?: number | string): Promise<Entry[]> {
  const q = new URLSearchParams({ action, limit: '100' });
  const res = await get(`/logs_list?${q}`);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const list = res.body.data.list as Entry[];
  return targetId === undefined ? list : list.filter((e) => e.target.id === String(targetId));
}
async function countRows(): Promise<number> {
  const r = await t.database.db.execute(sql`select count(*)::int as n from audit_log`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const [a, u] = await Promise.all([makeUser(t, { roles: ['admin'] }), makeUser(t, { roles: ['user'] })]);
  admin = { id: a.id, username: a.username, token: await login(t, a.email, a.password) };
  userToken = await login(t, u.email, u.password);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /logs_list access and input', () => {
  it('answers 401 without a token and 403 without /system/logs', async () => {
    expect((await get('/logs_list', null)).status).toBe(401);
    const forbidden = await get('/logs_list', userToken);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(40301);
  });

  it('refuses hostile or inconsistent filters with a translated 400', async () => {
    const bad = [
      'actor_id=2147483648',
      'actor_id=-1',
      'page=0',
      'limit=1000',
      'action=not%20an%20action',
      'action=auth.login%00',
      `actor=${'x'.repeat(65)}`,
      'start=yesterday',
      'start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z',
      // Deeper than the first 10,000 entries: the filters must narrow the result.
      'page=101&limit=100',
    ];
    for (const q of bad) {
      const res = await get(`/logs_list?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe(40001);
      expect(res.body.message, q).not.toMatch(/^v\./);
    }
  });

  it('offers no call that edits or deletes an entry', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const auditPaths = Object.keys(doc.paths).filter((p) => /(^|[/_])(audit|logs?)([/_]|$)/i.test(p));
    expect(auditPaths).toEqual(['/api/logs_list']);
    expect(Object.keys(doc.paths['/api/logs_list'] ?? {})).toEqual(['get']);
    for (const [method, url] of [
      ['POST', '/api/logs_list'],
      ['DELETE', '/api/logs_list'],
      ['POST', '/api/del_logs'],
      ['POST', '/api/logs_update'],
      ['POST', '/api/logs/del_logs'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: auth(admin.token),
        payload: method === 'POST' ? { id: 1 } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('audited actions', () => {
  it('records sign-in, failed sign-in (typed account, never the password), logout and the IP', async () => {
    const u = await makeUser(t, { roles: ['user'] });
    const typed = `nobody-${u.username}`;
    const wrong = 'Secret-Guess-123';
    expect((await post('/login', { username: typed, password: wrong }, null)).status).toBe(401);
    expect((await post('/login', { username: u.email, password: wrong }, null)).status).toBe(401);
    const reply = await okPost('/login', { username: u.email, password: u.password }, null);

    const failed = (await entries('auth.login_failed')).filter((e) => [typed, u.email].includes(e.actor.name));
    expect(failed).toHaveLength(2);
    const unknown = failed.find((e) => e.actor.name === typed);
    expect(unknown?.actor.id).toBeNull();
    expect(unknown?.target).toMatchObject({ type: 'user', id: '', label: typed });
    expect(failed.find((e) => e.actor.name === u.email)?.actor.id).toBe(u.id);
    expect(JSON.stringify(failed)).not.toContain(wrong);

    const [signIn] = await entries('auth.login', u.id);
    expect(signIn).toMatchObject({ actor: { id: u.id, name: u.username }, ip: IP, after: { method: 'password' } });
    expect(signIn?.request_id).not.toBe('');

    await okPost('/logout', {}, reply.access_token);
    const [out] = await entries('auth.logout', u.id);
    expect(out).toMatchObject({ actor: { id: u.id, name: u.username }, ip: IP });
  });

  it('records a password change and a password reset', async () => {
    const u = await makeUser(t, { roles: ['user'] });
    const token = await login(t, u.email, u.password);
    await okPost(
      '/user/up_password',
      { old_password: u.password, new_password: 'Changed-Pass1', password: 'Changed-Pass1' },
      token,
    );
    const [change] = await entries('auth.password_change', u.id);
    expect(change?.actor).toEqual({ id: u.id, name: u.username });
    expect(JSON.stringify(change)).not.toContain('Changed-Pass1');

    await okPost('/send_email_code', { email: u.email }, null);
    const code = await mailedCode(t, u.email);
    await okPost(
      '/retrieve_password',
      { email: u.email, email_code: code, new_password: 'Reset-Pass12', password: 'Reset-Pass12' },
      null,
    );
    const [reset] = await entries('auth.password_reset', u.id);
    expect(reset).toMatchObject({ actor: { id: u.id }, ip: IP, target: { type: 'user', id: String(u.id) } });
  });

  it('records role and permission changes with before and after', async () => {
    const role = await okPost('/role/add_role', { name: `auditors ${Date.now()}`, description: 'first' });
    await okPost('/role/role_update', { id: role.id, description: 'second' });
    const perm = await okPost('/permissions/add_permissions', { name: 'Audit probe', http_path: `/audit-probe-${Date.now()}` });
    await okPost('/permissions/permissions_update', { id: perm.id, name: 'Audit probe 2' });
    await okPost('/role/role_distribution_power', { role_id: role.id, permission_ids: [perm.id] });
    await okPost('/permissions/del_permissions', { id: perm.id });
    await okPost('/role/del_role', { id: role.id });

    const [created] = await entries('rbac.role_create', role.id);
    expect(created).toMatchObject({ actor: { id: admin.id, name: admin.username }, after: { description: 'first' } });
    const [updated] = await entries('rbac.role_update', role.id);
    expect(updated).toMatchObject({ before: { description: 'first' }, after: { description: 'second' } });
    expect(updated?.after).not.toHaveProperty('name');
    const [power] = await entries('rbac.role_permissions', role.id);
    expect(power).toMatchObject({ before: { permission_ids: [] }, after: { permission_ids: [perm.id] } });
    expect(await entries('rbac.permission_create', perm.id)).toHaveLength(1);
    const [permUpdate] = await entries('rbac.permission_update', perm.id);
    expect(permUpdate).toMatchObject({ before: { name: 'Audit probe' }, after: { name: 'Audit probe 2' } });
    expect(await entries('rbac.permission_delete', perm.id)).toHaveLength(1);
    expect(await entries('rbac.role_delete', role.id)).toHaveLength(1);
  });

  it('records member edits (status, roles, membership) and deletions', async () => {
    const u = await makeUser(t, { roles: ['user'] });
    const roles = (await get('/user/get_role')).body.data as { id: number; name: string }[];
    const creator = roles.find((r) => r.name === 'creator');
    const vip = '2030-01-01T00:00:00.000Z';
    await okPost('/user/user_manage', { id: u.id, status: 'disabled', role_ids: [creator?.id], vip_date: vip });
    const [edit] = await entries('user.update', u.id);
    expect(edit).toMatchObject({
      actor: { id: admin.id },
      target: { type: 'user', label: u.username },
      before: { status: 'active', roles: ['user'] },
      after: { status: 'disabled', roles: ['creator'], vip_date: vip },
    });
    await okPost('/user/del_user', { id: u.id });
    const [removed] = await entries('user.delete', u.id);
    expect(removed?.before).toMatchObject({ email: u.email, roles: ['creator'] });
  });

  it('records a member import with the imported addresses, never the passwords', async () => {
    const tag = Date.now().toString(36);
    const csv = ['email,username,forum_name,password', `imp_${tag}@example.test,imp_${tag},i${tag},Import-Pass1`].join('\n');
    const m = multipartFile('u.csv', csv);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/user_import',
      payload: m.payload,
      headers: { ...m.headers, ...auth(admin.token), 'accept-language': 'en' },
      remoteAddress: IP,
    });
    expect(res.json()).toMatchObject({ code: 200, data: { imported: 1 } });
    const [entry] = (await entries('user.import')).filter((e) => JSON.stringify(e.after).includes(`imp_${tag}@`));
    expect(entry).toMatchObject({ actor: { id: admin.id }, ip: IP, after: { imported: 1, emails: [`imp_${tag}@example.test`] } });
    expect(JSON.stringify(entry)).not.toContain('Import-Pass1');
  });

  it('records invite and coupon code changes', async () => {
    const invite = await okPost('/user/add_invite_code', { note: 'spring' });
    await okPost('/user/up_invite_code', { id: invite.id, note: 'summer' });
    await okPost('/user/set_invite_code', { id: invite.id, enabled: false });
    await okPost('/user/del_invite_code', { id: invite.id });
    const coupon = await okPost('/user/add_coupon_code', { kind: 'membership_days', value: 30 });
    await okPost('/user/up_coupon_code', { id: coupon.id, value: 60 });
    await okPost('/user/set_coupon_code', { id: coupon.id, enabled: false });
    await okPost('/user/del_coupon_code', { id: coupon.id });

    expect((await entries('code.invite_create', invite.id))[0]?.after).toMatchObject({ note: 'spring', code: invite.code });
    expect((await entries('code.invite_update', invite.id))[0]).toMatchObject({
      before: { note: 'spring' },
      after: { note: 'summer' },
    });
    expect((await entries('code.invite_enable', invite.id))[0]?.after).toEqual({ enabled: false });
    expect(await entries('code.invite_delete', invite.id)).toHaveLength(1);
    expect((await entries('code.coupon_create', coupon.id))[0]?.target.label).toBe(coupon.cdk);
    expect((await entries('code.coupon_update', coupon.id))[0]).toMatchObject({ before: { value: 30 }, after: { value: 60 } });
    expect((await entries('code.coupon_enable', coupon.id))[0]?.actor.id).toBe(admin.id);
    expect(await entries('code.coupon_delete', coupon.id)).toHaveLength(1);
  });

  it('records project review decisions and project deletion', async () => {
    const c = await makeUser(t, {});
    const token = await login(t, c.email, c.password);
    const form = {
      name: 'Audit harbour',
      catalog: '360_image',
      type: 'exhibition',
      price: '12.50',
      keywords: 'harbour',
      description: 'A view',
      cover: 'public/covers/harbour.png',
      images: [],
      tag_ids: [],
      for_sale: false,
      is_public: true,
      anonymous_preview: false,
    };
    const p = await okPost('/project/add_project', form, token);
    await okPost('/approval/reject_project', { id: p.id, reason: 'blurry' });
    const [review] = await entries('project.review', p.id);
    expect(review).toMatchObject({
      actor: { id: admin.id },
      target: { label: 'Audit harbour' },
      after: { decision: 'rejected', reason: 'blurry' },
    });
    await okPost('/project/del_project', { id: p.id }, token);
    const [deleted] = await entries('project.delete', p.id);
    expect(deleted).toMatchObject({ actor: { id: c.id }, before: { name: 'Audit harbour' } });
  });
});

describe('same transaction', () => {
  it('a role update refused by a rule inside its transaction leaves no entry', async () => {
    const roles = (await get('/role/role_page?limit=100')).body.data.list as { id: number; name: string }[];
    const adminRole = roles.find((r) => r.name === 'admin');
    const before = (await entries('rbac.role_permissions', adminRole?.id)).length;
    // The admin role must keep /system/auth: the rule is checked inside the transaction, after the role is locked.
    const res = await post('/role/role_distribution_power', { role_id: adminRole?.id, permission_ids: [] });
    expect(res.status).toBe(400);
    expect(await entries('rbac.role_permissions', adminRole?.id)).toHaveLength(before);
  });

  it('when the action fails after its entry was written, both roll back', async () => {
    const { db } = t.database;
    const audit = createAuditService({ db, retentionDays: 365 });
    const failing = {
      async record(...args: Parameters<typeof audit.record>) {
        await audit.record(...args);
        throw new Error('forced failure after the entry');
      },
    };
    const rbac = createRbacService(db, undefined, failing);
    const rows = await countRows();
    await expect(rbac.addRole({ name: `doomed ${Date.now()}` }, { id: admin.id, name: admin.username })).rejects.toThrow(
      'forced failure',
    );
    expect(await countRows()).toBe(rows);
    const roles = (await get('/role/role_page?name=doomed&limit=100')).body.data.list;
    expect(roles).toHaveLength(0);
  });

  it('parallel audited actions each leave exactly one entry', async () => {
    const notes = Array.from({ length: 20 }, (_, i) => `parallel-${Date.now()}-${i}`);
    const made = await Promise.all(notes.map((note) => okPost('/user/add_invite_code', { note })));
    const list = (await entries('code.invite_create')).filter((e) => notes.includes(String(e.after?.note)));
    expect(list).toHaveLength(20);
    expect(new Set(list.map((e) => e.target.id))).toEqual(new Set(made.map((m: { id: number }) => String(m.id))));
  });
});

describe('filters, counting and retention', () => {
  const base = Date.UTC(2020, 0, 1);
  beforeAll(async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      actorId: 900_000 + (i % 3),
      actorName: `Filter-Actor-${i % 3}`,
      action: i % 2 ? 'filter.even' : 'filter.odd',
      targetType: 'widget',
      targetId: String(i % 5),
      targetLabel: `widget ${i % 5}`,
      ip: '198.51.100.1',
      createdAt: new Date(base + i * 86_400_000),
    }));
    await t.database.db.insert(auditLog).values(rows);
  });

  const list = async (q: string) => {
    const params = new URLSearchParams(q);
    if (!params.has('limit')) params.set('limit', '100');
    const res = await get(`/logs_list?${params}`);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: Entry[]; total: number; total_exact: boolean; page: number; limit: number };
  };

  it('filters by actor id, actor name (ignoring case), action, target and date range, newest first', async () => {
    expect((await list('actor_id=900001')).total).toBe(10);
    expect((await list('actor=filter-actor-2')).total).toBe(10);
    expect((await list('action=filter.even')).total).toBe(15);
    expect((await list('target_type=widget&target_id=3')).total).toBe(6);
    expect((await list('target_type=widget')).total).toBe(30);
    const range = await list(
      `start=${new Date(base + 10 * 86_400_000).toISOString()}&end=${new Date(base + 20 * 86_400_000).toISOString()}`,
    );
    expect(range.total).toBe(10);
    const times = range.list.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const combined = await list('actor_id=900000&action=filter.odd&target_type=widget&target_id=0');
    expect(combined.list.every((e) => e.actor.id === 900000 && e.action === 'filter.odd' && e.target.id === '0')).toBe(true);
    expect(combined.total).toBe(combined.list.length);
    expect(combined.total).toBeGreaterThan(0);
  });

  it('pages and stops counting at 10,000 ("10,000+")', async () => {
    const p1 = await list('action=filter.odd&limit=4&page=1');
    const p2 = await list('action=filter.odd&limit=4&page=2');
    expect(p1.list).toHaveLength(4);
    expect(p1.total).toBe(15);
    expect(p1.total_exact).toBe(true);
    expect(p2.list.map((e) => e.id).some((id) => p1.list.some((e) => e.id === id))).toBe(false);

    await t.database.db.execute(
      sql`insert into audit_log (action, actor_name, created_at) select 'bulk.fill', 'bulk', now() - (g || ' seconds')::interval from generate_series(1, 10005) g`,
    );
    const bulk = await list('action=bulk.fill&limit=10');
    expect(bulk.total).toBe(10_000);
    expect(bulk.total_exact).toBe(false);
    expect(bulk.list).toHaveLength(10);

    // Beyond the cap once, the same filter is not counted again for a while; the pages still move.
    const client = (t.database.db as unknown as { session: { client: { query: (...a: unknown[]) => unknown } } }).session.client;
    const spy = vi.spyOn(client, 'query');
    try {
      const deep = await list('action=bulk.fill&limit=10&page=900');
      expect(deep).toMatchObject({ total: 10_000, total_exact: false });
      expect(deep.list).toHaveLength(10);
      const times = deep.list.map((e) => e.created_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(deep.list.some((e) => bulk.list.some((b) => b.id === e.id))).toBe(false);
      const texts = spy.mock.calls.map((c) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text?: string }).text));
      expect(texts.some((x) => x.includes('audit_log'))).toBe(true);
      expect(texts.some((x) => x.includes('count(*)'))).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('removes entries older than the retention period and records that it did', async () => {
    const audit = createAuditService({ db: t.database.db, retentionDays: 365 });
    const before = await list('action=filter.even&limit=1');
    expect(before.total).toBe(15);
    const removed = await audit.purgeExpired(new Date(Date.UTC(2021, 0, 5)));
    // Entries made before 2020-01-06 (365 days earlier) went: days 0 to 4 of the fixture.
    expect(removed).toBe(5);
    expect((await list('target_type=widget')).total).toBe(25);
    const [entry] = (await list('action=audit.retention')).list;
    expect(entry).toMatchObject({ actor: { id: null, name: 'system' }, after: { removed: 5, retention_days: 365 } });
  });
});
