import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';
import { createRbacService } from './rbac.service';

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

let t: TestApp;
let app: FastifyInstance;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const admin = await makeUser(t, { roles: ['admin'] });
  const user = await makeUser(t, { roles: ['creator'] });
  [adminToken, userToken] = await Promise.all([login(t, admin.email, admin.password), login(t, user.email, user.password)]);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, opts: { body?: unknown; token?: string | null; lang?: string } = {}) {
  const token = opts.token === undefined ? adminToken : opts.token;
  const res = await app.inject({
    method,
    url,
    payload: method === 'POST' ? ((opts.body ?? {}) as Record<string, unknown>) : undefined,
    headers: { ...(token ? auth(token) : {}), 'accept-language': opts.lang ?? 'en' },
  });
  return { status: res.statusCode, body: res.json() as Reply };
}
const get = (url: string, opts: { token?: string | null; lang?: string } = {}) => call('GET', url, opts);
const post = (url: string, body?: unknown, opts: { token?: string | null; lang?: string } = {}) =>
  call('POST', url, { ...opts, body });

let seq = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36)}`;

async function permissionIdOf(path: string): Promise<number> {
  const res = await get(`/api/permissions/permissions_page?name=${encodeURIComponent(path)}&limit=100`);
  const found = (res.body.data.list as { id: number; http_path: string }[]).find((p) => p.http_path === path);
  if (!found) throw new Error(`no permission ${path}`);
  return found.id;
}
async function roleIdOf(name: string): Promise<number> {
  const res = await get(`/api/role/role_page?name=${encodeURIComponent(name)}&limit=100`);
  const found = (res.body.data.list as { id: number; name: string }[]).find((r) => r.name === name);
  if (!found) throw new Error(`no role ${name}`);
  return found.id;
}
async function addRole(name = unique('role')): Promise<{ id: number; name: string }> {
  const res = await post('/api/role/add_role', { name });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function addPermission(body: Record<string, unknown> = {}): Promise<{ id: number; http_path: string }> {
  const res = await post('/api/permissions/add_permissions', { name: 'Custom', http_path: `/${unique('custom')}`, ...body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every call of spec section 7 "Admin: permissions and roles" (plus the tree), with a valid input. */
const ROUTES: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/permissions/permissions_page?page=1&limit=10' },
  { method: 'GET', url: '/api/permissions/top_level_permissions' },
  { method: 'GET', url: '/api/permissions/permission_tree' },
  { method: 'GET', url: '/api/permissions/permissions_details?id=1' },
  { method: 'POST', url: '/api/permissions/add_permissions', body: { name: 'x', http_path: '/never-added' } },
  { method: 'POST', url: '/api/permissions/permissions_update', body: { id: 1, name: 'x' } },
  { method: 'POST', url: '/api/permissions/del_permissions', body: { id: 1 } },
  { method: 'GET', url: '/api/role/role_page?name=&page=1&limit=10' },
  { method: 'GET', url: '/api/role/role_details?id=1' },
  { method: 'POST', url: '/api/role/role_update', body: { id: 1, description: 'x' } },
  { method: 'POST', url: '/api/role/add_role', body: { name: 'never_added' } },
  { method: 'POST', url: '/api/role/del_role', body: { id: 1 } },
  { method: 'POST', url: '/api/role/role_distribution_power', body: { role_id: 1, permission_ids: [] } },
  { method: 'GET', url: '/api/role/role_permission_details?id=1' },
];

describe('guard on every rbac route', () => {
  it.each(ROUTES)('$method $url answers 10001 without a token', async ({ method, url, body }) => {
    const res = await call(method, url, { body, token: null });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it.each(ROUTES)('$method $url answers 40301 to a user without /system/auth', async ({ method, url, body }) => {
    const res = await call(method, url, { body, token: userToken });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 40301, message: 'You do not have permission to do this', data: null });
  });

  it('answers 10002 to an unknown token', async () => {
    const res = await get('/api/role/role_page', { token: 'f'.repeat(64) });
    expect(res.body.code).toBe(10002);
  });

  it('documents every rbac route in OpenAPI with the bearer scheme', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const r of ROUTES) {
      const path = r.url.split('?')[0] as string;
      const op = doc.paths[path]?.[r.method.toLowerCase()] as { security?: unknown } | undefined;
      expect(op, path).toBeDefined();
      expect(op?.security).toEqual([{ bearer: [] }]);
    }
  });
});

describe('validation names the field and translates the message', () => {
  const CASES: { method: 'GET' | 'POST'; url: string; body?: unknown; field: string; en: string; zh: string }[] = [
    {
      method: 'GET',
      url: `/api/permissions/permissions_page?name=${'x'.repeat(101)}`,
      field: 'name',
      en: 'This is too long',
      zh: '内容太长',
    },
    { method: 'GET', url: '/api/permissions/permissions_details', field: 'id', en: 'The id is missing', zh: '缺少编号' },
    {
      method: 'POST',
      url: '/api/permissions/add_permissions',
      body: { name: '', http_path: '/ok' },
      field: 'name',
      en: 'Name cannot be empty',
      zh: '名称不能为空',
    },
    {
      method: 'POST',
      url: '/api/permissions/add_permissions',
      body: { name: 'Bad', http_path: 'no-slash' },
      field: 'http_path',
      en: 'The path must start with / and contain only letters, digits, - _ /',
      zh: '路径须以 / 开头，只含字母、数字、- _ /',
    },
    {
      method: 'POST',
      url: '/api/permissions/permissions_update',
      body: { name: 'x' },
      field: 'id',
      en: 'The id is missing',
      zh: '缺少编号',
    },
    { method: 'POST', url: '/api/permissions/del_permissions', body: {}, field: 'id', en: 'The id is missing', zh: '缺少编号' },
    {
      method: 'GET',
      url: `/api/role/role_page?name=${'y'.repeat(101)}`,
      field: 'name',
      en: 'This is too long',
      zh: '内容太长',
    },
    { method: 'GET', url: '/api/role/role_details?id=abc', field: 'id', en: 'The id is missing', zh: '缺少编号' },
    {
      method: 'POST',
      url: '/api/role/role_update',
      body: { description: 'x' },
      field: 'id',
      en: 'The id is missing',
      zh: '缺少编号',
    },
    {
      method: 'POST',
      url: '/api/role/add_role',
      body: { name: '   ' },
      field: 'name',
      en: 'Name cannot be empty',
      zh: '名称不能为空',
    },
    { method: 'POST', url: '/api/role/del_role', body: { id: 0 }, field: 'id', en: 'The id is missing', zh: '缺少编号' },
    {
      method: 'POST',
      url: '/api/role/role_distribution_power',
      body: { role_id: 1 },
      field: 'permission_ids',
      en: 'Please give the list of permission ids',
      zh: '请提供权限编号列表',
    },
    {
      method: 'POST',
      url: '/api/role/role_distribution_power',
      body: { role_id: 1, permission_ids: [1, 'two'] },
      field: 'permission_ids.1',
      en: 'The id is missing',
      zh: '缺少编号',
    },
    { method: 'GET', url: '/api/role/role_permission_details?id=', field: 'id', en: 'The id is missing', zh: '缺少编号' },
  ];

  it.each(CASES)('$method $url → $field', async ({ method, url, body, field, en, zh }) => {
    const inEn = await call(method, url, { body, lang: 'en' });
    expect(inEn.status).toBe(400);
    expect(inEn.body.code).toBe(40001);
    expect(inEn.body.data.field).toBe(field);
    expect(inEn.body.message).toBe(en);
    const inZh = await call(method, url, { body, lang: 'zh-CN,zh;q=0.9' });
    expect(inZh.body).toMatchObject({ code: 40001, message: zh, data: { field } });
  });
});

describe('permissions', () => {
  it('pages and filters by name or path', async () => {
    const all = await get('/api/permissions/permissions_page?page=1&limit=5');
    expect(all.body.code).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, limit: 5 });
    expect(all.body.data.list).toHaveLength(5);
    expect(all.body.data.total).toBeGreaterThanOrEqual(41);
    expect(all.body.data.list[0]).toMatchObject({ http_path: '/profile', parent_id: null, builtin: true });

    const filtered = await get('/api/permissions/permissions_page?name=system/auth');
    expect(filtered.body.data.list.map((p: { http_path: string }) => p.http_path)).toEqual([
      '/system/auth',
      '/system/auth/role',
      '/system/auth/resource',
    ]);
    expect(filtered.body.data.total).toBe(3);

    const wild = await get(`/api/permissions/permissions_page?name=${encodeURIComponent('%')}`);
    expect(wild.body.data.total).toBe(0);
  });

  it('lists top-level permissions and the whole tree', async () => {
    const top = await get('/api/permissions/top_level_permissions');
    expect(top.body.code).toBe(200);
    expect(top.body.data.every((p: { parent_id: number | null }) => p.parent_id === null)).toBe(true);
    expect(top.body.data.map((p: { http_path: string }) => p.http_path)).toContain('/system');

    const tree = await get('/api/permissions/permission_tree');
    const system = tree.body.data.find((n: { http_path: string }) => n.http_path === '/system');
    const authNode = system.children.find((n: { http_path: string }) => n.http_path === '/system/auth');
    expect(authNode.children.map((n: { http_path: string }) => n.http_path)).toEqual([
      '/system/auth/role',
      '/system/auth/resource',
    ]);
    expect(tree.body.data).toHaveLength(top.body.data.length);
  });

  it('shows details and answers 40401 for an unknown id', async () => {
    const id = await permissionIdOf('/system/auth');
    const res = await get(`/api/permissions/permissions_details?id=${id}`);
    expect(res.body.data).toMatchObject({ id, http_path: '/system/auth', name: 'auth', builtin: true });
    const missing = await get('/api/permissions/permissions_details?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(40401);
  });

  it('adds a permission, refuses a taken path (40904) and an unknown parent (40001 parent_id)', async () => {
    const parent = await addPermission({ sort: 5 });
    const child = await addPermission({ parent_id: parent.id, http_path: `${parent.http_path}/child` });
    expect(child).toMatchObject({ parent_id: parent.id, builtin: false, sort: 0 });

    const taken = await post('/api/permissions/add_permissions', { name: 'Again', http_path: parent.http_path });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 40904,
      message: 'A permission with this path already exists',
      data: { field: 'http_path' },
    });
    const takenZh = await post('/api/permissions/add_permissions', { name: 'Again', http_path: '/profile' }, { lang: 'zh' });
    expect(takenZh.body.message).toBe('已有权限使用该路径');

    const orphan = await post('/api/permissions/add_permissions', {
      name: 'Orphan',
      http_path: `/${unique('o')}`,
      parent_id: 999999,
    });
    expect(orphan.body).toMatchObject({ code: 40001, data: { field: 'parent_id' } });
  });

  it('updates a permission; refuses a cycle, a taken path, and moving a built-in one', async () => {
    const a = await addPermission();
    const b = await addPermission({ parent_id: a.id });
    const renamed = await post('/api/permissions/permissions_update', { id: a.id, name: 'Renamed', sort: 7 });
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'Renamed', sort: 7, http_path: a.http_path });

    const cycle = await post('/api/permissions/permissions_update', { id: a.id, parent_id: b.id });
    expect(cycle.body).toMatchObject({ code: 40001, data: { field: 'parent_id' } });
    const self = await post('/api/permissions/permissions_update', { id: a.id, parent_id: a.id });
    expect(self.body).toMatchObject({ code: 40001, data: { field: 'parent_id' } });

    const taken = await post('/api/permissions/permissions_update', { id: b.id, http_path: '/profile' });
    expect(taken.body).toMatchObject({ code: 40904, data: { field: 'http_path' } });

    const moved = await post('/api/permissions/permissions_update', {
      id: b.id,
      parent_id: null,
      http_path: `/${unique('moved')}`,
    });
    expect(moved.body.data).toMatchObject({ id: b.id, parent_id: null });

    const authId = await permissionIdOf('/system/auth');
    const builtinPath = await post('/api/permissions/permissions_update', { id: authId, http_path: '/system/other' });
    expect(builtinPath.body).toMatchObject({
      code: 40904,
      message: 'Built-in permissions cannot be deleted, and their path and parent cannot change',
      data: { field: 'http_path' },
    });
    const builtinParent = await post('/api/permissions/permissions_update', { id: authId, parent_id: null });
    expect(builtinParent.body).toMatchObject({ code: 40904, data: { field: 'parent_id' } });
    const builtinName = await post('/api/permissions/permissions_update', { id: authId, name: 'auth', sort: 390 });
    expect(builtinName.body.code).toBe(200);

    const missing = await post('/api/permissions/permissions_update', { id: 999999, name: 'x' });
    expect(missing.body.code).toBe(40401);
  });

  it('deletes a leaf permission (roles lose it) but refuses a parent and a built-in one', async () => {
    const parent = await addPermission();
    const leaf = await addPermission({ parent_id: parent.id });
    const role = await addRole();
    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [parent.id, leaf.id] });

    const hasChildren = await post('/api/permissions/del_permissions', { id: parent.id });
    expect(hasChildren.status).toBe(409);
    expect(hasChildren.body).toMatchObject({ code: 40904, message: 'This permission has child permissions: delete them first' });
    const hasChildrenTc = await post('/api/permissions/del_permissions', { id: parent.id }, { lang: 'zh-TW' });
    expect(hasChildrenTc.body.message).toBe('該權限下還有子權限，請先刪除子權限');

    const builtin = await post('/api/permissions/del_permissions', { id: await permissionIdOf('/system/auth') });
    expect(builtin.body).toMatchObject({
      code: 40904,
      message: 'Built-in permissions cannot be deleted, and their path and parent cannot change',
    });

    expect((await post('/api/permissions/del_permissions', { id: leaf.id })).body.code).toBe(200);
    expect((await post('/api/permissions/del_permissions', { id: parent.id })).body.code).toBe(200);
    expect((await get(`/api/role/role_permission_details?id=${role.id}`)).body.data.permission_ids).toEqual([]);
    expect((await post('/api/permissions/del_permissions', { id: parent.id })).body.code).toBe(40401);
  });
});

describe('roles', () => {
  it('pages roles with user counts and filters by name', async () => {
    const page = await get('/api/role/role_page?page=1&limit=10');
    expect(page.body.code).toBe(200);
    const names = page.body.data.list.map((r: { name: string }) => r.name);
    expect(names.slice(0, 5)).toEqual(['admin', 'organisation_admin', 'group_admin', 'creator', 'user']);
    const admin = page.body.data.list[0];
    expect(admin).toMatchObject({ builtin: true, description: '' });
    expect(admin.user_count).toBeGreaterThanOrEqual(1);

    const filtered = await get('/api/role/role_page?name=ADMIN');
    expect(filtered.body.data.list.map((r: { name: string }) => r.name)).toEqual(['admin', 'organisation_admin', 'group_admin']);
    expect(filtered.body.data.total).toBe(3);

    const paged = await get('/api/role/role_page?page=2&limit=2');
    expect(paged.body.data).toMatchObject({ page: 2, limit: 2 });
    expect(paged.body.data.list.map((r: { name: string }) => r.name)).toEqual(['group_admin', 'creator']);
  });

  it('adds a role and refuses a taken name, ignoring case, with 40904', async () => {
    const name = unique('editor');
    const created = await post('/api/role/add_role', { name, description: 'Edits things' });
    expect(created.body.data).toMatchObject({ name, description: 'Edits things', user_count: 0, builtin: false });

    const again = await post('/api/role/add_role', { name: name.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40904, message: 'A role with this name already exists', data: { field: 'name' } });
    const againZh = await post('/api/role/add_role', { name: 'admin' }, { lang: 'zh' });
    expect(againZh.body.message).toBe('角色名称已存在');
  });

  it('lets exactly one of several parallel add_role calls with the same name win', async () => {
    const name = unique('race');
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/api/role/add_role', { name })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 40904)).toHaveLength(4);
  });

  it('shows details and updates a role; built-in roles keep their names', async () => {
    const role = await addRole();
    const details = await get(`/api/role/role_details?id=${role.id}`);
    expect(details.body.data).toMatchObject({ id: role.id, name: role.name, user_count: 0 });

    const newName = unique('renamed');
    const updated = await post('/api/role/role_update', { id: role.id, name: newName, description: 'New' });
    expect(updated.body.data).toMatchObject({ id: role.id, name: newName, description: 'New' });

    const clash = await post('/api/role/role_update', { id: role.id, name: 'Creator' });
    expect(clash.body).toMatchObject({ code: 40904, data: { field: 'name' } });

    const adminId = await roleIdOf('admin');
    const rename = await post('/api/role/role_update', { id: adminId, name: 'boss' });
    expect(rename.body).toMatchObject({ code: 40904, message: 'Built-in roles cannot be deleted or renamed' });
    const describe = await post('/api/role/role_update', { id: adminId, name: 'admin', description: 'Everything' });
    expect(describe.body.data).toMatchObject({ name: 'admin', description: 'Everything' });

    expect((await get('/api/role/role_details?id=999999')).body.code).toBe(40401);
    expect((await post('/api/role/role_update', { id: 999999, description: 'x' })).body.code).toBe(40401);
  });

  it('deletes a role nobody holds; refuses built-in roles and roles still held', async () => {
    const builtin = await post('/api/role/del_role', { id: await roleIdOf('user') });
    expect(builtin.status).toBe(409);
    expect(builtin.body).toMatchObject({ code: 40904, message: 'Built-in roles cannot be deleted or renamed' });

    const role = await addRole();
    const holder = await makeUser(t, { roles: ['user'] });
    const rbac = createRbacService(t.database.db);
    await rbac.setUserRoles(holder.id, [role.id]);
    expect((await get(`/api/role/role_details?id=${role.id}`)).body.data.user_count).toBe(1);

    const held = await post('/api/role/del_role', { id: role.id });
    expect(held.body).toMatchObject({ code: 40904, message: 'Users still hold this role: change their roles first' });
    expect((await post('/api/role/del_role', { id: role.id }, { lang: 'tc' })).body.message).toBe(
      '仍有用戶擁有該角色，請先為這些用戶更換角色',
    );

    await rbac.setUserRoles(holder.id, []);
    expect((await post('/api/role/del_role', { id: role.id })).body.code).toBe(200);
    expect((await get(`/api/role/role_details?id=${role.id}`)).body.code).toBe(40401);
    expect((await post('/api/role/del_role', { id: role.id })).body.code).toBe(40401);
  });
});

describe('role permissions', () => {
  it('replaces the set and reads it back (deduplicated, sorted)', async () => {
    const role = await addRole();
    const [a, b, c] = await Promise.all(['/profile', '/wishlist', '/orderlist'].map(permissionIdOf));
    const first = await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [b, a, b] });
    expect(first.body.data).toEqual({ role_id: role.id, permission_ids: [a, b].sort((x, y) => (x ?? 0) - (y ?? 0)) });
    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [c] });
    const read = await get(`/api/role/role_permission_details?id=${role.id}`);
    expect(read.body.data).toEqual({ role_id: role.id, permission_ids: [c] });
    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [] });
    expect((await get(`/api/role/role_permission_details?id=${role.id}`)).body.data.permission_ids).toEqual([]);
  });

  it('refuses unknown permission ids with 40001 naming the field, leaving the set unchanged', async () => {
    const role = await addRole();
    const profile = await permissionIdOf('/profile');
    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [profile] });
    const res = await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [profile, 999999] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 40001,
      message: 'Some of these permission ids do not exist',
      data: { field: 'permission_ids' },
    });
    expect((await get(`/api/role/role_permission_details?id=${role.id}`)).body.data.permission_ids).toEqual([profile]);

    const noRole = await post('/api/role/role_distribution_power', { role_id: 999999, permission_ids: [] });
    expect(noRole.body.code).toBe(40401);
    expect((await get('/api/role/role_permission_details?id=999999')).body.code).toBe(40401);
  });

  it('keeps /system/auth on the admin role so nobody locks themselves out', async () => {
    const adminId = await roleIdOf('admin');
    const before = (await get(`/api/role/role_permission_details?id=${adminId}`)).body.data.permission_ids as number[];
    const authId = await permissionIdOf('/system/auth');
    const res = await post('/api/role/role_distribution_power', {
      role_id: adminId,
      permission_ids: before.filter((id) => id !== authId),
    });
    expect(res.body).toMatchObject({
      code: 40001,
      message: 'The admin role must keep /system/auth, or nobody could manage permissions any more',
      data: { field: 'permission_ids' },
    });
    expect((await get(`/api/role/role_permission_details?id=${adminId}`)).body.data.permission_ids).toEqual(before);
    expect((await get('/api/role/role_page')).body.code).toBe(200);

    const minimal = await post('/api/role/role_distribution_power', { role_id: adminId, permission_ids: [authId] });
    expect(minimal.body.code).toBe(200);
    expect((await get('/api/role/role_page')).body.code).toBe(200);
    expect((await post('/api/role/role_distribution_power', { role_id: adminId, permission_ids: before })).body.code).toBe(200);
  });

  it('never mixes two parallel replacements of the same role', async () => {
    const role = await addRole();
    const setA = await Promise.all(['/profile', '/wishlist', '/orderlist'].map(permissionIdOf));
    const setB = await Promise.all(['/member', '/projecttag', '/stationletter', '/ReportList'].map(permissionIdOf));
    const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: i % 2 ? setA : setB }),
      ),
    );
    const final = (await get(`/api/role/role_permission_details?id=${role.id}`)).body.data.permission_ids;
    expect([sorted(setA), sorted(setB)]).toContainEqual(final);
  });

  it("takes effect on the holder's next request with the same token", async () => {
    const role = await addRole();
    const member = await makeUser(t, { roles: ['user'] });
    await createRbacService(t.database.db).setUserRoles(member.id, [role.id]);
    const token = await login(t, member.email, member.password);

    expect((await get('/api/role/role_page', { token })).body.code).toBe(40301);
    const authId = await permissionIdOf('/system/auth');
    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [authId] });
    expect((await get('/api/role/role_page', { token })).body.code).toBe(200);
    const info = await get('/api/user/user_info', { token });
    expect(info.body.data.permissions).toContainEqual({ http_path: '/system/auth' });

    await post('/api/role/role_distribution_power', { role_id: role.id, permission_ids: [] });
    expect((await get('/api/role/role_page', { token })).body.code).toBe(40301);
  });
});

describe('accessOf (read on every authenticated request)', () => {
  it('answers roles and permission paths of a user in one query, deduplicated', async () => {
    const rbac = createRbacService(t.database.db);
    const empty = await addRole();
    const member = await makeUser(t, { roles: ['user'] });
    await rbac.setUserRoles(member.id, [await roleIdOf('user'), await roleIdOf('creator'), empty.id]);

    const spy = vi.spyOn(t.database.db, 'select');
    try {
      const access = await rbac.accessOf(member.id);
      expect(spy).toHaveBeenCalledTimes(1);
      expect([...access.roles].sort()).toEqual(['creator', empty.name, 'user'].sort());
      expect(access.permissions).toContain('/profile');
      expect(access.permissions).toContain('/vrdata/list');
      expect(new Set(access.permissions).size).toBe(access.permissions.length);
    } finally {
      spy.mockRestore();
    }
    expect(await rbac.accessOf(999999)).toEqual({ roles: [], permissions: [] });
  });
});
