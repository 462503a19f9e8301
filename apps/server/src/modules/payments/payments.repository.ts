import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentTransactions, sandboxSessions } from './payments.table';

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;

/** The only code that touches payment_transactions and sandbox_sessions. */
export function createPaymentsRepository(db: DbOrTx) {
  return {
    /** Records a provider transaction; undefined when this provider's transaction id was recorded before. */
    async insert(values: typeof paymentTransactions.$inferInsert, tx: DbOrTx): Promise<PaymentTransactionRow | undefined> {
      const [row] = await tx.insert(paymentTransactions).values(values).onConflictDoNothing().returning();
      return row;
    },
    async byOrder(orderId: number): Promise<PaymentTransactionRow[]> {
      return db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
    },
    async insertSandboxSession(values: typeof sandboxSessions.$inferInsert): Promise<void> {
      await db.insert(sandboxSessions).values(values);
    },
    async sandboxSession(id: string): Promise<SandboxSessionRow | undefined> {
      const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
      return row;
    },
  };
}
