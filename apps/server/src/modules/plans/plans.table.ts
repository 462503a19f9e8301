import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Plans ("combos", /system/combo): one row per plan and period, seeded from the static `PLANS` of the contract
 * (`seed_key` = `<plan>:<period>` finds the seeded rows again). Never deleted once somebody bought it.
 */
export const combos = pgTable(
  'combos',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameTc: text('name_tc').notNull(),
    nameEn: text('name_en').notNull(),
    level: text('level', { enum: ['freemium', 'member', 'biz', 'biz_plus', 'enterprise'] }).notNull(),
    period: text('period', { enum: ['month', 'quarter', 'year'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** null = unlimited. */
    maxProjects: integer('max_projects'),
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull(),
    liveStreaming: boolean('live_streaming').notNull().default(false),
    customAvatars: integer('custom_avatars').notNull().default(0),
    modelLibrary: boolean('model_library').notNull().default(true),
    /** Member seats an organisation gets per purchase (enterprise plans; see the users module's seat pool). */
    seats: integer('seats').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('combos_seed_key_uq').on(t.seedKey), index('combos_list_idx').on(t.enabled, t.sort, t.id)],
);

/**
 * One row per paid (or free) plan order completed: written in the payment's transaction, once per order (unique
 * `order_id`), with the membership end it produced. The latest row of a user names their plan while the
 * membership (users.vip_date) is active.
 */
export const planPurchases = pgTable(
  'plan_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    comboId: integer('combo_id').notNull(),
    orderId: integer('order_id').notNull(),
    level: text('level', { enum: ['freemium', 'member', 'biz', 'biz_plus', 'enterprise'] }).notNull(),
    period: text('period', { enum: ['month', 'quarter', 'year'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Membership end before and after this purchase. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_purchases_order_uq').on(t.orderId),
    index('plan_purchases_user_idx').on(t.userId, t.id),
    index('plan_purchases_combo_idx').on(t.comboId),
  ],
);
