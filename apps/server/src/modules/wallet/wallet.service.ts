import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { centsToHkd, formatHkd, hkdToCents } from '@xr/contract/money';
import {
  type AdminCashOutPage,
  type AdminCashOutQuery,
  type AdminCashOutRequest,
  adminCashOutQuery,
  type CashOutDecideBody,
  type CashOutDetails,
  type CashOutRequest,
  type CashOutState,
  COIN_RULES,
  type CoinEntry,
  type CoinExchange,
  type CoinExchangeBody,
  type CoinExchangeKind,
  type CoinExchangeReply,
  type CoinInfoPage,
  type CoinRule,
  type CoinRuleRow,
  type CoinRuleUpdateBody,
  type CoinsPage,
  cashOutDecideBody,
  coinExchangeBody,
  type EarningsMonthly,
  type LedgerCsvQuery,
  type LedgerEntry,
  type LedgerKind,
  type LedgerQuery,
  ledgerCsvQuery,
  ledgerQuery,
  type MyCashOutQuery,
  myCashOutQuery,
  PAYOUT_METHODS_MAX,
  type PayoutMethod,
  type PayoutMethodBody,
  type PayoutMethodType,
  payoutDisplay,
  payoutMethodBody,
  type WalletInfo,
} from '@xr/contract/wallet';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { AuditActor, AuditRecorder } from '../audit/audit.service';
import {
  type CashOutFilter,
  type CashOutRow,
  type CoinExchangeRow,
  createWalletRepository,
  type LedgerRow,
  type PayoutMethodRow,
} from './wallet.repository';

export type { LedgerRow } from './wallet.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Most rows the CSV export writes. */
const CSV_MAX_ROWS = 50_000;
/** Sales the cash-out details show. */
const DETAIL_SALES = 200;

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

/** Default earning rules (admins change them through /wallet/coin_rule_update). */
export const DEFAULT_COIN_RULES: Record<CoinRule, { amount: number; dailyCap: number; totalCap: number }> = {
  invite_registration: { amount: 50, dailyCap: 10, totalCap: 0 },
  first_publish: { amount: 100, dailyCap: 0, totalCap: 1 },
  purchase_review: { amount: 10, dailyCap: 5, totalCap: 0 },
  daily_visit: { amount: 5, dailyCap: 1, totalCap: 0 },
};

/** Midnight of the Hong Kong day holding `at` (HK has no daylight saving). */
export const startOfHkDay = (at: Date) => new Date(Math.floor((at.getTime() + HK_OFFSET_MS) / DAY_MS) * DAY_MS - HK_OFFSET_MS);
/** `YYYY-MM-DD` (Hong Kong) -> the instant that day starts. */
const hkDayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);
const hkDayAfter = (d: string) => new Date(hkDayStart(d).getTime() + DAY_MS);
/** `YYYY-MM-DD` of the Hong Kong day holding `at`, the daily-visit reference. */
const hkDayKey = (at: Date) => new Date(at.getTime() + HK_OFFSET_MS).toISOString().slice(0, 10);

/** What the services the wallet calls need to offer (users, codes, messages), passed in by app.ts. */
export interface WalletDeps {
  db: Db;
  commissionPercent: number;
  holdDays?: number;
  cashOutMinCents?: number;
  coinsPerHkd?: number;
  coinsPerMembershipDay?: number;
  exchangeDailyLimit?: number;
  /** The clock (tests move it to release held earnings). */
  now?: () => Date;
  users?: {
    contacts(ids: number[]): Promise<Map<number, { name: string; email: string }>>;
    extendMembership(userId: number, days: number, tx: DbOrTx): Promise<unknown>;
  };
  codes?: { issueCoupon(input: { value: number; note: string; createdBy: number }, tx: DbOrTx): Promise<string> };
  messages?: { send(userId: number, type: string, params: Record<string, string | number>, tx?: DbOrTx): Promise<void> };
  audit?: AuditRecorder;
}

