import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { systemMessages } from './messages.table';

export type SystemMessageRow = typeof systemMessages.$inferSelect;

/** The only code that touches the system messages table. */
export function createMessagesRepository(db: Db) {
  return {
    async insert(values: typeof systemMessages.$inferInsert, tx: DbOrTx = db): Promise<void> {
      await tx.insert(systemMessages).values(values);
    },
    async insertMany(values: (typeof systemMessages.$inferInsert)[], tx: DbOrTx = db): Promise<void> {
      if (values.length > 0) await tx.insert(systemMessages).values(values);
    },
    async page(userId: number, unreadOnly: boolean, limit: number, offset: number) {
      const mine = eq(systemMessages.userId, userId);
      const unread = and(mine, isNull(systemMessages.readAt));
      const where = unreadOnly ? unread : mine;
      const [rows, [total], [unreadCount]] = await Promise.all([
        db.select().from(systemMessages).where(where).orderBy(desc(systemMessages.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(systemMessages).where(where),
        db.select({ n: count() }).from(systemMessages).where(unread),
      ]);
      return { rows, total: total?.n ?? 0, unread: unreadCount?.n ?? 0 };
    },
    /** Marks one message (or, without id, all) of the user read; answers how many changed. */
    async markRead(userId: number, id?: number): Promise<number> {
      const rows = await db
        .update(systemMessages)
        .set({ readAt: new Date() })
        .where(and(eq(systemMessages.userId, userId), isNull(systemMessages.readAt), id ? eq(systemMessages.id, id) : undefined))
        .returning({ id: systemMessages.id });
      return rows.length;
    },
    async exists(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: systemMessages.id })
        .from(systemMessages)
        .where(and(eq(systemMessages.userId, userId), eq(systemMessages.id, id)));
      return !!row;
    },
  };
}
