import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Pictures uploaded for project covers and "more images" (POST /project/image_upload), stored under
 * `public/projects/<owner>/…`. `used` turns true once a saved project refers to the picture; a picture a project
 * drops is deleted when no other project of the owner still refers to it, and one never used goes after a day.
 * These bytes do not count against the capacity quota (docs/decisions/0010-market-cart-orders-payment.md).
 */
export const projectImages = pgTable(
  'project_images',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    key: text('key').notNull(),
    bytes: integer('bytes').notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_images_key_uq').on(t.key),
    index('project_images_owner_idx').on(t.ownerId),
    index('project_images_unused_idx').on(t.createdAt).where(sql`not ${t.used}`),
  ],
);
