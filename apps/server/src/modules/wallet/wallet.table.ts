import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The money ledger: every credit and debit of a user's cash balance, in HKD cents. Balance = sum of entries.
 * Kinds: sale_earning (pending for the hold period, then available), refund, cash_out (the negative reservation of a
 * request), cash_out_refund (its return when the request fails), adjustment (an administrator's, note = reason),
 * coin_exchange (cash turned into coins).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id'),
    projectId: integer('project_id'),
    /** The cash-out request a cash_out / cash_out_refund entry belongs to. */
    cashOutId: integer('cash_out_id'),
    /** The coin exchange a coin_exchange entry belongs to. */
    coinExchangeId: integer('coin_exchange_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_sale_uq').on(t.kind, t.orderId, t.projectId, t.userId),
    /** One reservation and at most one return per request. */
    uniqueIndex('ledger_cash_out_uq').on(t.kind, t.cashOutId),
    uniqueIndex('ledger_coin_exchange_uq').on(t.kind, t.coinExchangeId),
  ],
);

/**
 * One row per user with a wallet: the row every money or coin movement of that user locks (`FOR UPDATE`) first, so
 * concurrent cash-outs and exchanges of one user run one after the other and can never overdraw.
 */
export const walletAccounts = pgTable('wallet_accounts', {
  userId: integer('user_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Saved payout methods (FPS, Hong Kong bank account, PayPal); `details` are the validated contract fields. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    display: text('display').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_methods_user_idx').on(t.userId)],
);

/** Cash-out requests: wait -> success (paid, reference) | fail (reason; the reservation returned). */
export const cashOutRequests = pgTable(
  'cash_out_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').notNull().default('wait'),
    /** A copy of the payout method at request time (the method may be deleted later). */
    methodType: text('method_type').notNull(),
    methodDetails: jsonb('method_details').$type<Record<string, string>>().notNull(),
    methodDisplay: text('method_display').notNull(),
    reason: text('reason').notNull().default(''),
    reference: text('reference').notNull().default(''),
    deciderId: integer('decider_id'),
    deciderName: text('decider_name').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_out_user_idx').on(t.userId, t.createdAt),
    index('cash_out_state_idx').on(t.state, t.createdAt),
    check('cash_out_amount_ck', sql`${t.amountCents} > 0`),
    check('cash_out_state_ck', sql`${t.state} in ('wait', 'success', 'fail')`),
  ],
);

/** The coin ledger: awards (by rule, once per rule and reference) and exchanges. Balance = sum of `amount`. */
export const coinEntries = pgTable(
  'coin_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    /** award | exchange */
    kind: text('kind').notNull(),
    rule: text('rule'),
    /** What the award is for (the invited account, the project, the day): unique per user and rule. */
    ref: text('ref'),
    exchangeId: integer('exchange_id'),
    exchangeKind: text('exchange_kind'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coin_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('coin_entries_award_uq').on(t.userId, t.rule, t.ref),
    uniqueIndex('coin_entries_exchange_uq').on(t.exchangeId),
  ],
);

/** How coins are earned: amount per award and caps, set by administrators. */
export const coinRules = pgTable('coin_rules', {
  rule: text('rule').primaryKey(),
  amount: integer('amount').notNull(),
  dailyCap: integer('daily_cap').notNull().default(0),
  totalCap: integer('total_cap').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Coin exchanges, one per idempotency key of the user (a repeated click answers the first). */
export const coinExchanges = pgTable(
  'coin_exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    /** Days (membership_days, coupon); 0 for cash_to_coins (its amount is `cash_cents`). */
    days: integer('days').notNull().default(0),
    coins: integer('coins').notNull(),
    cashCents: integer('cash_cents').notNull().default(0),
    couponCdk: text('coupon_cdk'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coin_exchanges_key_uq').on(t.userId, t.idempotencyKey),
    index('coin_exchanges_user_idx').on(t.userId, t.createdAt),
  ],
);
