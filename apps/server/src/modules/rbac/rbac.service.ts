import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_CATALOGUE, ROLE_NAMES, type RoleName } from '@xr/contract/permissions';
import type {
  AddPermissionBody,
  AddRoleBody,
  Permission,
  PermissionNode,
  Role,
  UpdatePermissionBody,
  UpdateRoleBody,
} from '@xr/contract/rbac';
import type { Db, DbOrTx } from '../../db/client';
import type { AccessEvents } from '../../lib/access-events';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type AuditActor, type AuditRecorder, changes } from '../audit/audit.service';
import { accessJsonSql, createRbacRepository } from './rbac.repository';
import type { permissions, roles } from './rbac.table';

export interface UserAccess {
  roles: string[];
  permissions: string[];
}

/** Distinct role names and permission paths of (role, path) rows, in the rows' order. */
function accessOfRows(rows: readonly { role: string; path: string | null }[]): UserAccess {
  const roles = [...new Set(rows.map((r) => r.role))];
  const permissions = [...new Set(rows.map((r) => r.path).filter((p): p is string => !!p))];
  return { roles, permissions };
}

/**
 * Roles, permissions and who holds them. `ensureCatalogue` seeds the permission catalogue and the five
 * built-in roles at every start (idempotent; a role's default permissions are granted only when it is new,
 * so an admin's later changes stay).
 * Every change of a role or permission is written to the audit log (`audit`, given by app.ts) in its transaction;
 * `actor` is the route's caller (null: a start-up or tool call, recorded as the system).
 */
