import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * System messages pushed by administrators (/stationletter): what was sent, to whom (the audience as chosen, so a
 * background delivery resolves the same people), and how far delivery got. `member_of` scopes an organisation
 * admin's push to their own members.
 */
export const messagePushes = pgTable(
  'message_pushes',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    kind: text('kind', { enum: ['notice', 'maintenance', 'event', 'promotion'] }).notNull(),
    content: text('content').notNull(),
    audience: text('audience', { enum: ['users', 'role', 'all'] }).notNull(),
    role: text('role'),
    userIds: jsonb('user_ids').$type<number[]>(),
    memberOf: integer('member_of'),
    recipients: integer('recipients').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    status: text('status', { enum: ['sending', 'sent'] })
      .notNull()
      .default('sending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_pushes_sender_idx').on(t.senderId, t.createdAt)],
);
