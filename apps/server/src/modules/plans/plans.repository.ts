import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { combos, planPurchases } from './plans.table';

export type ComboRow = typeof combos.$inferSelect;
export type NewComboRow = typeof combos.$inferInsert;
export type PlanPurchaseRow = typeof planPurchases.$inferSelect;

export interface ComboFilter {
  level?: ComboRow['level'];
  period?: ComboRow['period'];
  enabled?: boolean;
}

/** The only code that touches the plans and plan purchases tables. */
export function createPlansRepository(db: Db) {
  return {
    /** Inserts the seed rows when the table is empty (a plan an admin deleted does not come back at the next start). */
    async seed(rows: NewComboRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const [existing] = await db.select({ n: count() }).from(combos);
      if (Number(existing?.n ?? 0) > 0) return 0;
      const inserted = await db.insert(combos).values(rows).onConflictDoNothing().returning({ id: combos.id });
      return inserted.length;
    },
    async active(): Promise<ComboRow[]> {
      return db.select().from(combos).where(eq(combos.enabled, true)).orderBy(asc(combos.sort), asc(combos.id));
    },
    async page(f: ComboFilter, limit: number, offset: number) {
      const where = and(
        f.level ? eq(combos.level, f.level) : undefined,
        f.period ? eq(combos.period, f.period) : undefined,
        f.enabled !== undefined ? eq(combos.enabled, f.enabled) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(combos).where(where).orderBy(asc(combos.sort), asc(combos.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(combos).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async byId(id: number, tx: DbOrTx = db): Promise<ComboRow | undefined> {
      const [row] = await tx.select().from(combos).where(eq(combos.id, id));
      return row;
    },
    async byIds(ids: number[], tx: DbOrTx = db): Promise<ComboRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(combos).where(inArray(combos.id, ids));
    },
    /** The row locked for the rest of the transaction (a delete and a purchase of one plan run one at a time). */
    async lock(id: number, tx: DbOrTx): Promise<ComboRow | undefined> {
      const [row] = await tx.select().from(combos).where(eq(combos.id, id)).for('update');
      return row;
    },
    async insert(values: NewComboRow, tx: DbOrTx = db): Promise<ComboRow> {
      const [row] = await tx.insert(combos).values(values).returning();
      if (!row) throw new Error('combo insert returned nothing');
      return row;
    },
    async update(id: number, values: Partial<NewComboRow>, tx: DbOrTx = db): Promise<ComboRow | undefined> {
      const [row] = await tx
        .update(combos)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(combos.id, id))
        .returning();
      return row;
    },
    async delete(id: number, tx: DbOrTx): Promise<boolean> {
      const rows = await tx.delete(combos).where(eq(combos.id, id)).returning({ id: combos.id });
      return rows.length > 0;
    },
    /** Purchases per plan. */
    async soldCounts(ids: number[], tx: DbOrTx = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ comboId: planPurchases.comboId, n: count() })
        .from(planPurchases)
        .where(inArray(planPurchases.comboId, ids))
        .groupBy(planPurchases.comboId);
      return new Map(rows.map((r) => [r.comboId, Number(r.n)]));
    },

    /** Records a purchase; undefined when this order was recorded before (exactly once per order). */
    async insertPurchase(values: typeof planPurchases.$inferInsert, tx: DbOrTx): Promise<PlanPurchaseRow | undefined> {
      const [row] = await tx.insert(planPurchases).values(values).onConflictDoNothing().returning();
      return row;
    },
    async setPurchaseSpan(id: number, startsAt: Date, endsAt: Date, tx: DbOrTx): Promise<void> {
      await tx.update(planPurchases).set({ startsAt, endsAt }).where(eq(planPurchases.id, id));
    },
    /** The latest purchase of each of these users. */
    async latestPurchases(userIds: number[], tx: DbOrTx = db): Promise<Map<number, PlanPurchaseRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .selectDistinctOn([planPurchases.userId])
        .from(planPurchases)
        .where(inArray(planPurchases.userId, userIds))
        .orderBy(planPurchases.userId, desc(planPurchases.id));
      return new Map(rows.map((r) => [r.userId, r]));
    },
    async hasPurchased(userId: number, comboId: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: planPurchases.id })
        .from(planPurchases)
        .where(and(eq(planPurchases.userId, userId), eq(planPurchases.comboId, comboId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
