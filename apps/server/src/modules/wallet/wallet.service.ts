import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { centsToHkd, formatHkd } from '@xr/contract/money';
import {
  type EarningsMonthly,
  type LedgerCsvQuery,
  type LedgerEntry,
  type LedgerKind,
  type LedgerQuery,
  ledgerCsvQuery,
  ledgerQuery,
  type PayoutMethodBody,
  payoutDisplay,
  payoutMethodBody,
  type WalletInfo,
} from '@xr/contract/wallet';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { AuditRecorder } from '../audit/audit.service';
import { createLedger, HK_OFFSET_MS, hkDayAfter, hkDayStart, type LedgerOptions, type WalletActor } from './wallet.ledger';
import type { LedgerRow } from './wallet.repository';

export type { WalletActor } from './wallet.ledger';
export type { LedgerRow } from './wallet.repository';

/** Most rows the CSV export writes. */
const CSV_MAX_ROWS = 50_000;

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

/** What the cash ledger needs: its settings, and the users and audit services it calls, passed in by the wiring. */
export interface WalletDeps extends LedgerOptions {
  commissionPercent: number;
  /** Shown with the balance (the cash-out service enforces it). */
  cashOutMinCents?: number;
  users?: { contacts(ids: number[]): Promise<Map<number, { name: string; email: string }>> };
  audit?: AuditRecorder;
}

/**
 * The cash wallet: a ledger of HKD cents per user (balance = sum of entries). Sales are credited by the payment
 * workflow and stay pending for `holdDays`; cash-outs (cash-out.service.ts) reserve their amount with a negative
 * entry, coin exchanges (coins.service.ts) spend from it. Here: the balance, the ledger's pages and CSV, monthly
 * earnings, an administrator's correction and the demo data.
 */
