import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** What the market shows: approved and public. The market's partial indexes all carry this predicate. */
export const MARKET_VISIBLE_SQL = sql`review_status = 'approved' and is_public`;

/**
 * Projects (spec section 3 "Project"). `catalog` is the market category; `type` the use (education, showroom…).
 * `tag_ids` are the project's tags (ids in the market's tag catalogue). `search_text` is the lower-cased
 * concatenation of name, keywords, description, tag names and the creator's name (kept by the market service),
 * indexed with pg_trgm for substring search in any script. `rating` (average score) is generated for sorting.
 * The market indexes are partial (approved and public only) and match the sorts of /home_page/item_list.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    catalog: text('catalog', { enum: ['360_image', '360_video', '3d_model', 'multimedia'] }).notNull(),
    type: text('type').notNull().default('exhibition'),
    priceCents: integer('price_cents').notNull().default(0),
    keywords: text('keywords').notNull().default(''),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    forSale: boolean('for_sale').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    anonymousPreview: boolean('anonymous_preview').notNull().default(false),
    reviewStatus: text('review_status', { enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    reviewReason: text('review_reason').notNull().default(''),
    salesCount: integer('sales_count').notNull().default(0),
    scoreSum: integer('score_sum').notNull().default(0),
    scoreCount: integer('score_count').notNull().default(0),
    rating: doublePrecision('rating').notNull().generatedAlwaysAs(sql`score_sum::double precision / greatest(score_count, 1)`),
    viewCount: integer('view_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_owner_idx').on(t.ownerId, t.createdAt),
    index('projects_review_idx').on(t.reviewStatus, t.createdAt),
    index('projects_mkt_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(MARKET_VISIBLE_SQL),
    index('projects_mkt_catalog_idx')
      .on(t.catalog, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(MARKET_VISIBLE_SQL),
    index('projects_mkt_price_idx').on(t.priceCents, t.id).where(MARKET_VISIBLE_SQL),
    index('projects_mkt_popular_idx').on(t.salesCount.desc().nullsFirst(), t.id.desc().nullsFirst()).where(MARKET_VISIBLE_SQL),
    index('projects_mkt_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.scoreCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(MARKET_VISIBLE_SQL),
    index('projects_mkt_owner_idx').on(t.ownerId).where(MARKET_VISIBLE_SQL),
    index('projects_mkt_tags_idx').using('gin', t.tagIds).where(MARKET_VISIBLE_SQL),
    index('projects_mkt_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).where(MARKET_VISIBLE_SQL),
  ],
);

/** Comments on projects (spec: comment list and reply; states "no reply yet" / "replied"). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    content: text('content').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_project_idx').on(t.projectId, t.createdAt)],
);

/** The tag catalogue (the /projecttag screen: id, names, start/close switch, order). Projects list theirs in `projects.tag_ids`. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    /** The tag's key, unique (the name it was created with, in any language). */
    name: text('name').notNull(),
    /** Display names per interface language ('' falls back to `name`). */
    nameZh: text('name_zh').notNull().default(''),
    nameTc: text('name_tc').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Display order of the market's chips and the project form (ascending, then id). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.name)],
);
