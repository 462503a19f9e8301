import type { Db, DbOrTx } from '../../db/client';
import { createWalletRepository, type LedgerRow } from './wallet.repository';

export type { LedgerRow } from './wallet.repository';

/** A seller's share of one sold item. */
export interface SaleCredit {
  sellerId: number;
  orderId: number;
  projectId: number;
  /** What the buyer paid for the item, in cents. */
  priceCents: number;
  orderNo: string;
}

/** The platform's commission on a price (rounded to the cent); the seller earns the rest. */
export const commissionOf = (priceCents: number, percent: number) => Math.round((priceCents * percent) / 100);

/**
 * The money ledger: every credit and debit of a user's cash balance in HKD cents. Sales are credited here
 * (price minus the platform commission) by the payment workflow; the cash and cash-out screens read it.
 */
export function createWalletService({ db, commissionPercent }: { db: Db; commissionPercent: number }) {
  const repo = createWalletRepository(db);
  return {
    commissionPercent,

    /**
     * Credits each seller's earning for sold items, once per order, project and seller whatever happens
     * (a unique index makes a repeat a no-op). Free items earn nothing and write nothing.
     */
    async creditSales(sales: SaleCredit[], tx: DbOrTx): Promise<LedgerRow[]> {
      const entries = sales
        .map((s) => ({ s, earning: s.priceCents - commissionOf(s.priceCents, commissionPercent) }))
        .filter(({ earning }) => earning > 0)
        .map(({ s, earning }) => ({
          userId: s.sellerId,
          kind: 'sale_earning',
          amountCents: earning,
          orderId: s.orderId,
          projectId: s.projectId,
          note: `${s.orderNo} (${commissionPercent}% commission on ${(s.priceCents / 100).toFixed(2)})`,
        }));
      return repo.insertEntries(entries, tx);
    },

    /** A user's cash balance in cents (sum of the ledger). */
    balanceOf: (userId: number) => repo.balanceOf(userId),

    /** Ledger entries written for an order (tests and support). */
    entriesOfOrder: (orderId: number) => repo.entriesOfOrder(orderId),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
