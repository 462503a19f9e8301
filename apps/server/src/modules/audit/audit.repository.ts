import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countUpTo } from '../../lib/capped-count';
import { auditLog } from './audit.table';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: number;
  /** Exact name, ignoring case. */
  actorName?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  until?: Date;
}

function whereOf(f: AuditFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actorId !== undefined) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.actorName !== undefined) parts.push(sql`lower(${auditLog.actorName}) = ${f.actorName.toLowerCase()}`);
  if (f.action !== undefined) parts.push(eq(auditLog.action, f.action));
  if (f.targetType !== undefined) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId !== undefined) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.until) parts.push(lt(auditLog.createdAt, f.until));
  return and(...parts);
}

/** The only code that touches the audit table. There is no update: entries are written once. */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(values: NewAuditRow, tx: DbOrTx = db): Promise<void> {
      await tx.insert(auditLog).values(values);
    },

    /**
     * Newest first; ties (same instant) by id. A deferred join: the page's ids come from an index-only walk of the
     * filter's index (every filter index ends in created_at, id), and only those rows are read from the table, so a
     * deep page skips index entries, not ten thousand table rows.
     */
    async page(f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
      const ids = db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(whereOf(f))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return db.select().from(auditLog).where(inArray(auditLog.id, ids)).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    },

    /** How many entries match, counting at most `cap + 1` rows (an index-only walk of a bounded range). */
    async countUpTo(f: AuditFilter, cap: number): Promise<number> {
      return countUpTo(db, db.select({ one: sql`1` }).from(auditLog).where(whereOf(f)).$dynamic(), cap);
    },

    /** Deletes up to `batch` entries older than `cutoff`; answers how many went. */
    async deleteOlderThan(cutoff: Date, batch: number, tx: DbOrTx = db): Promise<number> {
      const victims = tx.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.createdAt, cutoff)).limit(batch);
      const rows = await tx.delete(auditLog).where(inArray(auditLog.id, victims)).returning({ id: auditLog.id });
      return rows.length;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
