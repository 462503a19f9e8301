import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_user_project_uq').on(t.userId, t.projectId)],
);

/** The wish list (spec: is_Collection, "add to wish list"). */
export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collections_user_project_uq').on(t.userId, t.projectId), index('collections_project_idx').on(t.projectId)],
);