export function createRbacService(db: Db, access?: AccessEvents, audit?: AuditRecorder) {
  const repo = createRbacRepository(db);
  const log = (tx: DbOrTx, actor: AuditActor | null, entry: Omit<Parameters<AuditRecorder['record']>[1], 'actor'>) =>
    audit?.record(tx, { actor, ...entry });
  const permSummary = (p: { name: string; httpPath: string; parentId: number | null; sort: number }) => ({
    name: p.name,
    http_path: p.httpPath,
    parent_id: p.parentId,
    sort: p.sort,
  });

  const service = {
    async ensureCatalogue(): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        let sort = 0;
        for (const p of PERMISSION_CATALOGUE) {
          sort += 10;
          const parentId = p.parent ? (await txRepo.findPermissionsByPath([p.parent]))[0]?.id : null;
          await txRepo.insertPermission({ name: p.name, httpPath: p.http_path, parentId: parentId ?? null, sort });
        }
        const all = await txRepo.allPermissions();
        for (const name of ROLE_NAMES) {
          const created = await txRepo.insertRole({ name, description: '', builtin: true });
          if (!created) continue;
          const wanted = DEFAULT_ROLE_PERMISSIONS[name];
          const ids = all.filter((p) => wanted === 'all' || wanted.includes(p.httpPath)).map((p) => p.id);
          await txRepo.linkRolePermissions(created.id, ids);
        }
      });
    },

    /** Role names and permission paths of a user (used on every authenticated request). */
    async accessOf(userId: number): Promise<UserAccess> {
      return accessOfRows(await repo.accessOf(userId));
    },
    /**
     * SQL of a user's access for another module's query to embed (the session guard reads the session, the account
     * and its access in one statement); `accessFrom` turns the value it reads into roles and permissions.
     */
    accessSql: accessJsonSql,
    /** A user's access from the value `accessSql` read (no roles when null). */
    accessFrom(value: unknown): UserAccess {
      const rows = Array.isArray(value) ? (value as [string, string | null][]) : [];
      return accessOfRows(rows.map(([role, path]) => ({ role, path })));
    },

    /** Gives a user roles by name (inside the caller's transaction when one is passed). */
    async assignRolesByName(userId: number, names: RoleName[], tx?: DbOrTx): Promise<void> {
      // Every query goes through the transaction when one is given: PGlite has one connection, so a query
      // on `db` would wait for the open transaction forever.
      const found = await createRbacRepository(tx ?? db).rolesByNames(names);
      await createRbacRepository(tx ?? db).addUserRoles(
        userId,
        found.map((r) => r.id),
      );
    },

    // --- For the users module (registration, the /member screen) ---

    /** Roles (id and name) of each of these users; users without roles are absent from the map. */
    async rolesOfUsers(userIds: number[]): Promise<Map<number, RoleRef[]>> {
      const map = new Map<number, RoleRef[]>();
      for (const r of await repo.rolesOfUsers([...new Set(userIds)])) {
        const list = map.get(r.userId) ?? [];
        list.push({ id: r.id, name: r.name });
        map.set(r.userId, list);
      }
      return map;
    },

    /** Replaces a user's roles (inside the caller's transaction when one is passed). */
    async setUserRoles(userId: number, roleIds: number[], tx?: DbOrTx): Promise<void> {
      await createRbacRepository(tx ?? db).replaceUserRoles(userId, [...new Set(roleIds)], tx ?? db);
    },

    /** Every role, id and name (the role picker of the /member screen). */
    async listRoles(): Promise<RoleRef[]> {
      return repo.roleOptions();
    },

    /** Ids of the users holding a role. */
    async userIdsWithRole(roleId: number, tx?: DbOrTx): Promise<number[]> {
      return repo.userIdsWithRole(roleId, tx);
    },

    /** The permission paths each of these roles grants. */
    async permissionPathsOfRoles(roleIds: number[]): Promise<Map<number, string[]>> {
      const map = new Map<number, string[]>(roleIds.map((id) => [id, []]));
      for (const r of await repo.permissionPathsOfRoles([...new Set(roleIds)])) map.get(r.roleId)?.push(r.path);
      return map;
    },

    /** How many users hold each role: over every user, or only among `userIds`. */
    async roleUserCounts(userIds?: number[]): Promise<{ id: number; name: string; count: number }[]> {
      return repo.roleUserCounts(userIds);
    },

    // --- Admin screens (spec section 7 "Admin: permissions and roles"), all behind /system/auth ---

    /** One page of permissions, `name` matching name or path. */
    async permissionPage(q: { name?: string; page: number; limit: number }): Promise<Page<Permission>> {
      const { rows, total } = await repo.pagePermissions(q);
      return { list: rows.map(toPermission), total, page: q.page, limit: q.limit };
    },

    /** Permissions without a parent (the choices for a new permission's parent). */
    async topLevelPermissions(): Promise<Permission[]> {
      return (await repo.topLevelPermissions()).map(toPermission);
    },

    /** Every permission nested under its parent, in menu order (the role editor's tree). */
    async permissionTree(): Promise<PermissionNode[]> {
      const all = (await repo.allPermissions()).map(toPermission).sort((a, b) => a.sort - b.sort || a.id - b.id);
      const nodes = new Map(all.map((p) => [p.id, { ...p, children: [] as PermissionNode[] }]));
      const roots: PermissionNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },

    async permissionDetails(id: number): Promise<Permission> {
      const row = await repo.permissionById(id);
      if (!row) throw notFound();
      return toPermission(row);
    },

    /** Adds a permission; its path must be unique and its parent must exist. */
    async addPermission(input: AddPermissionBody, actor: AuditActor | null = null): Promise<Permission> {
      return db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const parentId = input.parent_id ?? null;
        if (parentId !== null && !(await txRepo.permissionById(parentId))) throw invalid('parent_id', 'v.parentInvalid');
        const row = await txRepo.insertPermission({
          name: input.name,
          httpPath: input.http_path,
          parentId,
          sort: input.sort ?? 0,
        });
        if (!row) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'permissionPathTaken', field: 'http_path' });
        await log(tx, actor, {
          action: 'rbac.permission_create',
          target: { type: 'permission', id: row.id, label: row.httpPath },
          after: permSummary(row),
        });
        return toPermission(row);
      });
    },

    /**
     * Changes a permission. Catalogue permissions keep their path and parent: the guard and the menu
     * look them up by path, and the catalogue is re-seeded by path at start-up.
     */
    async updatePermission(input: UpdatePermissionBody, actor: AuditActor | null = null): Promise<Permission> {
      return db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const current = await txRepo.permissionById(input.id);
        if (!current) throw notFound();
        const values: Partial<typeof permissions.$inferInsert> = {};
        if (input.name !== undefined) values.name = input.name;
        if (input.sort !== undefined) values.sort = input.sort;
        if (input.http_path !== undefined && input.http_path !== current.httpPath) {
          if (isBuiltinPath(current.httpPath)) throw builtinPermission('http_path');
          values.httpPath = input.http_path;
        }
        if (input.parent_id !== undefined && (input.parent_id ?? null) !== current.parentId) {
          if (isBuiltinPath(current.httpPath)) throw builtinPermission('parent_id');
          const parentId = input.parent_id ?? null;
          if (parentId !== null && !(await isValidParent(txRepo, current.id, parentId))) {
            throw invalid('parent_id', 'v.parentInvalid');
          }
          values.parentId = parentId;
        }
        if (Object.keys(values).length === 0) return toPermission(current);
        const row = await txRepo.updatePermission(current.id, values);
        if (row === 'conflict') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'permissionPathTaken', field: 'http_path' });
        if (!row) throw notFound();
        await log(tx, actor, {
          action: 'rbac.permission_update',
          target: { type: 'permission', id: row.id, label: row.httpPath },
          ...changes(permSummary(current), permSummary(row)),
        });
        return toPermission(row);
      });
    },

    /** Deletes a permission that is neither in the catalogue nor a parent; roles lose it with it. */
    async deletePermission(id: number, actor: AuditActor | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const current = await txRepo.permissionById(id);
        if (!current) throw notFound();
        if (isBuiltinPath(current.httpPath)) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'permissionBuiltin' });
        if ((await txRepo.permissionChildCount(id)) > 0) {
          throw new AppError(ErrorCode.CONFLICT, { messageKey: 'permissionHasChildren' });
        }
        await txRepo.deletePermission(id);
        await log(tx, actor, {
          action: 'rbac.permission_delete',
          target: { type: 'permission', id, label: current.httpPath },
          before: permSummary(current),
        });
      });
    },

    /** One page of roles (with how many users hold each), `name` matching part of the name. */
    async rolePage(q: { name?: string; page: number; limit: number }): Promise<Page<Role>> {
      const { rows, total } = await repo.pageRoles(q);
      return { list: rows.map(toRole), total, page: q.page, limit: q.limit };
    },

    async roleDetails(id: number): Promise<Role> {
      const row = await repo.roleById(id);
      if (!row) throw notFound();
      return toRole(row);
    },

    /** Adds a role with no permissions; names are unique ignoring case. */
    async addRole(input: AddRoleBody, actor: AuditActor | null = null): Promise<Role> {
      if (await repo.roleByNameIgnoringCase(input.name)) throw roleNameTaken();
      const row = await db.transaction(async (tx) => {
        const created = await createRbacRepository(tx).insertRole({
          name: input.name,
          description: input.description ?? '',
          builtin: false,
        });
        if (!created) throw roleNameTaken();
        await log(tx, actor, {
          action: 'rbac.role_create',
          target: { type: 'role', id: created.id, label: created.name },
          after: { name: created.name, description: created.description },
        });
        return created;
      });
      return toRole({ ...row, userCount: 0 });
    },

    /** Renames or re-describes a role; built-in roles keep their names (code refers to them by name). */
    async updateRole(input: UpdateRoleBody, actor: AuditActor | null = null): Promise<Role> {
      return db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const current = await txRepo.lockRole(input.id, tx);
        if (!current) throw notFound();
        const values: Partial<typeof roles.$inferInsert> = {};
        if (input.description !== undefined) values.description = input.description;
        if (input.name !== undefined && input.name !== current.name) {
          if (current.builtin) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'roleBuiltin', field: 'name' });
          const other = await txRepo.roleByNameIgnoringCase(input.name);
          if (other && other.id !== current.id) throw roleNameTaken();
          values.name = input.name;
        }
        if (Object.keys(values).length > 0) {
          const row = await txRepo.updateRole(current.id, values);
          if (row === 'conflict') throw roleNameTaken();
        }
        const row = await txRepo.roleById(current.id);
        if (!row) throw notFound();
        await log(tx, actor, {
          action: 'rbac.role_update',
          target: { type: 'role', id: row.id, label: row.name },
          ...changes({ name: current.name, description: current.description }, { name: row.name, description: row.description }),
        });
        return toRole(row);
      });
    },

    /**
     * Deletes a role nobody holds. The role row is locked first, so a concurrent user-role assignment either
     * commits before (and is counted) or waits and then fails on the foreign key: no user silently loses a role.
     */
    async deleteRole(id: number, actor: AuditActor | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const current = await txRepo.lockRole(id, tx);
        if (!current) throw notFound();
        if (current.builtin) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'roleBuiltin' });
        if ((await txRepo.roleUserCount(id)) > 0) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'roleInUse' });
        await txRepo.deleteRole(id);
        await log(tx, actor, {
          action: 'rbac.role_delete',
          target: { type: 'role', id, label: current.name },
          before: { name: current.name, description: current.description },
        });
      });
    },

    async rolePermissionDetails(roleId: number): Promise<{ role_id: number; permission_ids: number[] }> {
      if (!(await repo.roleById(roleId))) throw notFound();
      return { role_id: roleId, permission_ids: await repo.rolePermissionIds(roleId) };
    },

    /**
     * Replaces a role's permissions in one transaction. Unknown ids are refused (field permission_ids), and the
     * built-in admin role always keeps /system/auth so nobody can lock every administrator out.
     * Takes effect on the holders' next request: the guard reads permissions on every request.
     */
    async distributePower(
      input: {
        role_id: number;
        permission_ids: number[];
      },
      actor: AuditActor | null = null,
    ): Promise<{ role_id: number; permission_ids: number[] }> {
      const ids = [...new Set(input.permission_ids)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        const txRepo = createRbacRepository(tx);
        const role = await txRepo.lockRole(input.role_id, tx);
        if (!role) throw notFound();
        const existing = new Set(await txRepo.existingPermissionIds(ids, tx));
        if (ids.some((id) => !existing.has(id))) throw invalid('permission_ids', 'v.permissionUnknown');
        if (role.builtin && role.name === ADMIN_ROLE) {
          const [auth] = await txRepo.findPermissionsByPath([AUTH_PATH]);
          if (auth && !existing.has(auth.id)) throw invalid('permission_ids', 'v.adminKeepsAuth');
        }
        const previous = (await txRepo.rolePermissionIds(role.id)).sort((a, b) => a - b);
        await txRepo.replaceRolePermissions(role.id, ids, tx);
        await log(tx, actor, {
          action: 'rbac.role_permissions',
          target: { type: 'role', id: role.id, label: role.name },
          before: { permission_ids: previous },
          after: { permission_ids: ids },
        });
      });
      return { role_id: input.role_id, permission_ids: ids };
    },
  };
  // Changes to roles and permissions reach every holder's next request (the guard's session cache forgets them).
  for (const name of [
    'addPermission',
    'updatePermission',
    'deletePermission',
    'updateRole',
    'deleteRole',
    'distributePower',
  ] as const) {
    const fn = service[name] as (...args: unknown[]) => Promise<unknown>;
    (service as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await fn(...args);
      access?.changed();
      return result;
    };
  }
  return service;
}
export type RbacService = ReturnType<typeof createRbacService>;

