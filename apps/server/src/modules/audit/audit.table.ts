import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per admin or security event, inserted in the transaction of the action it describes
 * (only `audit.record` writes here). Rows are never updated; only the retention job deletes old ones.
 * Every list filter has an index ending in (created_at, id), so a filtered page is an index range scan. The indexes are
 * ascending on purpose: read backwards they give `order by created_at desc, id desc` (nulls first, the default of
 * DESC); a `desc()` index (nulls last in Drizzle) would not match that order and every page would sort.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the system's own entries and for failed sign-ins (nobody is signed in). */
    actorId: integer('actor_id'),
    /** The actor's name at the time, kept when the account is renamed or deleted; the typed account of a failed sign-in. */
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    /** The target's name at the time (a user name, a role name, a code). */
    targetLabel: text('target_label').notNull().default(''),
    ip: text('ip').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    // an actor's entries of one kind ("what did this admin change"): without it the action is checked row by row
    index('audit_log_actor_action_idx').on(t.actorId, t.action, t.createdAt, t.id),
    index('audit_log_actor_name_idx').on(sql`lower(${t.actorName})`, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
  ],
);
