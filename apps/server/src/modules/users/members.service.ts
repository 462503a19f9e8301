import { emailField, forumNameField, passwordField, type UserImportReply, usernameField } from '@xr/contract/auth';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import type { AdminUser, userManageBody, userPageQuery, userStatistic } from '@xr/contract/rbac';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { AccessEvents } from '../../lib/access-events';
import { AppError, invalid, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { type AuditRecorder, changes } from '../audit/audit.service';
import type { RbacService, RoleRef } from '../rbac/rbac.service';
import type { AccountsService } from './accounts.service';
import { parseCsv } from './users.files';
import { hashPassword } from './users.password';
import { type Actor, canAssignRole, canSee, isAdmin, memberScope } from './users.policy';
import { createUsersRepository, type UserRow } from './users.repository';

type UserPageQuery = z.output<typeof userPageQuery>;
type UserManage = z.output<typeof userManageBody>;
type UserStatistic = z.infer<typeof userStatistic>;

const DAY = 24 * 60 * 60 * 1000;
const IMPORT_MAX_ROWS = 1000;
const IMPORT_HEADER = ['email', 'username', 'forum_name', 'password'];

function toAdminUser(row: UserRow, roles: RoleRef[]): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    forum_name: row.forumName,
    account_type: row.accountType,
    status: row.status,
    roles,
    vip_date: iso(row.vipDate),
    created_at: row.createdAt.toISOString(),
    last_login_at: iso(row.lastLoginAt),
  };
}

/** First issue message of a zod field schema, or null when the value passes. */
function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'v.invalidValue');
}

/**
 * The /member screen: the accounts an administrator (all) or an organisation admin (their members) manages: the list,
 * details and statistics, roles, status and membership end, deletion, and the CSV import. Roles come from the rbac
 * service; new accounts and the end of a disabled account's sessions from the accounts service.
 */
