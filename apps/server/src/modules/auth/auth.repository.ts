import { and, desc, eq, getTableColumns, gt, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailCodes, oidcStates, sessions } from './auth.table';

export type SessionRow = typeof sessions.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type OidcStateRow = typeof oidcStates.$inferSelect;
/** Why a session ended; each maps to its own reply code (see contract errors.ts). */
export type RevokeReason = 'logout' | 'password_changed' | 'admin';
export type CodePurpose = 'register' | 'reset' | 'activate';

/** SQL of a value about the session's user, given the outer column (another module's, e.g. the account's state). */
export type UserSql = (userIdRef: string) => SQL;
/** A session with the two values about its user that `sessionWithUser` embeds. */
export type SessionWithUserRow = SessionRow & { account: unknown; access: unknown };
type SessionWithUserQuery = { execute(p: Record<string, unknown>): Promise<SessionWithUserRow[]> };

/** The only code that touches sessions, email_codes and oidc_states. */
export function createAuthRepository(db: DbOrTx) {
  let sessionWithUserQuery: SessionWithUserQuery | undefined;
  return {
    /**
     * The session of a token hash with its user's account state and access (`account`, `access`: the users and
     * rbac modules' SQL) in one prepared statement: the guard's whole lookup when the session is not cached.
     */
    async sessionWithUser(tokenHash: string, account: UserSql, access: UserSql): Promise<SessionWithUserRow | undefined> {
      sessionWithUserQuery ??= db
        .select({
          ...getTableColumns(sessions),
          account: sql<unknown>`${account('"sessions"."user_id"')}`,
          access: sql<unknown>`${access('"sessions"."user_id"')}`,
        })
        .from(sessions)
        .where(eq(sessions.tokenHash, sql.placeholder('hash')))
        .prepare('auth_session_user');
      const [row] = await sessionWithUserQuery.execute({ hash: tokenHash });
      return row;
    },
    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    /** True when the user opened a session from this address within `days` days (the owner's own device). */
    async signedInFrom(userId: number, ip: string, days: number): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, new Date(Date.now() - days * 86_400_000))),
        )
        .limit(1);
      return !!row;
    },
    async sessionByHash(tokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
      return row;
    },
    async touchSession(id: number, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    /** Moves a session's timestamps (tests of idle and absolute expiry). */
    async setSessionTimes(id: number, values: { lastSeenAt?: Date; expiresAt?: Date; createdAt?: Date }): Promise<void> {
      await db.update(sessions).set(values).where(eq(sessions.id, id));
    },
    async revokeSession(id: number, reason: RevokeReason): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    /** Ends every live session of a user, except `keepId` when given. */
    async revokeUserSessions(userId: number, reason: RevokeReason, keepId?: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            keepId === undefined ? undefined : ne(sessions.id, keepId),
          ),
        );
    },

    /** Stores a new code and retires the unused earlier ones of the same email and purpose. */
    async replaceCode(values: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }): Promise<void> {
      await db
        .update(emailCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(emailCodes.email, values.email), eq(emailCodes.purpose, values.purpose), isNull(emailCodes.consumedAt)));
      await db.insert(emailCodes).values(values);
    },
    /** The newest unused, unexpired code of an email and purpose. */
    async liveCode(email: string, purpose: CodePurpose): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.email, email),
            eq(emailCodes.purpose, purpose),
            isNull(emailCodes.consumedAt),
            gt(emailCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(emailCodes.id))
        .limit(1);
      return row;
    },
    async codeByHash(codeHash: string, purpose: CodePurpose): Promise<EmailCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.codeHash, codeHash),
            eq(emailCodes.purpose, purpose),
            isNull(emailCodes.consumedAt),
            gt(emailCodes.expiresAt, new Date()),
          ),
        );
      return row;
    },
    async countAttempt(id: number, attempts: number): Promise<void> {
      await db.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, id));
    },
    /** Marks a code used; false when it already was (so a code works once even under concurrent requests). */
    async consumeCode(id: number): Promise<boolean> {
      const rows = await db
        .update(emailCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
        .returning({ id: emailCodes.id });
      return rows.length > 0;
    },

    async insertOidcState(values: typeof oidcStates.$inferInsert): Promise<void> {
      await db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(Date.now() - 15 * 60_000)));
      await db.insert(oidcStates).values(values);
    },
    /** Takes (reads and deletes) a sign-in attempt, so each state is used once. */
    async takeOidcState(state: string): Promise<OidcStateRow | undefined> {
      const [row] = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
      return row;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
