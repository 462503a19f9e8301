import { and, eq, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from './wallet.table';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** The only code that touches the ledger. */
export function createWalletRepository(db: DbOrTx) {
  return {
    /** Inserts entries; a sale already credited (same kind, order, project, user) is skipped. Answers what was new. */
    async insertEntries(values: (typeof ledgerEntries.$inferInsert)[], tx: DbOrTx): Promise<LedgerRow[]> {
      if (values.length === 0) return [];
      return tx.insert(ledgerEntries).values(values).onConflictDoNothing().returning();
    },
    async balanceOf(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sum(ledgerEntries.amountCents) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      return Number(row?.n ?? 0);
    },
    async entriesOfOrder(orderId: number): Promise<LedgerRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, orderId)));
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
