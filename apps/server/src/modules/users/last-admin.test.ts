import { PERMISSION_CATALOGUE } from '@xr/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser, usersOf } from '../../../test/factories';
import type { AppError } from '../../lib/errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An admin acting from outside the accounts table (as a second console session would), so the guard is reached. */
const ghost = { id: 999_999, roles: ['admin'], permissions: new Set<string>(PERMISSION_CATALOGUE.map((p) => p.http_path)) };

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => ({ code: e.code, field: e.field, key: e.messageKey }),
  );

describe('the last active admin', () => {
  it('cannot lose the admin role, be disabled or be deleted; with a second admin it can', async () => {
    const { members } = usersOf(t);
    const roles = await t.app.inject({ method: 'GET', url: '/api/user/get_role', headers: auth(await adminToken()) });
    const creator = (roles.json().data as { id: number; name: string }[]).find((r) => r.name === 'creator')!.id;
    const only = await soleAdmin();

    expect(await refusal(members.manage(ghost, { id: only, role_ids: [creator] }))).toMatchObject({
      code: 40001,
      field: 'role_ids',
      key: 'v.lastAdmin',
    });
    expect(await refusal(members.manage(ghost, { id: only, status: 'disabled' }))).toMatchObject({
      code: 40001,
      field: 'status',
    });
    expect(await refusal(members.remove(ghost, only))).toMatchObject({ code: 40001 });
    // Nothing changed.
    const still = await t.app.inject({ method: 'GET', url: '/api/user/user_statistic', headers: auth(await adminToken()) });
    expect((still.json().data.by_role as { name: string; count: number }[]).find((r) => r.name === 'admin')?.count).toBe(1);

    // Another admin exists: now the first one may step down.
    await makeUser(t, { roles: ['admin'] });
    expect(await refusal(members.manage(ghost, { id: only, role_ids: [creator] }))).toBeNull();
  });
});

let sole: { id: number; email: string; password: string } | undefined;
async function soleAdmin(): Promise<number> {
  sole ??= await makeUser(t, { roles: ['admin'] });
  return sole.id;
}
async function adminToken(): Promise<string> {
  await soleAdmin();
  return login(t, sole!.email, sole!.password);
}
