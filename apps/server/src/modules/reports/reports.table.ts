import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Reports (POST /reports/set_reports) of projects, forum posts and meta world chat messages, handled on the /ReportList screen.
 * One open report per user and target: reporting again updates it. A decision closes it once: `resolved`
 * (actioned: hide the target, warn its owner, or disable the owner's account) or `dismissed`, with who and why.
 * `project_id` stays for project reports (older rows have only it); `target_type` / `target_id` name any target.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type', { enum: ['project', 'forum_post', 'chat'] })
      .notNull()
      .default('project'),
    targetId: integer('target_id').notNull(),
    projectId: integer('project_id'),
    userId: integer('user_id').notNull(),
    reason: text('reason', { enum: ['infringement', 'inappropriate', 'fraud', 'other'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    action: text('action', { enum: ['hide', 'warn', 'disable'] }),
    note: text('note').notNull().default(''),
    handledBy: integer('handled_by'),
    handlerName: text('handler_name').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_target_uq').on(t.targetType, t.targetId, t.userId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);
