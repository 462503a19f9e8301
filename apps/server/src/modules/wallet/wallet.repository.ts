import { and, asc, count, desc, eq, gte, lt, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cashOutRequests,
  coinEntries,
  coinExchanges,
  coinRules,
  ledgerEntries,
  payoutMethods,
  walletAccounts,
} from './wallet.table';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerRow = typeof ledgerEntries.$inferInsert;
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type CashOutRow = typeof cashOutRequests.$inferSelect;
export type CoinEntryRow = typeof coinEntries.$inferSelect;
export type CoinRuleRow = typeof coinRules.$inferSelect;
export type CoinExchangeRow = typeof coinExchanges.$inferSelect;

/** The sums behind a balance (cents), at a cut-off: earnings created before `releasedBefore` are available. */
export interface BalanceSums {
  available: number;
  pending: number;
  reserved: number;
  nextReleaseCreatedAt: Date | null;
}

export interface LedgerFilter {
  userId: number;
  kind?: string;
  from?: Date;
  to?: Date;
}

export interface CashOutFilter {
  userId?: number;
  state?: string;
  from?: Date;
  to?: Date;
  minCents?: number;
  maxCents?: number;
  /** Matched against the user ids the caller resolved from a keyword. */
  userIds?: number[];
}

const n = (v: unknown) => Number(v ?? 0);

function ledgerWhere(f: LedgerFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.userId, f.userId),
    f.kind ? eq(ledgerEntries.kind, f.kind) : undefined,
    f.from ? gte(ledgerEntries.createdAt, f.from) : undefined,
    f.to ? lt(ledgerEntries.createdAt, f.to) : undefined,
  );
}

function cashOutWhere(f: CashOutFilter, withState = true): SQL | undefined {
  return and(
    f.userId ? eq(cashOutRequests.userId, f.userId) : undefined,
    withState && f.state ? eq(cashOutRequests.state, f.state) : undefined,
    f.from ? gte(cashOutRequests.createdAt, f.from) : undefined,
    f.to ? lt(cashOutRequests.createdAt, f.to) : undefined,
    f.minCents !== undefined ? gte(cashOutRequests.amountCents, f.minCents) : undefined,
    f.maxCents !== undefined ? lte(cashOutRequests.amountCents, f.maxCents) : undefined,
    f.userIds ? (f.userIds.length ? or(...f.userIds.map((id) => eq(cashOutRequests.userId, id))) : sql`false`) : undefined,
  );
}

