import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** What creators see: models an admin has not hidden. The library's browse indexes are partial on it. */
export const LIBRARY_VISIBLE_SQL = sql`not hidden`;

/**
 * The platform model library. `key` is stable: `gen:<family>:<parameters>` for generated models (rows
 * inserted at start-up from the generator's catalogue, files built later), `import:<sha256>` for imported ones.
 * `glb_key` / `thumb_key` are storage keys, null until a generated model was built (`gen_version` says by which
 * generator version). `search_text` holds the three names, the tag and category names in search form
 * (lower-cased, CJK tripled) for the pg_trgm index. `size` is [width, height, depth] in metres. `coarse_key`: an
 * imported dense model's coarse level of detail (the pipeline's `model_coarse`, drawn by the 3D viewer's first frame;
 * null for light models, characters and every generated model).
 */
export const libraryModels = pgTable(
  'library_models',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    source: text('source', { enum: ['generated', 'imported'] }).notNull(),
    kind: text('kind', { enum: ['prop', 'character'] }).notNull(),
    category: text('category').notNull(),
    nameZh: text('name_zh').notNull(),
    nameTc: text('name_tc').notNull(),
    nameEn: text('name_en').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    clips: text('clips').array().notNull().default(sql`'{}'::text[]`),
    hidden: boolean('hidden').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    glbKey: text('glb_key'),
    thumbKey: text('thumb_key'),
    coarseKey: text('coarse_key'),
    triangles: integer('triangles').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    size: jsonb('size').$type<[number, number, number]>().notNull().default([0, 0, 0]),
    genVersion: integer('gen_version').notNull().default(0),
    /**
     * Variants share a group and show as one card: `gen:<family>` for generated models (colours and sizes of one
     * shape), `pack:<pack>:<base name>` for imported ones (`knightBlue` / `knightRed`, `Tree_1` / `Tree_2`).
     */
    groupKey: text('group_key').notNull().default(''),
    /** What tells this variant from the others of its group (`Blue`, `2`), empty when it is the only one. */
    variant: text('variant').notNull().default(''),
    /** Credits of an imported model: its asset pack, author, licence and where it comes from (null: generated). */
    pack: text('pack'),
    author: text('author'),
    license: text('license'),
    sourceUrl: text('source_url'),
    /** SHA-256 of the imported source file, so importing the same pack again skips it before any processing. */
    sourceHash: text('source_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_models_category_idx').on(t.category, t.id).where(LIBRARY_VISIBLE_SQL),
    index('library_models_tags_idx').using('gin', t.tags).where(LIBRARY_VISIBLE_SQL),
    index('library_models_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).where(LIBRARY_VISIBLE_SQL),
    index('library_models_kind_idx').on(t.kind, t.id).where(LIBRARY_VISIBLE_SQL),
    index('library_models_group_idx').on(t.groupKey, t.id).where(LIBRARY_VISIBLE_SQL),
    index('library_models_source_hash_idx').on(t.sourceHash),
    index('library_models_unbuilt_idx').on(t.id).where(sql`glb_key is null`),
  ],
);
