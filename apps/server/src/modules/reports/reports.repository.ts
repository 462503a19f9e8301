import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reports } from './reports.table';

export type ReportRow = typeof reports.$inferSelect;
export type ReportStatus = ReportRow['status'];
export type ReportTargetType = ReportRow['targetType'];

/** The only code that touches the reports table. */
export function createReportsRepository(db: DbOrTx) {
  return {
    /** Files a report, or updates the reporter's open report on the same target. */
    async upsertOpen(values: {
      targetType: ReportTargetType;
      targetId: number;
      userId: number;
      reason: ReportRow['reason'];
      content: string;
    }): Promise<ReportRow> {
      const [row] = await db
        .insert(reports)
        .values({ ...values, projectId: values.targetType === 'project' ? values.targetId : null })
        .onConflictDoUpdate({
          target: [reports.targetType, reports.targetId, reports.userId],
          targetWhere: eq(reports.status, 'open'),
          set: { reason: values.reason, content: values.content, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('report upsert returned nothing');
      return row;
    },
    async byId(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },
    /** Open reports oldest first (a queue); decided ones newest first. */
    async page(f: { status?: ReportStatus; targetType?: ReportTargetType }, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (f.status) conds.push(eq(reports.status, f.status));
      if (f.targetType) conds.push(eq(reports.targetType, f.targetType));
      const where = conds.length ? and(...conds) : undefined;
      const order = f.status === 'open' ? asc(reports.id) : desc(reports.id);
      const [rows, [total]] = await Promise.all([
        db.select().from(reports).where(where).orderBy(order).limit(limit).offset(offset),
        db.select({ n: count() }).from(reports).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Closes an open report; undefined when it was decided already (the decision happens once). */
    async decide(
      tx: DbOrTx,
      id: number,
      d: { status: 'resolved' | 'dismissed'; action: ReportRow['action']; note: string; handledBy: number; handlerName: string },
    ): Promise<ReportRow | undefined> {
      const [row] = await tx
        .update(reports)
        .set({ ...d, handledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(reports.id, id), eq(reports.status, 'open')))
        .returning();
      return row;
    },
    /** Puts a report back in the queue (its action could not be carried out). */
    async reopen(id: number): Promise<void> {
      await db
        .update(reports)
        .set({ status: 'open', action: null, note: '', handledBy: null, handlerName: '', handledAt: null })
        .where(eq(reports.id, id));
    },
  };
}
