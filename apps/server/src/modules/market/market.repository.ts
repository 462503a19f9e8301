import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scores } from './market.table';

export type ScoreRow = typeof scores.$inferSelect;

/** Namespace of the per-user scoring lock (the second key is the user id). */
const SCORE_LOCK = 727302;

/** The only code that touches the scores table. */
export function createMarketRepository(db: DbOrTx) {
  return {
    /** Serializes one user's scoring until the transaction ends, so the project totals move once per change. */
    async lockScorer(userId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCORE_LOCK}, ${userId})`);
    },
    async scoreOf(userId: number, projectId: number, tx: DbOrTx = db): Promise<ScoreRow | undefined> {
      const [row] = await tx
        .select()
        .from(scores)
        .where(and(eq(scores.userId, userId), eq(scores.projectId, projectId)));
      return row;
    },
    async insertScore(values: typeof scores.$inferInsert, tx: DbOrTx): Promise<ScoreRow> {
      const [row] = await tx.insert(scores).values(values).returning();
      if (!row) throw new Error('score insert returned nothing');
      return row;
    },
    async updateScore(id: number, score: number, content: string, tx: DbOrTx): Promise<ScoreRow | undefined> {
      const [row] = await tx.update(scores).set({ score, content, updatedAt: new Date() }).where(eq(scores.id, id)).returning();
      return row;
    },
    /** Reviews of a project, latest change first. */
    async page(projectId: number, limit: number, offset: number): Promise<{ rows: ScoreRow[]; total: number }> {
      const where = eq(scores.projectId, projectId);
      const [rows, [total]] = await Promise.all([
        db.select().from(scores).where(where).orderBy(desc(scores.updatedAt), desc(scores.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(scores).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type MarketRepository = ReturnType<typeof createMarketRepository>;
