import { and, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawClientOf, runStatement, type Statement } from '../../db/prepared';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserStatus = UserRow['status'];

const alive = isNull(users.deletedAt);

/**
 * The forum's authors (names and avatars of a page's posters), read on every forum list and search: a fixed statement,
 * prepared once on PGlite (see db/prepared.ts; through Drizzle it cost ~0.5 ms a request, prepared ~0.2).
 */
const FORUM_CARDS: Statement = {
  name: 'users_forum_cards',
  types: 'int[]',
  text: 'select id, forum_name, avatar from users where id = any($1::int[]) and deleted_at is null',
};

/** What the signed-in user's own info shows (GET /user/user_info): never the password hash, certificate or OIDC ids. */
const profileColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  introduction: users.introduction,
  vipDate: users.vipDate,
  email: users.email,
  gender: users.gender,
  phone: users.phone,
  xpValue: users.xpValue,
  forumName: users.forumName,
  inviteCode: users.inviteCode,
  accountType: users.accountType,
  createdAt: users.createdAt,
};
export type ProfileRow = Pick<UserRow, keyof typeof profileColumns>;
const lower = (s: string) => s.trim().toLowerCase();

/** `%text%` for ILIKE with the pattern characters of the text escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A live account's public card as one JSON value `[username, avatar key, introduction]` (null for a deleted or
 * unknown account), for another module's one-query read to embed (the market's cards and details): the users
 * module keeps what a public card reads, never the password hash or contact data. `userIdRef` is the outer
 * query's qualified column, e.g. `"projects"."owner_id"`.
 */
export function publicCardSql(userIdRef: string): SQL {
  return sql.raw(
    `(select json_build_array(u.username, u.avatar, u.introduction) from users u where u.id = ${userIdRef} and u.deleted_at is null)`,
  );
}

/**
 * A live account's state as one JSON value `[username, status, vip_date]` (null for a deleted or unknown account),
 * what `accountState` reads, for another module's one-query read to embed (the session guard). `userIdRef` is the
 * outer query's qualified column.
 */
export function accountStateSql(userIdRef: string): SQL {
  return sql.raw(
    `(select json_build_array(u.username, u.status, u.vip_date) from users u where u.id = ${userIdRef} and u.deleted_at is null)`,
  );
}

/** Filters of the admin user list; `invitedBy` narrows it to the members one organisation admin brought in. */
export interface UserFilter {
  keyword?: string;
  status?: UserStatus;
  ids?: number[];
  invitedBy?: number;
}

function filterOf(f: UserFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [alive];
  if (f.keyword) {
    const p = likePattern(f.keyword);
    parts.push(or(ilike(users.email, p), ilike(users.username, p), ilike(users.forumName, p)));
  }
  if (f.status) parts.push(eq(users.status, f.status));
  if (f.ids) parts.push(f.ids.length ? inArray(users.id, f.ids) : sql`false`);
  if (f.invitedBy !== undefined) parts.push(eq(users.invitedBy, f.invitedBy));
  return and(...parts);
}