/** The only code that touches the wallet's tables. */
export function createWalletRepository(db: DbOrTx) {
  return {
    /** Inserts entries; a sale already credited (same kind, order, project, user) is skipped. Answers what was new. */
    async insertEntries(values: NewLedgerRow[], tx: DbOrTx = db): Promise<LedgerRow[]> {
      if (values.length === 0) return [];
      return tx.insert(ledgerEntries).values(values).onConflictDoNothing().returning();
    },
    async balanceOf(userId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: sum(ledgerEntries.amountCents) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      return n(row?.n);
    },
    async entriesOfOrder(orderId: number): Promise<LedgerRow[]> {
      return db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    },

    /**
     * Locks the user's wallet row for the rest of the transaction (creating it first), so movements of one user
     * run one after the other.
     */
    async lockAccount(userId: number, tx: DbOrTx): Promise<void> {
      await tx.insert(walletAccounts).values({ userId }).onConflictDoNothing();
      await tx.select().from(walletAccounts).where(eq(walletAccounts.userId, userId)).for('update');
    },

    async sums(userId: number, releasedBefore: Date, tx: DbOrTx = db): Promise<BalanceSums> {
      const isEarning = eq(ledgerEntries.kind, 'sale_earning');
      const held = and(isEarning, gte(ledgerEntries.createdAt, releasedBefore));
      const [row] = await tx
        .select({
          available: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where not (${held})), 0)`,
          pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${held}), 0)`,
          next: sql<Date | string | null>`min(${ledgerEntries.createdAt}) filter (where ${held})`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      const [res] = await tx
        .select({ n: sum(cashOutRequests.amountCents) })
        .from(cashOutRequests)
        .where(and(eq(cashOutRequests.userId, userId), eq(cashOutRequests.state, 'wait')));
      return {
        available: n(row?.available),
        pending: n(row?.pending),
        reserved: n(res?.n),
        nextReleaseCreatedAt: row?.next ? new Date(row.next) : null,
      };
    },

    async ledgerPage(f: LedgerFilter, limit: number, offset: number): Promise<{ rows: LedgerRow[]; total: number }> {
      const where = ledgerWhere(f);
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(ledgerEntries).where(where);
      return { rows, total: n(c?.n) };
    },

    /** Every entry of a filter, newest first, at most `max` (the CSV export). */
    async ledgerAll(f: LedgerFilter, max: number): Promise<LedgerRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(ledgerWhere(f))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(max);
    },

    /** The user's sale earnings, newest first. */
    async salesOf(userId: number, limit: number): Promise<LedgerRow[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'sale_earning')))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit);
    },

    /** Sale earnings per Hong Kong month (`YYYY-MM`) since `from`. */
    async earningsByMonth(userId: number, from: Date): Promise<Map<string, number>> {
      const month = sql<string>`to_char((${ledgerEntries.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;
      const rows = await db
        .select({ month, cents: sum(ledgerEntries.amountCents) })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'sale_earning'), gte(ledgerEntries.createdAt, from)))
        .groupBy(month);
      return new Map(rows.map((r) => [r.month, n(r.cents)]));
    },

    // --- Payout methods ---

    async methodsOf(userId: number): Promise<PayoutMethodRow[]> {
      return db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId)).orderBy(asc(payoutMethods.id));
    },
    async methodById(userId: number, id: number, tx: DbOrTx = db): Promise<PayoutMethodRow | undefined> {
      const [row] = await tx
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.id, id), eq(payoutMethods.userId, userId)));
      return row;
    },
    async countMethods(userId: number, tx: DbOrTx): Promise<number> {
      const [c] = await tx.select({ n: count() }).from(payoutMethods).where(eq(payoutMethods.userId, userId));
      return n(c?.n);
    },
    async insertMethod(values: typeof payoutMethods.$inferInsert, tx: DbOrTx): Promise<PayoutMethodRow> {
      const [row] = await tx.insert(payoutMethods).values(values).returning();
      return row as PayoutMethodRow;
    },
    async deleteMethod(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(payoutMethods)
        .where(and(eq(payoutMethods.id, id), eq(payoutMethods.userId, userId)))
        .returning({ id: payoutMethods.id });
      return rows.length > 0;
    },

    // --- Cash-out requests ---

    async insertCashOut(values: typeof cashOutRequests.$inferInsert, tx: DbOrTx): Promise<CashOutRow> {
      const [row] = await tx.insert(cashOutRequests).values(values).returning();
      return row as CashOutRow;
    },
    async cashOutById(id: number, tx: DbOrTx = db): Promise<CashOutRow | undefined> {
      const [row] = await tx.select().from(cashOutRequests).where(eq(cashOutRequests.id, id));
      return row;
    },
    /** Decides a waiting request; undefined when it was decided already (by someone else or an earlier click). */
    async decideCashOut(
      id: number,
      set: { state: 'success' | 'fail'; reason: string; reference: string; deciderId: number; deciderName: string; at: Date },
      tx: DbOrTx,
    ): Promise<CashOutRow | undefined> {
      const [row] = await tx
        .update(cashOutRequests)
        .set({
          state: set.state,
          reason: set.reason,
          reference: set.reference,
          deciderId: set.deciderId,
          deciderName: set.deciderName,
          decidedAt: set.at,
        })
        .where(and(eq(cashOutRequests.id, id), eq(cashOutRequests.state, 'wait')))
        .returning();
      return row;
    },
    async cashOutPage(f: CashOutFilter, limit: number, offset: number): Promise<{ rows: CashOutRow[]; total: number }> {
      const where = cashOutWhere(f);
      // Waiting requests oldest first (the queue), decided ones newest first.
      const rows = await db
        .select()
        .from(cashOutRequests)
        .where(where)
        .orderBy(
          sql`case when ${cashOutRequests.state} = 'wait' then 0 else 1 end`,
          sql`case when ${cashOutRequests.state} = 'wait' then ${cashOutRequests.createdAt} end asc`,
          desc(cashOutRequests.createdAt),
          desc(cashOutRequests.id),
        )
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(cashOutRequests).where(where);
      return { rows, total: n(c?.n) };
    },
    async myCashOutPage(userId: number, state: string | undefined, limit: number, offset: number) {
      const where = and(eq(cashOutRequests.userId, userId), state ? eq(cashOutRequests.state, state) : undefined);
      const rows = await db
        .select()
        .from(cashOutRequests)
        .where(where)
        .orderBy(desc(cashOutRequests.createdAt), desc(cashOutRequests.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(cashOutRequests).where(where);
      return { rows, total: n(c?.n) };
    },
    /** Count and sum per state over a filter (its state aside). */
    async cashOutTotals(f: CashOutFilter): Promise<Map<string, { count: number; cents: number }>> {
      const rows = await db
        .select({ state: cashOutRequests.state, c: count(), cents: sum(cashOutRequests.amountCents) })
        .from(cashOutRequests)
        .where(cashOutWhere(f, false))
        .groupBy(cashOutRequests.state);
      return new Map(rows.map((r) => [r.state, { count: n(r.c), cents: n(r.cents) }]));
    },

    // --- Coins ---

    async coinBalance(userId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: sum(coinEntries.amount) })
        .from(coinEntries)
        .where(eq(coinEntries.userId, userId));
      return n(row?.n);
    },
    /** Inserts an award once per (user, rule, ref); false when it existed. */
    async insertAward(values: typeof coinEntries.$inferInsert, tx: DbOrTx): Promise<boolean> {
      const rows = await tx.insert(coinEntries).values(values).onConflictDoNothing().returning({ id: coinEntries.id });
      return rows.length > 0;
    },
    async insertCoinEntry(values: typeof coinEntries.$inferInsert, tx: DbOrTx): Promise<void> {
      await tx.insert(coinEntries).values(values);
    },
    /** Awards of a rule to a user, in all and since `since`. */
    async awardCounts(userId: number, rule: string, since: Date, tx: DbOrTx): Promise<{ total: number; today: number }> {
      const [row] = await tx
        .select({
          total: count(),
          today: sql<string>`count(*) filter (where ${coinEntries.createdAt} >= ${since.toISOString()})`,
        })
        .from(coinEntries)
        .where(and(eq(coinEntries.userId, userId), eq(coinEntries.rule, rule), eq(coinEntries.kind, 'award')));
      return { total: n(row?.total), today: n(row?.today) };
    },
    async coinPage(userId: number, limit: number, offset: number): Promise<{ rows: CoinEntryRow[]; total: number }> {
      const where = eq(coinEntries.userId, userId);
      const rows = await db
        .select()
        .from(coinEntries)
        .where(where)
        .orderBy(desc(coinEntries.createdAt), desc(coinEntries.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(coinEntries).where(where);
      return { rows, total: n(c?.n) };
    },

    async rules(tx: DbOrTx = db): Promise<CoinRuleRow[]> {
      return tx.select().from(coinRules).orderBy(asc(coinRules.rule));
    },
    async ruleOf(rule: string, tx: DbOrTx = db): Promise<CoinRuleRow | undefined> {
      const [row] = await tx.select().from(coinRules).where(eq(coinRules.rule, rule));
      return row;
    },
    async insertRulesIfMissing(values: (typeof coinRules.$inferInsert)[]): Promise<void> {
      await db.insert(coinRules).values(values).onConflictDoNothing();
    },
    async updateRule(
      rule: string,
      set: { amount: number; dailyCap: number; totalCap: number; enabled: boolean },
    ): Promise<CoinRuleRow | undefined> {
      const [row] = await db
        .update(coinRules)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(coinRules.rule, rule))
        .returning();
      return row;
    },

    async exchangeByKey(userId: number, key: string, tx: DbOrTx = db): Promise<CoinExchangeRow | undefined> {
      const [row] = await tx
        .select()
        .from(coinExchanges)
        .where(and(eq(coinExchanges.userId, userId), eq(coinExchanges.idempotencyKey, key)));
      return row;
    },
    async exchangesSince(userId: number, since: Date, tx: DbOrTx): Promise<number> {
      const [c] = await tx
        .select({ n: count() })
        .from(coinExchanges)
        .where(and(eq(coinExchanges.userId, userId), gte(coinExchanges.createdAt, since)));
      return n(c?.n);
    },
    async insertExchange(values: typeof coinExchanges.$inferInsert, tx: DbOrTx): Promise<CoinExchangeRow> {
      const [row] = await tx.insert(coinExchanges).values(values).returning();
      return row as CoinExchangeRow;
    },
    async exchangePage(userId: number, limit: number, offset: number): Promise<{ rows: CoinExchangeRow[]; total: number }> {
      const where = eq(coinExchanges.userId, userId);
      const rows = await db
        .select()
        .from(coinExchanges)
        .where(where)
        .orderBy(desc(coinExchanges.createdAt), desc(coinExchanges.id))
        .limit(limit)
        .offset(offset);
      const [c] = await db.select({ n: count() }).from(coinExchanges).where(where);
      return { rows, total: n(c?.n) };
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
