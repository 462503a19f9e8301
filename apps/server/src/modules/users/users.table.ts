import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    accountType: text('account_type', { enum: ['individual', 'organisation', 'group_admin'] }).notNull(),
    gender: text('gender').notNull().default('other'),
    phone: text('phone').notNull().default(''),
    forumName: text('forum_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /** The user's own code to invite others. */
    inviteCode: text('invite_code').notNull(),
    invitedBy: integer('invited_by'),
    /** Storage key of the organisation certificate. */
    certificate: text('certificate'),
    status: text('status', { enum: ['pending', 'active', 'disabled'] })
      .notNull()
      .default('pending'),
    xpValue: integer('xp_value').notNull().default(0),
    vipDate: timestamp('vip_date', { withTimezone: true }),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Soft delete: other modules keep their references; the email, user name and forum name become free again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_forum_name_uq').on(sql`lower(${t.forumName})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    uniqueIndex('users_oidc_uq').on(t.oidcIssuer, t.oidcSubject).where(sql`${t.deletedAt} is null`),
    index('users_status_idx').on(t.status),
    index('users_created_idx').on(t.createdAt),
  ],
);
