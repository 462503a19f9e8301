import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StoredPlanLine } from './plan-line';

/** Orders; `order_no` carries the spec's `SDK` prefix (the invoice number is the order number without it). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').notNull(),
    /** The buyer's email when the order was placed (the invoice shows it; the admin list searches it). */
    userEmail: text('user_email').notNull(),
    /** Sorted, comma-joined project ids (`plan:<id>` for a plan): finds the pending order for exactly the same items. */
    itemsKey: text('items_key').notNull(),
    /** A plan order's plan (then the order has no items); null for an order of projects. */
    planLine: jsonb('plan_line').$type<StoredPlanLine>(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('HKD'),
    status: text('status', { enum: ['pending', 'paid', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    payType: text('pay_type'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    projectId: integer('project_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    projectName: text('project_name').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [uniqueIndex('order_items_uq').on(t.orderId, t.projectId), index('order_items_seller_idx').on(t.sellerId)],
);

/** What a user owns: the buyer library; content access checks read it. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    orderId: integer('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_user_project_uq').on(t.userId, t.projectId),
    index('purchases_project_idx').on(t.projectId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
  ],
);
