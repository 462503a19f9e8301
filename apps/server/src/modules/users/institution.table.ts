import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Organisation and group-admin applications (/approval/institutional). A registration as an organisation
 * or a group admin creates the account as an ordinary creator plus one pending application carrying the certificate;
 * an administrator approves it (the account gets its role) or rejects it with a reason (the applicant may apply again
 * with a new certificate: a new row, so the history stays). At most one application per account is pending.
 * Accounts without any row (individuals, accounts an administrator created, deployments older than this table)
 * keep the roles they have.
 */
export const institutionApplications = pgTable(
  'institution_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    accountType: text('account_type', { enum: ['organisation', 'group_admin'] }).notNull(),
    /** Storage key of the certificate sent with this application. */
    certificate: text('certificate'),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    deciderId: integer('decider_id'),
    deciderName: text('decider_name').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_applications_pending_uq').on(t.userId).where(sql`${t.state} = 'pending'`),
    index('institution_applications_state_idx').on(t.state, t.createdAt),
    index('institution_applications_user_idx').on(t.userId, t.createdAt),
  ],
);
