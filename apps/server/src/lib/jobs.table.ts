import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background jobs (lib/jobs.ts). A worker claims `queued` rows whose `run_after` has come, marks them `running`
 * under a lease (`lease_owner`, renewed into `lease_until` by its heartbeat; `locked_at` is the last beat), and ends
 * them `done` or `failed` (or back to `queued` with a later `run_after` to retry). A lease that runs out, or whose
 * owner process is gone, is taken back by another worker. `reason` is the failure's code (shown translated);
 * `error` its detail (for the log, never shown).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    /** Failure reason code (@xr/contract/jobs JOB_FAILURE_REASONS). */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** `host|pid|nonce` of the queue running the job. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAfter), index('jobs_lease_idx').on(t.status, t.leaseUntil)],
);
