import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reports } from './reports.table';

export type ReportRow = typeof reports.$inferSelect;

/** The only code that touches the reports table. */
export function createReportsRepository(db: DbOrTx) {
  return {
    /** Files a report, or updates the reporter's open report on the same project. */
    async upsertOpen(values: {
      projectId: number;
      userId: number;
      reason: ReportRow['reason'];
      content: string;
    }): Promise<ReportRow> {
      const [row] = await db
        .insert(reports)
        .values(values)
        .onConflictDoUpdate({
          target: [reports.projectId, reports.userId],
          targetWhere: eq(reports.status, 'open'),
          set: { reason: values.reason, content: values.content, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('report upsert returned nothing');
      return row;
    },
  };
}
