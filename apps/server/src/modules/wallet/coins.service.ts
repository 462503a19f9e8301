import { ErrorCode } from '@xr/contract/errors';
import { centsToHkd, formatHkd, hkdToCents } from '@xr/contract/money';
import {
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
  coinExchangeBody,
} from '@xr/contract/wallet';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { AuditRecorder } from '../audit/audit.service';
import { createLedger, hkDayKey, type LedgerOptions, startOfHkDay, type WalletActor } from './wallet.ledger';
import { type CoinExchangeRow, createWalletRepository } from './wallet.repository';

/** Default earning rules (admins change them through /wallet/coin_rule_update). */
export const DEFAULT_COIN_RULES: Record<CoinRule, { amount: number; dailyCap: number; totalCap: number }> = {
  invite_registration: { amount: 50, dailyCap: 10, totalCap: 0 },
  first_publish: { amount: 100, dailyCap: 0, totalCap: 1 },
  purchase_review: { amount: 10, dailyCap: 5, totalCap: 0 },
  daily_visit: { amount: 5, dailyCap: 1, totalCap: 0 },
};

/** What coins need: the rates and limits, and the users, codes and audit services they call, passed in by the wiring. */
export interface CoinsDeps extends LedgerOptions {
  coinsPerHkd?: number;
  coinsPerMembershipDay?: number;
  exchangeDailyLimit?: number;
  users?: { extendMembership(userId: number, days: number, tx: DbOrTx): Promise<unknown> };
  codes?: { issueCoupon(input: { value: number; note: string; createdBy: number }, tx: DbOrTx): Promise<string> };
  audit?: AuditRecorder;
}

/**
 * Coins, a second ledger beside cash: awarded by rules (idempotent per rule and reference, with caps) and spent by
 * exchanges (one per idempotency key, a daily limit) for membership days, a membership coupon, or bought with
 * available cash. Administrators set the rules.
 */
export function createCoinsService(deps: CoinsDeps) {
  const { users, codes, audit } = deps;
  const coinsPerHkd = deps.coinsPerHkd ?? 10;
  const coinsPerDay = deps.coinsPerMembershipDay ?? 100;
  const dailyLimit = deps.exchangeDailyLimit ?? 5;
  const { db, repo, now, releaseCutoff, locked } = createLedger(deps);
  /** Accounts whose daily visit this process recorded today (see awardDailyVisit). */
  const visited = { day: '', users: new Set<number>() };

  const toExchange = (r: CoinExchangeRow): CoinExchange => ({
    id: r.id,
    kind: r.kind as CoinExchangeKind,
    quantity: r.kind === 'cash_to_coins' ? centsToHkd(r.cashCents) : r.days,
    coins: r.coins,
    coupon_cdk: r.couponCdk,
    created_at: r.createdAt.toISOString(),
  });

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
export type CoinsService = ReturnType<typeof createCoinsService>;
