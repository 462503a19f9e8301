import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Campaign invite codes: made by holders of /invite-code/add-invite-code, accepted by registration. */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case (codes are compared ignoring case). */
    code: text('code').notNull(),
    note: text('note').notNull().default(''),
    /** 0 = unlimited. */
    maxUses: integer('max_uses').notNull().default(0),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** The account that made it; accounts registered with it become its members (users.invited_by). */
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invite_codes_code_uq').on(t.code),
    index('invite_codes_owner_idx').on(t.createdBy, t.createdAt),
    check('invite_codes_uses_ck', sql`${t.usedCount} >= 0 and (${t.maxUses} = 0 or ${t.usedCount} <= ${t.maxUses})`),
  ],
);

/** One row per account registered with a campaign code. Kept when the code is deleted (no foreign key). */
export const inviteCodeUses = pgTable(
  'invite_code_uses',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id').notNull(),
    /** The code's text at the time, for the inviter's list. */
    code: text('code').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invite_code_uses_user_uq').on(t.userId), index('invite_code_uses_code_idx').on(t.codeId, t.createdAt)],
);

/** Coupon codes (`cdk`): membership days or experience points, once per account. */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case. */
    cdk: text('cdk').notNull(),
    kind: text('kind', { enum: ['membership_days', 'xp'] }).notNull(),
    value: integer('value').notNull(),
    /** 0 = unlimited (still once per account). */
    maxUses: integer('max_uses').notNull().default(0),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_codes_cdk_uq').on(t.cdk),
    index('coupon_codes_created_idx').on(t.createdAt),
    check('coupon_codes_uses_ck', sql`${t.usedCount} >= 0 and (${t.maxUses} = 0 or ${t.usedCount} <= ${t.maxUses})`),
    check('coupon_codes_value_ck', sql`${t.value} > 0`),
  ],
);

/**
 * Redemptions: the unique (coupon, user) pair makes a second redemption by the same account impossible,
 * even under parallel requests. Kind and value are kept as given; rows stay when the coupon is deleted.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull(),
    userId: integer('user_id').notNull(),
    cdk: text('cdk').notNull(),
    kind: text('kind', { enum: ['membership_days', 'xp'] }).notNull(),
    value: integer('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_uq').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId, t.createdAt),
  ],
);
