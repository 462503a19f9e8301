import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Reports of projects (POST /reports/set_reports; handled on the /ReportList screen). One open report per user
 * and project: reporting again updates it.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    reason: text('reason', { enum: ['infringement', 'inappropriate', 'fraud', 'other'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    handledBy: integer('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_uq').on(t.projectId, t.userId).where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);