/** An administrator acting on the wallet (routes hand in the signed-in user). */
export interface WalletActor extends AuditActor {
  id: number;
  name?: string;
}

/**
 * The cash wallet and coins. Cash is a ledger of HKD cents per user (balance = sum of entries): sales are
 * credited by the payment workflow and stay pending for `holdDays`; cash-outs reserve their amount at once (a negative
 * entry) under a per-user row lock, so parallel requests never overdraw; an administrator pays (reference) or rejects
 * (reason; the reservation returns) each request exactly once. Coins are a second ledger: awarded by rules (idempotent
 * per rule and reference, with caps) and spent by exchanges (one per idempotency key, a daily limit).
 */
export function createWalletService(deps: WalletDeps) {
  const { db, commissionPercent, users, codes, messages, audit } = deps;
  const holdDays = deps.holdDays ?? 7;
  const cashOutMinCents = deps.cashOutMinCents ?? 10_000;
  const coinsPerHkd = deps.coinsPerHkd ?? 10;
  const coinsPerDay = deps.coinsPerMembershipDay ?? 100;
  const dailyLimit = deps.exchangeDailyLimit ?? 5;
  const now = deps.now ?? (() => new Date());
  const repo = createWalletRepository(db);
  const holdMs = holdDays * DAY_MS;
  /** Accounts whose daily visit this process recorded today (see awardDailyVisit). */
  const visited = { day: '', users: new Set<number>() };

  /** Earnings created at or after this instant are still on hold. */
  const releaseCutoff = () => new Date(now().getTime() - holdMs);

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

  function toRequest(r: CashOutRow): CashOutRequest {
    return {
      id: r.id,
      amount: centsToHkd(r.amountCents),
      state: r.state as CashOutState,
      reason: r.reason,
      reference: r.reference,
      method: { type: r.methodType as PayoutMethodType, display: r.methodDisplay },
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    };
  }

  async function toAdminRequests(rows: CashOutRow[]): Promise<AdminCashOutRequest[]> {
    const who = (await users?.contacts(rows.map((r) => r.userId))) ?? new Map<number, { name: string; email: string }>();
    return rows.map((r) => ({
      ...toRequest(r),
      user: { id: r.userId, name: who.get(r.userId)?.name ?? '', email: who.get(r.userId)?.email ?? '' },
      decider: r.deciderName,
    }));
  }

  const toMethod = (r: PayoutMethodRow): PayoutMethod => ({
    id: r.id,
    type: r.type as PayoutMethodType,
    display: r.display,
    created_at: r.createdAt.toISOString(),
  });

  const toExchange = (r: CoinExchangeRow): CoinExchange => ({
    id: r.id,
    kind: r.kind as CoinExchangeKind,
    quantity: r.kind === 'cash_to_coins' ? centsToHkd(r.cashCents) : r.days,
    coins: r.coins,
    coupon_cdk: r.couponCdk,
    created_at: r.createdAt.toISOString(),
  });

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

  /** One movement of a user's money or coins: the user's wallet row is locked first. */
  function locked<T>(userId: number, run: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await repo.lockAccount(userId, tx);
      return run(tx);
    });
  }

  async function coinBalanceOf(userId: number, tx: DbOrTx = db) {
    return repo.coinBalance(userId, tx);
  }

  const ruleOut = (r: { rule: string; amount: number; dailyCap: number; totalCap: number; enabled: boolean }): CoinRuleRow => ({
    rule: r.rule as CoinRule,
    amount: r.amount,
    daily_cap: r.dailyCap,
    total_cap: r.totalCap,
    enabled: r.enabled,
  });

  async function award(tx: DbOrTx | undefined, userId: number, rule: CoinRule, ref: string | number): Promise<number> {
    const run = async (t: DbOrTx) => {
      await repo.lockAccount(userId, t);
      const r = await repo.ruleOf(rule, t);
      if (!r?.enabled || r.amount <= 0) return 0;
      const counts = await repo.awardCounts(userId, rule, startOfHkDay(now()), t);
      if (r.totalCap > 0 && counts.total >= r.totalCap) return 0;
      if (r.dailyCap > 0 && counts.today >= r.dailyCap) return 0;
      const inserted = await repo.insertAward(
        { userId, amount: r.amount, kind: 'award', rule, ref: String(ref), createdAt: now() },
        t,
      );
      return inserted ? r.amount : 0;
    };
    return tx ? run(tx) : db.transaction(run);
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

    // --- Payout methods ---

    async methods(userId: number): Promise<PayoutMethod[]> {
      return (await repo.methodsOf(userId)).map(toMethod);
    },

    /** Saves a payout method (validated by the contract); at most PAYOUT_METHODS_MAX per account. */
    async addMethod(userId: number, body: PayoutMethodBody): Promise<PayoutMethod> {
      const details = payoutMethodBody.parse(body);
      const { type, ...fields } = details;
      return locked(userId, async (tx) => {
        if ((await repo.countMethods(userId, tx)) >= PAYOUT_METHODS_MAX) {
          throw new AppError(ErrorCode.PAYOUT_METHODS_FULL, { params: { max: PAYOUT_METHODS_MAX } });
        }
        const row = await repo.insertMethod(
          { userId, type, details: fields as Record<string, string>, display: payoutDisplay(details) },
          tx,
        );
        return toMethod(row);
      });
    },

    /** Deletes one of my payout methods (requests made with it keep their copy); someone else's is "not found". */
    async deleteMethod(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteMethod(userId, id))) throw notFound();
    },

    // --- Cash-out ---

    /**
     * POST /wallet/cash_out: reserves the amount at once (a negative `cash_out` entry) with the request, in one
     * transaction under the user's wallet lock, so concurrent requests are checked one after the other against
     * what is still available.
     */
    async requestCashOut(userId: number, body: { amount: number; method_id: number }): Promise<CashOutRequest> {
      const cents = hkdToCents(body.amount);
      if (cents < cashOutMinCents) {
        throw new AppError(ErrorCode.CASH_OUT_BELOW_MINIMUM, {
          field: 'amount',
          params: { min: formatHkd(centsToHkd(cashOutMinCents)) },
        });
      }
      return locked(userId, async (tx) => {
        const method = await repo.methodById(userId, body.method_id, tx);
        if (!method) throw new AppError(ErrorCode.NOT_FOUND, { field: 'method_id' });
        const sums = await repo.sums(userId, releaseCutoff(), tx);
        if (cents > sums.available) {
          throw new AppError(ErrorCode.CASH_OUT_OVER_AVAILABLE, {
            field: 'amount',
            params: { available: formatHkd(centsToHkd(Math.max(0, sums.available))) },
          });
        }
        const row = await repo.insertCashOut(
          {
            userId,
            amountCents: cents,
            methodType: method.type,
            methodDetails: method.details,
            methodDisplay: method.display,
            createdAt: now(),
          },
          tx,
        );
        await repo.insertEntries(
          [
            {
              userId,
              kind: 'cash_out',
              amountCents: -cents,
              cashOutId: row.id,
              note: `#${row.id} ${method.display}`,
              createdAt: now(),
            },
          ],
          tx,
        );
        return toRequest(row);
      });
    },

    /** GET /wallet/cash_out_page: my requests with state and reason. */
    async myCashOuts(userId: number, query: MyCashOutQuery): Promise<Page<CashOutRequest>> {
      const q = myCashOutQuery.parse(query);
      const { rows, total } = await repo.myCashOutPage(userId, q.state, q.limit, (q.page - 1) * q.limit);
      return { list: rows.map(toRequest), total, page: q.page, limit: q.limit };
    },

    /** GET /approval/cash_out_page: the queue (waiting oldest first) with filters and totals per state. */
    async adminCashOutPage(query: AdminCashOutQuery): Promise<AdminCashOutPage> {
      const q = adminCashOutQuery.parse(query);
      const f: CashOutFilter = {
        state: q.state,
        from: q.date_from ? hkDayStart(q.date_from) : undefined,
        to: q.date_to ? hkDayAfter(q.date_to) : undefined,
        minCents: q.amount_min !== undefined ? hkdToCents(q.amount_min) : undefined,
        maxCents: q.amount_max !== undefined ? hkdToCents(q.amount_max) : undefined,
      };
      const { rows, total } = await repo.cashOutPage(f, q.limit, (q.page - 1) * q.limit);
      const t = await repo.cashOutTotals(f);
      const tot = (s: CashOutState) => ({ count: t.get(s)?.count ?? 0, amount: centsToHkd(t.get(s)?.cents ?? 0) });
      return {
        list: await toAdminRequests(rows),
        total,
        page: q.page,
        limit: q.limit,
        totals: { wait: tot('wait'), success: tot('success'), fail: tot('fail') },
      };
    },

    /** GET /approval/cash_out_details: the request, its payout details, the creator's balance and sales behind it. */
    async cashOutDetails(id: number): Promise<CashOutDetails> {
      const row = await repo.cashOutById(id);
      if (!row) throw notFound();
      const [req] = await toAdminRequests([row]);
      const balance = await info(row.userId);
      const cutoff = releaseCutoff();
      const sales = (await repo.salesOf(row.userId, DETAIL_SALES)).map((s) => ({
        id: s.id,
        project_id: s.projectId,
        amount: centsToHkd(s.amountCents),
        note: s.note,
        created_at: s.createdAt.toISOString(),
        released: s.createdAt < cutoff,
      }));
      return {
        ...(req as AdminCashOutRequest),
        method_details: row.methodDetails,
        balance: { available: balance.available, pending: balance.pending, reserved: balance.reserved },
        sales,
      };
    },

    /**
     * POST /approval/cash_out_decide: pays (with the payment reference) or rejects (with a reason; the reservation
     * comes back as a `cash_out_refund` entry) a waiting request, exactly once: the update is conditional on
     * `wait`, so of two administrators deciding at once one wins and the other gets 40950. The audit entry and the
     * creator's system message are written in the same transaction.
     */
    async decide(actor: WalletActor, body: CashOutDecideBody): Promise<CashOutRequest> {
      const input = cashOutDecideBody.parse(body);
      const found = await repo.cashOutById(input.id);
      if (!found) throw notFound();
      const state = input.state;
      const reason = state === 'fail' ? (input.reason ?? '') : '';
      const reference = state === 'success' ? (input.reference ?? '') : '';
      return locked(found.userId, async (tx) => {
        const row = await repo.decideCashOut(
          input.id,
          { state, reason, reference, deciderId: actor.id, deciderName: actor.name ?? '', at: now() },
          tx,
        );
        if (!row) throw new AppError(ErrorCode.ALREADY_DECIDED, { messageKey: 'cashOutAlreadyDecided' });
        if (state === 'fail') {
          await repo.insertEntries(
            [
              {
                userId: row.userId,
                kind: 'cash_out_refund',
                amountCents: row.amountCents,
                cashOutId: row.id,
                note: `#${row.id} ${reason}`,
                createdAt: now(),
              },
            ],
            tx,
          );
        }
        await audit?.record(tx, {
          actor,
          action: state === 'success' ? 'wallet.cash_out_pay' : 'wallet.cash_out_reject',
          target: { type: 'cash_out_request', id: row.id, label: formatHkd(centsToHkd(row.amountCents)) },
          before: { state: 'wait' },
          after: { state, reason: reason || undefined, reference: reference || undefined, user_id: row.userId },
        });
        const amount = formatHkd(centsToHkd(row.amountCents));
        await messages?.send(
          row.userId,
          state === 'success' ? 'msgCashOutSuccess' : 'msgCashOutFail',
          { amount, reason, reference },
          tx,
        );
        return toRequest(row);
      });
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
     * Demo data (workflows/seed-wallet.ts): back-dated sale earnings (so some are released and some still pending),
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

    // --- Coins ---

    /** Creates the earning rules with their defaults (start-up); administrators' changes are kept. */
    async ensureCoinRules(): Promise<void> {
      await repo.insertRulesIfMissing(COIN_RULES.map((rule) => ({ rule, ...DEFAULT_COIN_RULES[rule] })));
    },

    /**
     * Awards a rule's coins to a user for `ref` (the invited account, the project, the day), at most once per
     * (user, rule, ref) whatever happens (a unique index), within the rule's daily and total caps, and not when the
     * rule is off. Runs in the caller's transaction when one is passed (the award then stands or falls with the
     * action that earned it). Answers the coins given (0 when nothing was awarded).
     */
    award,

    /**
     * The daily-visit award of today (Hong Kong day), called after every user info read: the accounts this process
     * already saw today are remembered, so the hot path costs a lookup, not a transaction.
     */
    async awardDailyVisit(userId: number): Promise<number> {
      const today = hkDayKey(now());
      if (visited.day !== today) {
        visited.day = today;
        visited.users.clear();
      }
      if (visited.users.has(userId)) return 0;
      const coins = await award(undefined, userId, 'daily_visit', today);
      visited.users.add(userId);
      return coins;
    },

    coinBalance: (userId: number) => coinBalanceOf(userId),

    /** GET /user/get_user_coins_page: history with reasons, and the balance. */
    async coinsPage(userId: number, q: { page: number; limit: number }): Promise<CoinsPage> {
      const { rows, total } = await repo.coinPage(userId, q.limit, (q.page - 1) * q.limit);
      const list: CoinEntry[] = rows.map((r) => ({
        id: r.id,
        kind: r.kind as CoinEntry['kind'],
        amount: r.amount,
        rule: (r.rule as CoinRule | null) ?? null,
        exchange_kind: (r.exchangeKind as CoinExchangeKind | null) ?? null,
        note: r.note,
        created_at: r.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, limit: q.limit, balance: await coinBalanceOf(userId) };
    },

    /** GET /user/user_get_coin_info_page: my exchanges, with the rates, the daily limit and today's use. */
    async coinInfoPage(userId: number, q: { page: number; limit: number }): Promise<CoinInfoPage> {
      const { rows, total } = await repo.exchangePage(userId, q.limit, (q.page - 1) * q.limit);
      const sums = await repo.sums(userId, releaseCutoff());
      return {
        list: rows.map(toExchange),
        total,
        page: q.page,
        limit: q.limit,
        info: {
          balance: await coinBalanceOf(userId),
          coins_per_membership_day: coinsPerDay,
          coins_per_hkd: coinsPerHkd,
          daily_limit: dailyLimit,
          used_today: await repo.exchangesSince(userId, startOfHkDay(now()), db),
          available_cash: centsToHkd(Math.max(0, sums.available)),
          rules: (await repo.rules()).map(ruleOut),
        },
      };
    },

    /**
     * POST /user/coin_exchange: coins -> membership days (vip_date extended by the users service), coins -> a
     * one-use membership coupon (codes service), or cash earnings -> coins; never coins -> cash. One exchange per
     * idempotency key (a repeat answers the first exchange; the user's wallet lock and a unique index make 50
     * parallel clicks one exchange) and at most `exchangeDailyLimit` per Hong Kong day. All in one transaction.
     */
    async exchange(userId: number, body: CoinExchangeBody): Promise<CoinExchangeReply> {
      const input = coinExchangeBody.parse(body);
      return locked(userId, async (tx) => {
        const prior = await repo.exchangeByKey(userId, input.idempotency_key, tx);
        if (prior) {
          const same =
            prior.kind === input.kind &&
            (input.kind === 'cash_to_coins' ? prior.cashCents === hkdToCents(input.quantity) : prior.days === input.quantity);
          if (!same) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED, { field: 'idempotency_key' });
          return { exchange: toExchange(prior), balance: await coinBalanceOf(userId, tx) };
        }
        if ((await repo.exchangesSince(userId, startOfHkDay(now()), tx)) >= dailyLimit) {
          throw new AppError(ErrorCode.COIN_EXCHANGE_LIMIT, { params: { limit: dailyLimit } });
        }
        const balance = await coinBalanceOf(userId, tx);
        const at = now();
        if (input.kind === 'cash_to_coins') {
          const cents = hkdToCents(input.quantity);
          const coins = Math.floor((cents * coinsPerHkd) / 100);
          if (coins < 1) throw new AppError(ErrorCode.VALIDATION, { field: 'quantity', messageKey: 'v.numberTooSmall' });
          const sums = await repo.sums(userId, releaseCutoff(), tx);
          if (cents > sums.available) {
            throw new AppError(ErrorCode.CASH_INSUFFICIENT, {
              field: 'quantity',
              params: { available: formatHkd(centsToHkd(Math.max(0, sums.available))) },
            });
          }
          const ex = await repo.insertExchange(
            { userId, idempotencyKey: input.idempotency_key, kind: input.kind, coins, cashCents: cents, createdAt: at },
            tx,
          );
          await repo.insertEntries(
            [
              {
                userId,
                kind: 'coin_exchange',
                amountCents: -cents,
                coinExchangeId: ex.id,
                note: `${coins} coins`,
                createdAt: at,
              },
            ],
            tx,
          );
          await repo.insertCoinEntry(
            {
              userId,
              amount: coins,
              kind: 'exchange',
              exchangeId: ex.id,
              exchangeKind: input.kind,
              note: `HK$ ${formatHkd(input.quantity)}`,
              createdAt: at,
            },
            tx,
          );
          return { exchange: toExchange(ex), balance: balance + coins };
        }
        const days = input.quantity;
        const cost = days * coinsPerDay;
        if (cost > balance) throw new AppError(ErrorCode.COINS_INSUFFICIENT, { params: { need: cost, have: balance } });
        let cdk: string | null = null;
        if (input.kind === 'membership_days') {
          if (!users) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
          await users.extendMembership(userId, days, tx);
        } else {
          if (!codes) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
          cdk = await codes.issueCoupon({ value: days, note: `coins exchange by user ${userId}`, createdBy: userId }, tx);
        }
        const ex = await repo.insertExchange(
          { userId, idempotencyKey: input.idempotency_key, kind: input.kind, days, coins: -cost, couponCdk: cdk, createdAt: at },
          tx,
        );
        await repo.insertCoinEntry(
          {
            userId,
            amount: -cost,
            kind: 'exchange',
            exchangeId: ex.id,
            exchangeKind: input.kind,
            note: cdk ? `${cdk} (${days})` : String(days),
            createdAt: at,
          },
          tx,
        );
        return { exchange: toExchange(ex), balance: balance - cost };
      });
    },

    /** GET /wallet/coin_rules. */
    async coinRules(): Promise<CoinRuleRow[]> {
      return (await repo.rules()).map(ruleOut);
    },

    /** POST /wallet/coin_rule_update: an administrator sets a rule's amount, caps and switch (audited). */
    async updateCoinRule(actor: WalletActor, body: CoinRuleUpdateBody): Promise<CoinRuleRow> {
      return db.transaction(async (tx) => {
        const r = createWalletRepository(tx);
        const before = await r.ruleOf(body.rule, tx);
        if (!before) throw notFound();
        const row = await r.updateRule(body.rule, {
          amount: body.amount,
          dailyCap: body.daily_cap,
          totalCap: body.total_cap,
          enabled: body.enabled,
        });
        if (!row) throw notFound();
        await audit?.record(tx, {
          actor,
          action: 'wallet.coin_rule_update',
          target: { type: 'coin_rule', id: body.rule },
          before: ruleOut(before),
          after: ruleOut(row),
        });
        return ruleOut(row);
      });
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
