import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { messagePushes } from './station.table';

export type PushRow = typeof messagePushes.$inferSelect;

/** The only code that touches the pushed messages' table. */
export function createStationRepository(db: Db) {
  return {
    async insert(values: typeof messagePushes.$inferInsert, tx: DbOrTx = db): Promise<PushRow> {
      const [row] = await tx.insert(messagePushes).values(values).returning();
      if (!row) throw new Error('push insert returned nothing');
      return row;
    },
    async byId(id: number): Promise<PushRow | undefined> {
      const [row] = await db.select().from(messagePushes).where(eq(messagePushes.id, id));
      return row;
    },
    /** Adds delivered recipients (and marks the push sent when all are), in the delivery's transaction. */
    async delivered(tx: DbOrTx, id: number, n: number): Promise<void> {
      await tx
        .update(messagePushes)
        .set({
          delivered: sql`${messagePushes.delivered} + ${n}`,
          status: sql`case when ${messagePushes.delivered} + ${n} >= ${messagePushes.recipients} then 'sent' else 'sending' end`,
        })
        .where(eq(messagePushes.id, id));
    },
    async page(senderId: number | undefined, limit: number, offset: number) {
      const where = senderId === undefined ? undefined : eq(messagePushes.senderId, senderId);
      const [rows, [total]] = await Promise.all([
        db.select().from(messagePushes).where(where).orderBy(desc(messagePushes.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(messagePushes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
