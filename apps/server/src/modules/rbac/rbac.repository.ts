import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissions, rolePermissions, roles, userRoles } from './rbac.table';

/**
 * A user's role names and permission paths as one JSON value `[[role, path | null], …]` (null without roles), the
 * rows `accessOf` reads, for another module's one-query read to embed (the session guard). `userIdRef` is the outer
 * query's qualified column, e.g. `"sessions"."user_id"`.
 */
export function accessJsonSql(userIdRef: string): SQL {
  return sql.raw(
    `(select json_agg(json_build_array(r.name, p.http_path)) from user_roles ur join roles r on r.id = ur.role_id left join role_permissions rp on rp.role_id = r.id left join permissions p on p.id = rp.permission_id where ur.user_id = ${userIdRef})`,
  );
}

/** The only code that touches the roles, permissions and their link tables. */
export function createRbacRepository(db: DbOrTx) {
  return {
    async findPermissionsByPath(paths: string[]) {
      if (paths.length === 0) return [];
      return db.select().from(permissions).where(inArray(permissions.httpPath, paths));
    },
    async insertPermission(values: typeof permissions.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(permissions).values(values).onConflictDoNothing().returning();
      return row;
    },
    async allPermissions() {
      return db.select().from(permissions);
    },
    async findRoleByName(name: string) {
      const [row] = await db.select().from(roles).where(eq(roles.name, name));
      return row;
    },
    async insertRole(values: typeof roles.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(roles).values(values).onConflictDoNothing().returning();
      return row;
    },
    async linkRolePermissions(roleId: number, permissionIds: number[], tx: DbOrTx = db) {
      if (permissionIds.length === 0) return;
      await tx
        .insert(rolePermissions)
        .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    },
    async rolePermissionCount(roleId: number) {
      return (await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).length;
    },
    /** Role names and permission paths of one user, in one query. */
    async accessOf(userId: number) {
      return db
        .select({ role: roles.name, path: permissions.httpPath })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
        .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(userRoles.userId, userId));
    },
    async rolesByNames(names: string[]) {
      if (names.length === 0) return [];
      return db.select().from(roles).where(inArray(roles.name, names));
    },
    async addUserRoles(userId: number, roleIds: number[], tx: DbOrTx = db) {
      if (roleIds.length === 0) return;
      await tx
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
    },
    async removeUserRole(userId: number, roleId: number, tx: DbOrTx = db) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
    },

    // --- Admin screens: permissions (/system/auth/resource) ---

    /** One page of permissions, filtered by name or path, in menu order. */
    async pagePermissions(q: { name?: string; page: number; limit: number }) {
      const where = q.name
        ? or(ilike(permissions.name, likePattern(q.name)), ilike(permissions.httpPath, likePattern(q.name)))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(permissions)
          .where(where)
          .orderBy(asc(permissions.sort), asc(permissions.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(permissions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async topLevelPermissions() {
      return db
        .select()
        .from(permissions)
        .where(isNull(permissions.parentId))
        .orderBy(asc(permissions.sort), asc(permissions.id));
    },
    async permissionById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(permissions).where(eq(permissions.id, id));
      return row;
    },
    async permissionChildCount(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(permissions).where(eq(permissions.parentId, id));
      return row?.n ?? 0;
    },
    /** Updates a permission; 'conflict' when its new path is taken by another one. */
    async updatePermission(id: number, values: Partial<typeof permissions.$inferInsert>, tx: DbOrTx = db) {
      try {
        const [row] = await tx.update(permissions).set(values).where(eq(permissions.id, id)).returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return 'conflict' as const;
        throw err;
      }
    },
    async deletePermission(id: number, tx: DbOrTx = db) {
      await tx.delete(permissions).where(eq(permissions.id, id));
    },
    /** Which of these ids exist. */
    async existingPermissionIds(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      const rows = await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
      return rows.map((r) => r.id);
    },

    // --- Admin screens: roles (/system/auth/role) ---

    /** One page of roles with how many users hold each. */
    async pageRoles(q: { name?: string; page: number; limit: number }) {
      const where = q.name ? ilike(roles.name, likePattern(q.name)) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...roleColumns, userCount: userCountOf })
          .from(roles)
          .where(where)
          .orderBy(asc(roles.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(roles).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async roleById(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ ...roleColumns, userCount: userCountOf })
        .from(roles)
        .where(eq(roles.id, id));
      return row;
    },
    /** A role by name, ignoring case (names must be unique that way for people to tell them apart). */
    async roleByNameIgnoringCase(name: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(roles).where(sql`lower(${roles.name}) = lower(${name})`);
      return row;
    },
    /** Locks a role row for the rest of the transaction (user-role and role-permission inserts wait on it). */
    async lockRole(id: number, tx: DbOrTx) {
      const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      return row;
    },
    /** Updates a role; 'conflict' when its new name is taken. */
    async updateRole(id: number, values: Partial<typeof roles.$inferInsert>, tx: DbOrTx = db) {
      try {
        const [row] = await tx.update(roles).set(values).where(eq(roles.id, id)).returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return 'conflict' as const;
        throw err;
      }
    },
    async roleUserCount(roleId: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
      return row?.n ?? 0;
    },
    async deleteRole(id: number, tx: DbOrTx = db) {
      await tx.delete(roles).where(eq(roles.id, id));
    },
    async rolePermissionIds(roleId: number) {
      const rows = await db
        .select({ id: rolePermissions.permissionId })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId))
        .orderBy(asc(rolePermissions.permissionId));
      return rows.map((r) => r.id);
    },
    /** Replaces a role's permissions (call inside a transaction). */
    async replaceRolePermissions(roleId: number, permissionIds: number[], tx: DbOrTx) {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissionIds.length === 0) return;
      await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
    },

    // --- For the users module (registration, the /member screen) ---

    async rolesOfUsers(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, userIds))
        .orderBy(asc(roles.id));
    },
    /** Replaces a user's roles (call inside a transaction). */
    async replaceUserRoles(userId: number, roleIds: number[], tx: DbOrTx = db) {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length === 0) return;
      await tx
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
    },
    async roleOptions() {
      return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
    },
    async userIdsWithRole(roleId: number, tx: DbOrTx = db) {
      const rows = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
      return rows.map((r) => r.userId);
    },
    async permissionPathsOfRoles(roleIds: number[]) {
      if (roleIds.length === 0) return [];
      return db
        .select({ roleId: rolePermissions.roleId, path: permissions.httpPath })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(inArray(rolePermissions.roleId, roleIds));
    },
    /** Holders per role: over every user, or only among `userIds`. */
    async roleUserCounts(userIds?: number[]) {
      const on =
        userIds === undefined
          ? eq(userRoles.roleId, roles.id)
          : and(eq(userRoles.roleId, roles.id), userIds.length ? inArray(userRoles.userId, userIds) : sql`false`);
      return db
        .select({ id: roles.id, name: roles.name, count: count(userRoles.userId) })
        .from(roles)
        .leftJoin(userRoles, on)
        .groupBy(roles.id, roles.name)
        .orderBy(asc(roles.id));
    },
  };
}
export type RbacRepository = ReturnType<typeof createRbacRepository>;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  builtin: roles.builtin,
  createdAt: roles.createdAt,
};
/** Users holding the role: a correlated count that uses user_roles_role_idx. */
const userCountOf: SQL<number> = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})`.mapWith(
  Number,
);

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True for PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
