import type { Db, DbOrTx } from '../../db/client';
import type { AuditActor } from '../audit/audit.service';
import { createWalletRepository } from './wallet.repository';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HK_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Midnight of the Hong Kong day holding `at` (HK has no daylight saving). */
export const startOfHkDay = (at: Date) => new Date(Math.floor((at.getTime() + HK_OFFSET_MS) / DAY_MS) * DAY_MS - HK_OFFSET_MS);
/** `YYYY-MM-DD` (Hong Kong) -> the instant that day starts. */
export const hkDayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
export const hkDayAfter = (d: string) => new Date(hkDayStart(d).getTime() + DAY_MS);
/** `YYYY-MM-DD` of the Hong Kong day holding `at`, the daily-visit reference. */
export const hkDayKey = (at: Date) => new Date(at.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);

/** An administrator acting on the wallet (routes hand in the signed-in user). */
export interface WalletActor extends AuditActor {
  id: number;
  name?: string;
}

/** The settings every wallet service reads: the hold period of sale earnings and the clock. */
export interface LedgerOptions {
  db: Db;
  holdDays?: number;
  /** The clock (tests move it to release held earnings). */
  now?: () => Date;
}

/**
 * What the cash, cash-out and coins services share: the wallet's repository, the clock, the hold period (earnings
 * created at or after `releaseCutoff()` are still pending) and the per-user lock that every movement of one user's
 * money or coins takes first, so parallel requests are checked one after the other.
 */
export function createLedger(opts: LedgerOptions) {
  const { db } = opts;
  const holdDays = opts.holdDays ?? 7;
  const holdMs = holdDays * DAY_MS;
  const now = opts.now ?? (() => new Date());
  const repo = createWalletRepository(db);
  return {
    db,
    repo,
    now,
    holdDays,
    holdMs,
    /** Earnings created at or after this instant are still on hold. */
    releaseCutoff: () => new Date(now().getTime() - holdMs),
    /** One movement of a user's money or coins: the user's wallet row is locked first. */
    locked<T>(userId: number, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await repo.lockAccount(userId, tx);
        return run(tx);
      });
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