/** A role as the users module shows it. */
export interface RoleRef {
  id: number;
  name: string;
}

/** The permission that guards the role and permission screens themselves. */
const AUTH_PATH = '/system/auth';
const ADMIN_ROLE: RoleName = 'admin';
const CATALOGUE_PATHS = new Set(PERMISSION_CATALOGUE.map((p) => p.http_path));
const isBuiltinPath = (path: string) => CATALOGUE_PATHS.has(path);

const roleNameTaken = () => new AppError(ErrorCode.CONFLICT, { messageKey: 'roleNameTaken', field: 'name' });
const builtinPermission = (field: string) => new AppError(ErrorCode.CONFLICT, { messageKey: 'permissionBuiltin', field });

/** A parent is valid when it exists and is neither the permission itself nor one of its descendants. */
async function isValidParent(repo: ReturnType<typeof createRbacRepository>, id: number, parentId: number): Promise<boolean> {
  const all = await repo.allPermissions();
  const parentOf = new Map(all.map((p) => [p.id, p.parentId]));
  if (!parentOf.has(parentId)) return false;
  const seen = new Set<number>();
  for (let at: number | null | undefined = parentId; at != null && !seen.has(at); at = parentOf.get(at)) {
    if (at === id) return false;
    seen.add(at);
  }
  return true;
}

function toPermission(row: typeof permissions.$inferSelect): Permission {
  return {
    id: row.id,
    name: row.name,
    http_path: row.httpPath,
    parent_id: row.parentId,
    sort: row.sort,
    builtin: isBuiltinPath(row.httpPath),
    created_at: row.createdAt.toISOString(),
  };
}

function toRole(row: {
  id: number;
  name: string;
  description: string;
  builtin: boolean;
  createdAt: Date;
  userCount: number;
}): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    user_count: row.userCount,
    builtin: row.builtin,
    created_at: row.createdAt.toISOString(),
  };
}
