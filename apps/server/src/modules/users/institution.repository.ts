import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { institutionApplications as apps } from './institution.table';
import { users } from './users.table';

export type InstitutionRow = typeof apps.$inferSelect;
export type InstitutionState = InstitutionRow['state'];

/** An application with its applicant's names, for the admin list. */
export interface InstitutionListRow extends InstitutionRow {
  username: string;
  email: string;
  forumName: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only code that touches the organisation applications' table. */
export function createInstitutionRepository(db: Db) {
  return {
    async insert(values: typeof apps.$inferInsert, tx: DbOrTx = db): Promise<InstitutionRow> {
      const [row] = await tx.insert(apps).values(values).returning();
      if (!row) throw new Error('application insert returned nothing');
      return row;
    },
    /** The account's newest application. */
    async latestOf(userId: number, tx: DbOrTx = db): Promise<InstitutionRow | undefined> {
      const [row] = await tx.select().from(apps).where(eq(apps.userId, userId)).orderBy(desc(apps.id)).limit(1);
      return row;
    },
    /**
     * Decides a pending application; undefined when it was not pending any more (another administrator, a second
     * click): the conditional update makes the decision happen once.
     */
    async decide(
      tx: DbOrTx,
      id: number,
      d: { state: 'approved' | 'rejected'; reason: string; deciderId: number; deciderName: string },
    ): Promise<InstitutionRow | undefined> {
      const [row] = await tx
        .update(apps)
        .set({ ...d, decidedAt: new Date() })
        .where(and(eq(apps.id, id), eq(apps.state, 'pending')))
        .returning();
      return row;
    },
    async byId(id: number): Promise<InstitutionRow | undefined> {
      const [row] = await db.select().from(apps).where(eq(apps.id, id));
      return row;
    },
    /** Pending applications oldest first (a queue); decided ones newest first. */
    async page(f: { state?: InstitutionState; keyword?: string }, limit: number, offset: number) {
      const conds: SQL[] = [sql`${users.deletedAt} is null`];
      if (f.state) conds.push(eq(apps.state, f.state));
      if (f.keyword) {
        const like = `%${escapeLike(f.keyword)}%`;
        const match = or(ilike(users.username, like), ilike(users.email, like), ilike(users.forumName, like));
        if (match) conds.push(match);
      }
      const where = and(...conds);
      const order = f.state === 'pending' ? [asc(apps.id)] : [desc(apps.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ app: apps, username: users.username, email: users.email, forumName: users.forumName })
          .from(apps)
          .innerJoin(users, eq(users.id, apps.userId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(apps).innerJoin(users, eq(users.id, apps.userId)).where(where),
      ]);
      return {
        rows: rows.map((r): InstitutionListRow => ({ ...r.app, username: r.username, email: r.email, forumName: r.forumName })),
        total: total?.n ?? 0,
      };
    },
  };
}
