import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Payment notifications received from providers; unique per provider transaction id (idempotency). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['succeeded', 'failed', 'cancelled'] }).notNull(),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_txn_uq').on(t.provider, t.providerTxnId), index('payment_order_idx').on(t.orderId)],
);

/**
 * Checkout sessions of the built-in sandbox gateway (the provider's own state, kept here because the sandbox
 * runs inside this server). Ids are unguessable, so the hosted page URL and its QR code stay short.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    description: text('description').notNull().default(''),
    returnUrl: text('return_url').notNull(),
    notifyUrl: text('notify_url').notNull(),
    lang: text('lang').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_sessions_order_idx').on(t.orderNo)],
);