/** The only code that touches the users table. Deleted (soft-deleted) users are invisible to every reader here. */
export function createUsersRepository(db: DbOrTx) {
  // The hottest read of a signed-in page (user_info), prepared once: its SQL is never rebuilt per request.
  const profileQuery = db
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), alive))
    .prepare('users_profile');
  return {
    /** A live account's own profile columns, by one prepared statement. */
    async profileById(id: number): Promise<ProfileRow | undefined> {
      const [row] = await profileQuery.execute({ id });
      return row;
    },
    /**
     * Holds the lock of admin changes until the transaction ends, so two admins demoting each other at the same moment
     * are decided one after the other.
     */
    async lockAdminChanges(tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(7261001)`);
    },
    /** How many of these accounts are active (and not deleted). */
    async countActive(ids: number[], tx: DbOrTx = db): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await tx
        .select({ n: count() })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.status, 'active'), isNull(users.deletedAt)));
      return Number(rows[0]?.n ?? 0);
    },
    async any(): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).limit(1);
      return rows.length > 0;
    },
    async byId(id: number, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), alive));
      return row;
    },
    async byEmail(email: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${lower(email)}`, alive));
      return row;
    },
    /** By email or user name (both unique ignoring case). */
    async byLogin(login: string): Promise<UserRow | undefined> {
      const l = lower(login);
      const [row] = await db
        .select()
        .from(users)
        .where(and(or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.username}) = ${l}`), alive))
        .limit(1);
      return row;
    },
    async byInviteCode(code: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.inviteCode, code.trim().toUpperCase()), alive));
      return row;
    },
    async byOidc(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject), alive));
      return row;
    },
    async inviteCodeExists(code: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
      return rows.length > 0;
    },
    /** Which of email / user name / forum name another live account already uses (ignoring case). */
    async taken(
      v: { email?: string; username?: string; forumName?: string },
      exceptId?: number,
      tx: DbOrTx = db,
    ): Promise<{ email: boolean; username: boolean; forumName: boolean }> {
      const conds: SQL[] = [];
      if (v.email) conds.push(sql`lower(${users.email}) = ${lower(v.email)}`);
      if (v.username) conds.push(sql`lower(${users.username}) = ${lower(v.username)}`);
      if (v.forumName) conds.push(sql`lower(${users.forumName}) = ${lower(v.forumName)}`);
      if (conds.length === 0) return { email: false, username: false, forumName: false };
      const rows = await tx
        .select({ id: users.id, email: users.email, username: users.username, forumName: users.forumName })
        .from(users)
        .where(and(or(...conds), alive, exceptId ? sql`${users.id} <> ${exceptId}` : undefined));
      return {
        email: !!v.email && rows.some((r) => lower(r.email) === lower(v.email ?? '')),
        username: !!v.username && rows.some((r) => lower(r.username) === lower(v.username ?? '')),
        forumName: !!v.forumName && rows.some((r) => lower(r.forumName) === lower(v.forumName ?? '')),
      };
    },
    /** The lower-cased emails, user names and forum names among these that live accounts already use. */
    async takenAmong(v: { emails: string[]; usernames: string[]; forumNames: string[] }) {
      const lists = { emails: v.emails.map(lower), usernames: v.usernames.map(lower), forumNames: v.forumNames.map(lower) };
      const conds: SQL[] = [];
      if (lists.emails.length) conds.push(inArray(sql`lower(${users.email})`, lists.emails));
      if (lists.usernames.length) conds.push(inArray(sql`lower(${users.username})`, lists.usernames));
      if (lists.forumNames.length) conds.push(inArray(sql`lower(${users.forumName})`, lists.forumNames));
      const rows = conds.length
        ? await db
            .select({ email: users.email, username: users.username, forumName: users.forumName })
            .from(users)
            .where(and(or(...conds), alive))
        : [];
      return {
        emails: new Set(rows.map((r) => lower(r.email))),
        usernames: new Set(rows.map((r) => lower(r.username))),
        forumNames: new Set(rows.map((r) => lower(r.forumName))),
      };
    },
    async insert(values: NewUserRow, tx: DbOrTx = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },
    async update(id: number, values: Partial<NewUserRow>, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(users.id, id), alive))
        .returning();
      return row;
    },
    /** Activates a pending account; undefined when it was not pending. */
    async activatePending(email: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const now = new Date();
      const [row] = await tx
        .update(users)
        .set({ status: 'active', activatedAt: now, updatedAt: now })
        .where(and(sql`lower(${users.email}) = ${lower(email)}`, eq(users.status, 'pending'), alive))
        .returning();
      return row;
    },
    async touchLogin(id: number): Promise<void> {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
    },
    async softDelete(id: number, tx: DbOrTx = db): Promise<boolean> {
      const now = new Date();
      const rows = await tx
        .update(users)
        .set({ deletedAt: now, updatedAt: now, status: 'disabled' })
        .where(and(eq(users.id, id), alive))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async page(f: UserFilter, page: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
      const where = filterOf(f);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Live accounts per status, and how many were created since `since`. */
    async statistic(f: UserFilter, since: Date) {
      const where = filterOf(f);
      const [byStatus, [fresh]] = await Promise.all([
        db.select({ status: users.status, n: count() }).from(users).where(where).groupBy(users.status),
        db
          .select({ n: count() })
          .from(users)
          .where(and(where, gte(users.createdAt, since))),
      ]);
      const of = (s: UserStatus) => byStatus.find((r) => r.status === s)?.n ?? 0;
      return { active: of('active'), pending: of('pending'), disabled: of('disabled'), fresh: fresh?.n ?? 0 };
    },
    /** Live accounts among these ids, in one query (for the market's creator and commenter cards). */
    async byIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(and(inArray(users.id, ids), alive));
    },
    /** Public card columns of live accounts (never the password hash or contact data). */
    async cardsByIds(ids: number[]): Promise<Pick<UserRow, 'id' | 'username' | 'avatar' | 'introduction'>[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, avatar: users.avatar, introduction: users.introduction })
        .from(users)
        .where(and(inArray(users.id, ids), alive));
    },
    /** Ids of live, active accounts: all, or among `ids`, or members of an organisation admin (`memberOf`). */
    async activeIds(f: { ids?: number[]; memberOf?: number }): Promise<number[]> {
      if (f.ids && f.ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            alive,
            eq(users.status, 'active'),
            f.ids ? inArray(users.id, f.ids) : undefined,
            f.memberOf !== undefined ? eq(users.invitedBy, f.memberOf) : undefined,
          ),
        )
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },
    /** Forum names and avatars of live accounts. */
    async forumCardsByIds(ids: number[]): Promise<Pick<UserRow, 'id' | 'forumName' | 'avatar'>[]> {
      if (ids.length === 0) return [];
      if (rawClientOf(db))
        return (await runStatement(db, FORUM_CARDS, [ids])).map((r) => ({
          id: Number(r.id),
          forumName: String(r.forum_name),
          avatar: String(r.avatar),
        }));
      return db
        .select({ id: users.id, forumName: users.forumName, avatar: users.avatar })
        .from(users)
        .where(and(inArray(users.id, ids), alive));
    },
    /**
     * Whether a live account's user name or forum name equals `folded` (already NFKC-normalised, trimmed and lower
     * case) once folded the same way: look-alike spellings (full-width letters, other cases) count as equal.
     */
    async nameInUse(folded: string): Promise<boolean> {
      const fold = (column: typeof users.username | typeof users.forumName) => sql`lower(normalize(btrim(${column}), NFKC))`;
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(alive, or(sql`${fold(users.username)} = ${folded}`, sql`${fold(users.forumName)} = ${folded}`)))
        .limit(1);
      return !!row;
    },
    /** Live accounts by forum name (case-insensitive, as the unique index compares them). */
    async idsByForumNames(names: string[]): Promise<Pick<UserRow, 'id' | 'forumName'>[]> {
      if (names.length === 0) return [];
      return db
        .select({ id: users.id, forumName: users.forumName })
        .from(users)
        .where(
          and(
            inArray(
              sql`lower(${users.forumName})`,
              names.map((n) => n.toLowerCase()),
            ),
            alive,
          ),
        );
    },
    /** Name and e-mail of live accounts. */
    async contactsByIds(ids: number[]): Promise<Pick<UserRow, 'id' | 'username' | 'email'>[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(and(inArray(users.id, ids), alive));
    },
    /** Ids of the live accounts a filter matches (role counts within an organisation admin's scope). */
    async liveIds(f: UserFilter): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(filterOf(f));
      return rows.map((r) => r.id);
    },
    /** Membership end moves to max(now, end) + days, atomically (coupon redemption). */
    async addMembershipDays(id: number, days: number, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({
          vipDate: sql`greatest(${users.vipDate}, now()) + make_interval(days => ${days}::int)`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), alive))
        .returning();
      return row;
    },
    /**
     * Membership plus whole calendar months from the later of now and the current end, atomically (plan purchases):
     * answers the new end and where the added months start. The start is read under the row's lock, not worked back
     * from the end (a month added to 30 November ends on 28 February, and 28 February less a month is not the start).
     */
    async addMembershipMonths(
      id: number,
      months: number,
      tx: DbOrTx = db,
    ): Promise<{ row: UserRow; startsAt: Date } | undefined> {
      const [from] = await tx
        .select({ startsAt: sql<Date>`greatest(${users.vipDate}, now())`.mapWith((v) => new Date(v)) })
        .from(users)
        .where(and(eq(users.id, id), alive))
        .for('update');
      if (!from) return undefined;
      const [row] = await tx
        .update(users)
        .set({
          vipDate: sql`greatest(${users.vipDate}, now()) + make_interval(months => ${months}::int)`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, id), alive))
        .returning();
      return row ? { row, startsAt: from.startsAt } : undefined;
    },
    async vipDates(ids: number[]): Promise<Map<number, Date | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, vipDate: users.vipDate }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.vipDate]));
    },
    /** Experience points go up by `xp`, atomically (coupon redemption). */
    async addXp(id: number, xp: number, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ xpValue: sql`${users.xpValue} + ${xp}::int`, updatedAt: new Date() })
        .where(and(eq(users.id, id), alive))
        .returning();
      return row;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
