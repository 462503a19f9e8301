import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The money ledger: every credit and debit of a user's cash balance, in HKD cents. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** sale_earning | cash_out | cash_out_refund | adjustment */
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: integer('order_id'),
    projectId: integer('project_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ledger_sale_uq').on(t.kind, t.orderId, t.projectId, t.userId),
  ],
);
