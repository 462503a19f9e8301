import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * System messages to one user (review, report and organisation decisions, forum replies and mentions, administrators'
 * /stationletter pushes). `type` is a message key of the
 * contract (`msgReviewApproved`…) rendered with `params` in the reader's language.
 */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_messages_user_idx').on(t.userId, t.createdAt)],
);