export function createMembersService({
  db,
  rbac,
  accounts,
  audit,
  access,
}: {
  db: Db;
  rbac: RbacService;
  accounts: Pick<AccountsService, 'createHashedAccount' | 'endAccess'>;
  /** The audit log: member edits (status, roles, membership end), deletions and imports, in their transaction. */
  audit?: AuditRecorder;
  /** Change notices for the guard's session cache (roles, status, membership). */
  access?: AccessEvents;
}) {
  const repo = createUsersRepository(db);

  /** The target of a /member action, checked against the actor's scope and power. */
  async function managedTarget(actor: Actor, id: number): Promise<{ row: UserRow; roles: RoleRef[] }> {
    const row = await repo.byId(id);
    if (!row || !canSee(actor, row)) throw notFound();
    const roles = (await rbac.rolesOfUsers([id])).get(id) ?? [];
    if (!isAdmin(actor)) {
      const paths = await rbac.permissionPathsOfRoles(roles.map((r) => r.id));
      if (!roles.every((r) => canAssignRole(actor, paths.get(r.id) ?? []))) throw new AppError(ErrorCode.FORBIDDEN);
    }
    return { row, roles };
  }

  /**
   * The admin role id when `change` would take away an active admin (the target is one now and would not be after),
   * else null. Read before the transaction (PGlite has one connection: reads outside a running transaction wait).
   */
  async function demotesAdmin(target: UserRow, change: { role_ids?: number[]; status?: string }): Promise<number | null> {
    const adminRole = (await rbac.listRoles()).find((r) => r.name === 'admin');
    if (!adminRole || target.status !== 'active') return null;
    const current = (await rbac.rolesOfUsers([target.id])).get(target.id) ?? [];
    if (!current.some((r) => r.id === adminRole.id)) return null;
    const staysAdmin =
      (change.role_ids === undefined || change.role_ids.includes(adminRole.id)) &&
      (change.status === undefined || change.status === 'active');
    return staysAdmin ? null : adminRole.id;
  }

  /**
   * Inside the change's transaction: refuses it when no other active admin would remain, counted under a lock from
   * the admin role's holders (rbac) that are active accounts (users).
   */
  async function assertAnotherAdmin(field: string, adminRoleId: number, tx: DbOrTx): Promise<void> {
    await repo.lockAdminChanges(tx);
    const holders = await rbac.userIdsWithRole(adminRoleId, tx);
    if ((await repo.countActive(holders, tx)) <= 1) throw invalid(field, 'v.lastAdmin');
  }

  /** Refuses role ids that do not exist or that the actor may not give (field `field`). */
  async function assertAssignable(actor: Actor, roleIds: number[], field: string): Promise<void> {
    const known = new Set((await rbac.listRoles()).map((r) => r.id));
    if (roleIds.some((id) => !known.has(id))) throw invalid(field, 'v.roleUnknown');
    if (isAdmin(actor)) return;
    const paths = await rbac.permissionPathsOfRoles(roleIds);
    if (!roleIds.every((id) => canAssignRole(actor, paths.get(id) ?? []))) throw invalid(field, 'v.roleUnknown');
  }

  async function details(actor: Actor, id: number): Promise<AdminUser> {
    const row = await repo.byId(id);
    if (!row || !canSee(actor, row)) throw notFound();
    return toAdminUser(row, (await rbac.rolesOfUsers([id])).get(id) ?? []);
  }

  return {
    /** One page of accounts (keyword over email, user name and forum name; status; role). */
    async page(actor: Actor, q: UserPageQuery): Promise<Page<AdminUser>> {
      const ids = q.role_id ? await rbac.userIdsWithRole(q.role_id) : undefined;
      const { rows, total } = await repo.page(
        { keyword: q.keyword, status: q.status, ids, ...memberScope(actor) },
        q.page,
        q.limit,
      );
      const roles = await rbac.rolesOfUsers(rows.map((r) => r.id));
      return { list: rows.map((r) => toAdminUser(r, roles.get(r.id) ?? [])), total, page: q.page, limit: q.limit };
    },

    details,

    /** Counts per status, new accounts of the last 7 days, holders per role (within the actor's scope). */
    async statistic(actor: Actor): Promise<UserStatistic> {
      const scope = memberScope(actor);
      const s = await repo.statistic(scope, new Date(Date.now() - 7 * DAY));
      const byRole = await rbac.roleUserCounts(isAdmin(actor) ? undefined : await repo.liveIds(scope));
      return {
        total: s.active + s.pending + s.disabled,
        active: s.active,
        pending: s.pending,
        disabled: s.disabled,
        new_last_7_days: s.fresh,
        by_role: byRole.map((r) => ({ name: r.name, count: r.count })),
      };
    },

    async roles(): Promise<RoleRef[]> {
      return rbac.listRoles();
    },

    /**
     * Sets an account's roles, status and membership end (the end: administrators only). Nobody changes their own roles or status; disabling
     * ends the account's sessions (their next request answers 50008).
     */
    async manage(actor: Actor, input: UserManage): Promise<AdminUser> {
      const { row, roles: rolesBefore } = await managedTarget(actor, input.id);
      // Organisation admins extend memberships only out of seats they bought (seats.service), never by dates.
      if (input.vip_date !== undefined && !isAdmin(actor)) throw invalid('vip_date', 'v.seatsNotDates');
      if (input.id === actor.id && (input.role_ids !== undefined || (input.status && input.status !== row.status))) {
        throw invalid('id', 'v.selfAction');
      }
      if (input.role_ids) await assertAssignable(actor, input.role_ids, 'role_ids');
      // The platform must keep at least one active admin (checked under a lock before anything changes).
      const lostAdminRole = await demotesAdmin(row, input);
      const roleNames = new Map((await rbac.listRoles()).map((r) => [r.id, r.name]));
      await db.transaction(async (tx) => {
        if (lostAdminRole !== null) {
          await assertAnotherAdmin(input.role_ids !== undefined ? 'role_ids' : 'status', lostAdminRole, tx);
        }
        const now = new Date();
        const values = {
          ...(input.status ? { status: input.status } : {}),
          ...(input.status === 'active' && row.status === 'pending' ? { activatedAt: now } : {}),
          ...(input.vip_date !== undefined ? { vipDate: input.vip_date === null ? null : new Date(input.vip_date) } : {}),
        };
        if (Object.keys(values).length) await repo.update(row.id, values, tx);
        if (input.role_ids) await rbac.setUserRoles(row.id, input.role_ids, tx);
        if (input.status === 'disabled' && row.status !== 'disabled') await accounts.endAccess(row.id, tx);
        const summary = (status: string, vipDate: Date | null, roles: string[]) => ({
          status,
          vip_date: vipDate ? vipDate.toISOString() : null,
          roles: [...roles].sort(),
        });
        await audit?.record(tx, {
          actor,
          action: 'user.update',
          target: { type: 'user', id: row.id, label: row.username },
          ...changes(
            summary(
              row.status,
              row.vipDate,
              rolesBefore.map((r) => r.name),
            ),
            summary(
              input.status ?? row.status,
              input.vip_date === undefined ? row.vipDate : input.vip_date === null ? null : new Date(input.vip_date),
              input.role_ids ? input.role_ids.map((id) => roleNames.get(id) ?? String(id)) : rolesBefore.map((r) => r.name),
            ),
          ),
        });
      });
      access?.changed(row.id);
      return details(actor, row.id);
    },

    /** Deletes an account (soft: other records keep pointing at it); its sessions end and its roles go. */
    async remove(actor: Actor, id: number): Promise<void> {
      if (id === actor.id) throw invalid('id', 'v.selfAction');
      const { row, roles } = await managedTarget(actor, id);
      const lostAdminRole = await demotesAdmin(row, { role_ids: [] });
      await db.transaction(async (tx) => {
        if (lostAdminRole !== null) await assertAnotherAdmin('id', lostAdminRole, tx);
        await repo.softDelete(row.id, tx);
        await rbac.setUserRoles(row.id, [], tx);
        await accounts.endAccess(row.id, tx);
        await audit?.record(tx, {
          actor,
          action: 'user.delete',
          target: { type: 'user', id: row.id, label: row.username },
          before: { email: row.email, status: row.status, roles: roles.map((r) => r.name) },
        });
      });
      access?.changed(row.id);
    },

    /**
     * Imports accounts from CSV (header `email,username,forum_name,password[,role]`). Every row is checked with
     * the registration rules; nothing is created unless every row is fine (one transaction). Imported accounts
     * are active, get the free trial, role `user` unless the row names one, and count as the actor's members.
     */
    async importCsv(actor: Actor, csv: string, lang: Lang): Promise<UserImportReply> {
      const errors: UserImportReply['errors'] = [];
      const fail = (row: number, field: string, key: string) => errors.push({ row, field, message: translateMessage(key, lang) });
      const parsed = parseCsv(csv);
      if (!parsed) {
        fail(1, 'file', 'v.csvUnreadable');
        return { imported: 0, errors };
      }
      const lines = parsed.filter((r) => r.some((f) => f.trim() !== ''));
      const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase());
      const hasRole = header.length === 5 && header[4] === 'role';
      if (!IMPORT_HEADER.every((h, i) => header[i] === h) || (header.length !== 4 && !hasRole)) {
        fail(1, 'file', 'v.csvHeader');
        return { imported: 0, errors };
      }
      const data = lines.slice(1);
      if (data.length === 0) fail(1, 'file', 'v.csvEmpty');
      if (data.length > IMPORT_MAX_ROWS) fail(1, 'file', 'v.csvTooManyRows');
      if (errors.length) return { imported: 0, errors };

      const roleList = await rbac.listRoles();
      const roleByName = new Map(roleList.map((r) => [r.name.toLowerCase(), r]));
      const defaultRole = roleByName.get('user');
      const rolePaths = await rbac.permissionPathsOfRoles(roleList.map((r) => r.id));
      const seen = { email: new Set<string>(), username: new Set<string>(), forum_name: new Set<string>() };
      const rows: { line: number; email: string; username: string; forumName: string; password: string; roleId?: number }[] = [];
      data.forEach((fields, i) => {
        const line = i + 2;
        const [email = '', username = '', forumName = '', password = '', role = ''] = fields.map((f) => f.trim());
        const problems = [
          ['email', fieldProblem(emailField, email)],
          ['username', fieldProblem(usernameField, username)],
          ['forum_name', fieldProblem(forumNameField, forumName)],
          ['password', fieldProblem(passwordField, password)],
        ] as const;
        let bad = false;
        for (const [field, problem] of problems) {
          if (problem) {
            fail(line, field, problem);
            bad = true;
          }
        }
        const r = role ? roleByName.get(role.toLowerCase()) : defaultRole;
        if (!r || !canAssignRole(actor, rolePaths.get(r.id) ?? [])) {
          fail(line, 'role', 'v.roleUnknown');
          bad = true;
        }
        for (const [field, value] of [
          ['email', email],
          ['username', username],
          ['forum_name', forumName],
        ] as const) {
          const k = value.toLowerCase();
          if (k && seen[field].has(k)) {
            fail(line, field, 'v.duplicateInFile');
            bad = true;
          }
          seen[field].add(k);
        }
        if (!bad) rows.push({ line, email: email.toLowerCase(), username, forumName, password, roleId: r?.id });
      });
      const taken = await repo.takenAmong({
        emails: rows.map((r) => r.email),
        usernames: rows.map((r) => r.username),
        forumNames: rows.map((r) => r.forumName),
      });
      for (const r of rows) {
        if (taken.emails.has(r.email)) fail(r.line, 'email', 'emailTaken');
        if (taken.usernames.has(r.username.toLowerCase())) fail(r.line, 'username', 'usernameTaken');
        if (taken.forumNames.has(r.forumName.toLowerCase())) fail(r.line, 'forum_name', 'forumNameTaken');
      }
      if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };

      const hashes: string[] = [];
      for (let i = 0; i < rows.length; i += 8) {
        hashes.push(...(await Promise.all(rows.slice(i, i + 8).map((r) => hashPassword(r.password)))));
      }
      await db.transaction(async (tx) => {
        for (const [i, r] of rows.entries()) {
          await accounts.createHashedAccount(
            {
              email: r.email,
              username: r.username,
              password: null,
              accountType: 'individual',
              forumName: r.forumName,
              status: 'active',
              invitedBy: isAdmin(actor) ? undefined : actor.id,
              roleIds: r.roleId ? [r.roleId] : [],
            },
            hashes[i] ?? null,
            tx,
          );
        }
        await audit?.record(tx, {
          actor,
          action: 'user.import',
          target: { type: 'user', id: '', label: `${rows.length}` },
          after: { imported: rows.length, emails: rows.map((r) => r.email) },
        });
      });
      return { imported: rows.length, errors: [] };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
