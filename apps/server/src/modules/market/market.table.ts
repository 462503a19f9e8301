import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Scores (1-5) with an optional review text; one per user and project, changeable. */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    score: integer('score').notNull(),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scores_user_project_uq').on(t.projectId, t.userId),
    index('scores_project_idx').on(t.projectId, t.updatedAt),
  ],
);