export function createWalletService(deps: WalletDeps) {
  const { commissionPercent, users, audit } = deps;
  const cashOutMinCents = deps.cashOutMinCents ?? 10_000;
  const { db, repo, now, holdDays, holdMs, releaseCutoff, locked } = createLedger(deps);

  function toEntry(r: LedgerRow, cutoff: Date): LedgerEntry {
    const earning = r.kind === 'sale_earning';
    return {
      id: r.id,
      kind: r.kind as LedgerKind,
      amount: centsToHkd(r.amountCents),
      note: r.note,
      project_id: r.projectId,
      cash_out_id: r.cashOutId,
      created_at: r.createdAt.toISOString(),
      release_at: earning ? new Date(r.createdAt.getTime() + holdMs).toISOString() : null,
      released: !earning || r.createdAt < cutoff,
    };
  }

  async function info(userId: number, tx: DbOrTx = db): Promise<WalletInfo> {
    const s = await repo.sums(userId, releaseCutoff(), tx);
    return {
      available: centsToHkd(s.available),
      pending: centsToHkd(s.pending),
      reserved: centsToHkd(s.reserved),
      next_release_at: s.nextReleaseCreatedAt ? new Date(s.nextReleaseCreatedAt.getTime() + holdMs).toISOString() : null,
      cash_out_min: centsToHkd(cashOutMinCents),
      hold_days: holdDays,
    };
  }

  function ledgerFilter(userId: number, q: { kind?: LedgerKind; date_from?: string; date_to?: string }) {
    return {
      userId,
      kind: q.kind,
      from: q.date_from ? hkDayStart(q.date_from) : undefined,
      to: q.date_to ? hkDayAfter(q.date_to) : undefined,
    };
  }

  return {
    commissionPercent,
    holdDays,

    /**
     * Credits each seller's earning for sold items, once per order, project and seller whatever happens
     * (a unique index makes a repeat a no-op). Free items earn nothing and write nothing.
     */
    async creditSales(sales: SaleCredit[], tx: DbOrTx): Promise<LedgerRow[]> {
      const at = now();
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
          createdAt: at,
        }));
      return repo.insertEntries(entries, tx);
    },

    /** A user's cash balance in cents (sum of the ledger: available plus pending). */
    balanceOf: (userId: number) => repo.balanceOf(userId),

    /** Ledger entries written for an order (tests and support). */
    entriesOfOrder: (orderId: number) => repo.entriesOfOrder(orderId),

    /** GET /wallet/wallet_info: available, pending (with the next release) and reserved, in HKD. */
    info: (userId: number) => info(userId),

    /** GET /wallet/ledger_page. */
    async ledgerPage(userId: number, query: LedgerQuery): Promise<Page<LedgerEntry>> {
      const q = ledgerQuery.parse(query);
      const { rows, total } = await repo.ledgerPage(ledgerFilter(userId, q), q.limit, (q.page - 1) * q.limit);
      const cutoff = releaseCutoff();
      return { list: rows.map((r) => toEntry(r, cutoff)), total, page: q.page, limit: q.limit };
    },

    /** GET /wallet/ledger_csv: the same filters as a CSV file (UTF-8 with BOM so spreadsheets read Chinese). */
    async ledgerCsv(userId: number, query: LedgerCsvQuery): Promise<string> {
      const q = ledgerCsvQuery.parse(query);
      const rows = await repo.ledgerAll(ledgerFilter(userId, q), CSV_MAX_ROWS);
      const cutoff = releaseCutoff();
      const cell = (v: string | number | null) => {
        const s = v === null ? '' : String(v);
        // quote everything; a leading = + - @ would be read as a formula by spreadsheets
        return `"${(/^[=+\-@]/.test(s) && typeof v === 'string' ? `'${s}` : s).replace(/"/g, '""')}"`;
      };
      const lines = [['id', 'created_at', 'kind', 'amount_hkd', 'status', 'release_at', 'project_id', 'note'].join(',')];
      for (const r of rows) {
        const e = toEntry(r, cutoff);
        lines.push(
          [
            e.id,
            e.created_at,
            e.kind,
            formatHkd(e.amount),
            e.released ? 'available' : 'pending',
            e.release_at,
            e.project_id,
            e.note,
          ]
            .map((v, i) => (i === 3 || i === 0 ? String(v) : cell(v)))
            .join(','),
        );
      }
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    },

    /** GET /wallet/earnings_monthly: the last 12 Hong Kong months of sale earnings, oldest first, zeros included. */
    async earningsMonthly(userId: number): Promise<EarningsMonthly> {
      const hk = new Date(now().getTime() + HK_OFFSET_MS);
      const months: string[] = [];
      for (let i = 11; i >= 0; i--) {
        const d = new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth() - i, 1));
        months.push(d.toISOString().slice(0, 7));
      }
      const from = new Date(`${months[0]}-01T00:00:00+08:00`);
      const sums = await repo.earningsByMonth(userId, from);
      return months.map((month) => ({ month, amount: centsToHkd(sums.get(month) ?? 0) }));
    },

    /**
     * An administrator's correction of a user's cash (positive or negative cents) with a reason, audited. A debit may
     * not take the available balance below zero.
     */
    async adjust(actor: WalletActor, userId: number, cents: number, reason: string): Promise<LedgerEntry> {
      if (users && !(await users.contacts([userId])).has(userId)) throw notFound();
      return locked(userId, async (tx) => {
        const sums = await repo.sums(userId, releaseCutoff(), tx);
        if (cents < 0 && sums.available + cents < 0) {
          throw new AppError(ErrorCode.CASH_INSUFFICIENT, {
            field: 'amount',
            params: { available: formatHkd(centsToHkd(sums.available)) },
          });
        }
        const [row] = await repo.insertEntries(
          [{ userId, kind: 'adjustment', amountCents: cents, note: reason, createdAt: now() }],
          tx,
        );
        await audit?.record(tx, {
          actor,
          action: 'wallet.adjust',
          target: { type: 'wallet', id: userId },
          after: { amount: formatHkd(centsToHkd(cents)), reason },
        });
        return toEntry(row as LedgerRow, releaseCutoff());
      });
    },

    /**
     * Demo data (@xr/demo-content/wallet): back-dated sale earnings (so some are released and some still pending),
     * a payout method and a coin grant, in one transaction; nothing when the account has a payout method already.
     */
    async seedDemo(
      userId: number,
      demo: { earnings: { cents: number; at: Date; note: string }[]; method?: PayoutMethodBody; coins?: number },
    ): Promise<boolean> {
      return locked(userId, async (tx) => {
        if ((await repo.countMethods(userId, tx)) > 0) return false;
        await repo.insertEntries(
          demo.earnings.map((e) => ({ userId, kind: 'sale_earning', amountCents: e.cents, note: e.note, createdAt: e.at })),
          tx,
        );
        if (demo.method) {
          const details = payoutMethodBody.parse(demo.method);
          const { type, ...fields } = details;
          await repo.insertMethod(
            { userId, type, details: fields as Record<string, string>, display: payoutDisplay(details) },
            tx,
          );
        }
        if (demo.coins) {
          await repo.insertCoinEntry(
            { userId, amount: demo.coins, kind: 'award', note: 'Demo welcome coins', createdAt: now() },
            tx,
          );
        }
        return true;
      });
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
