import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every mail the platform sends; without SMTP_URL this is the dev outbox people read codes from. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    /** smtp | outbox */
    transport: text('transport').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to), index('mail_outbox_created_idx').on(t.createdAt)],
);

/** The upload allow-list (/system/filetype): an extension of a kind, its size limit, and whether it is accepted. */
export const fileTypes = pgTable(
  'file_types',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['model3d', 'image360', 'video360', 'image', 'audio', 'video'] }).notNull(),
    extension: text('extension').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_types_kind_ext_uq').on(t.kind, t.extension)],
);

/** Storage quota of each plan (/system/capacity). */
export const planCapacities = pgTable('plan_capacities', {
  plan: text('plan').primaryKey(),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
});

/** A user's capacity plan and optional quota override (/system/capacity). */
export const userCapacities = pgTable('user_capacities', {
  userId: integer('user_id').primaryKey(),
  plan: text('plan').notNull().default('free'),
  overrideBytes: bigint('override_bytes', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
