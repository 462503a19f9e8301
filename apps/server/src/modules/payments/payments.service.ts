import type { PaymentMethod } from '@xr/contract/constants';
import type { Lang } from '@xr/contract/lang';
import type { Db, DbOrTx } from '../../db/client';
import type { PaymentNotification, PaymentProvider, SandboxSessionStore } from '../../lib/payments';
import { createPaymentsRepository, type PaymentTransactionRow } from './payments.repository';

export type { PaymentTransactionRow } from './payments.repository';

/** The sandbox gateway's session store, over the sandbox_sessions table. */
export function sandboxSessionStore(db: Db): SandboxSessionStore {
  const repo = createPaymentsRepository(db);
  return {
    put: (s) => repo.insertSandboxSession(s),
    async get(id) {
      const row = await repo.sandboxSession(id);
      return row && { ...row, method: row.method as PaymentMethod, lang: row.lang as Lang };
    },
  };
}

/**
 * Payment transactions as providers report them, and the configured provider. Recording is idempotent by
 * (provider, transaction id): the unique index decides which of several identical notifications acts.
 */
export function createPaymentsService({ db, provider }: { db: Db; provider: PaymentProvider }) {
  const repo = createPaymentsRepository(db);
  return {
    provider,

    /** Records a verified notification; false when the same transaction was recorded before (a repeat). */
    async record(providerName: string, n: PaymentNotification, orderId: number, tx: DbOrTx): Promise<boolean> {
      const row = await repo.insert(
        {
          orderId,
          provider: providerName,
          method: n.method,
          providerTxnId: n.txnId,
          amountCents: n.amountCents,
          currency: n.currency,
          status: n.status,
          raw: n.raw,
        },
        tx,
      );
      return !!row;
    },

    /** Transactions recorded for an order (support and tests). */
    byOrder: (orderId: number): Promise<PaymentTransactionRow[]> => repo.byOrder(orderId),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
