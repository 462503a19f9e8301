import { and, asc, count, countDistinct, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { libraryModels } from './library.table';

export type LibraryRow = typeof libraryModels.$inferSelect;
export type NewLibraryRow = typeof libraryModels.$inferInsert;

/** Filters of a library page. `terms` are words in search form that must all occur in the search text. */
export interface LibraryFilter {
  category?: string;
  tag?: string;
  kind?: 'prop' | 'character';
  terms?: string[];
  /** Only the variants of this group. */
  group?: string;
  /** true: only hidden, false: only visible (what creators get), undefined: both (admins). */
  hidden?: boolean;
  /** Only models with animation clips (rigged characters, usable as avatars). */
  animated?: boolean;
}

/** Columns a page needs (no search text). */
const pageColumns = {
  id: libraryModels.id,
  key: libraryModels.key,
  source: libraryModels.source,
  kind: libraryModels.kind,
  category: libraryModels.category,
  nameZh: libraryModels.nameZh,
  nameTc: libraryModels.nameTc,
  nameEn: libraryModels.nameEn,
  tags: libraryModels.tags,
  clips: libraryModels.clips,
  hidden: libraryModels.hidden,
  triangles: libraryModels.triangles,
  bytes: libraryModels.bytes,
  size: libraryModels.size,
  updatedAt: libraryModels.updatedAt,
  groupKey: libraryModels.groupKey,
  variant: libraryModels.variant,
  pack: libraryModels.pack,
  author: libraryModels.author,
  license: libraryModels.license,
  sourceUrl: libraryModels.sourceUrl,
};
export type LibraryPageRow = { [K in keyof typeof pageColumns]: LibraryRow[K] };

/** `%text%` for LIKE with the pattern characters escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: LibraryFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  // Written as the partial indexes' predicate so the planner can use them.
  if (f.hidden === false) parts.push(sql`not ${libraryModels.hidden}`);
  else if (f.hidden === true) parts.push(sql`${libraryModels.hidden}`);
  if (f.category) parts.push(eq(libraryModels.category, f.category));
  if (f.kind) parts.push(eq(libraryModels.kind, f.kind));
  if (f.group !== undefined) parts.push(eq(libraryModels.groupKey, f.group));
  if (f.animated) parts.push(sql`cardinality(${libraryModels.clips}) > 0`);
  if (f.tag) parts.push(sql`${libraryModels.tags} @> array[${f.tag}]::text[]`);
  for (const term of f.terms ?? []) parts.push(sql`${libraryModels.searchText} like ${likePattern(term)}`);
  return parts.length ? and(...parts) : undefined;
}

/** The only code that touches the library_models table. */
export function createLibraryRepository(db: DbOrTx) {
  return {
    async countBySource(source: LibraryRow['source']): Promise<number> {
      const [row] = await db.select({ n: count() }).from(libraryModels).where(eq(libraryModels.source, source));
      return row?.n ?? 0;
    },

    /** Inserts rows whose key is new; existing rows (and an admin's changes to them) stay as they are. */
    async insertMissing(rows: NewLibraryRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const out = await db.insert(libraryModels).values(rows).onConflictDoNothing({ target: libraryModels.key }).returning({
        id: libraryModels.id,
      });
      return out.length;
    },

    async page(f: LibraryFilter, limit: number, offset: number): Promise<LibraryPageRow[]> {
      return db
        .select(pageColumns)
        .from(libraryModels)
        .where(where(f))
        .orderBy(asc(libraryModels.id))
        .limit(limit)
        .offset(offset);
    },

    /** One row per variant group (its first matching variant by id), groups in the order of those rows. */
    async groupPage(f: LibraryFilter, limit: number, offset: number): Promise<LibraryPageRow[]> {
      const firsts = db
        .select({ id: sql<number>`min(${libraryModels.id})`.as('first_id') })
        .from(libraryModels)
        .where(where(f))
        .groupBy(libraryModels.groupKey)
        .as('firsts');
      return db
        .select(pageColumns)
        .from(libraryModels)
        .innerJoin(firsts, eq(firsts.id, libraryModels.id))
        .orderBy(asc(libraryModels.id))
        .limit(limit)
        .offset(offset);
    },

    /** Distinct variant groups among the matching models. */
    async groupCount(f: LibraryFilter): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(libraryModels.groupKey) })
        .from(libraryModels)
        .where(where(f));
      return row?.n ?? 0;
    },

    /** Visible variants of each of these groups. */
    async variantCounts(groups: string[]): Promise<Map<string, number>> {
      if (groups.length === 0) return new Map();
      const rows = await db
        .select({ group: libraryModels.groupKey, n: count() })
        .from(libraryModels)
        .where(and(sql`not ${libraryModels.hidden}`, inArray(libraryModels.groupKey, [...new Set(groups)])))
        .groupBy(libraryModels.groupKey);
      return new Map(rows.map((r) => [r.group, r.n]));
    },

    /** Visible models, distinct groups, imported models and distinct packs. */
    async summary(): Promise<{ models: number; variants: number; imported: number; packs: number }> {
      const [row] = await db
        .select({
          models: countDistinct(libraryModels.groupKey),
          variants: count(),
          imported: sql<number>`count(*) filter (where ${libraryModels.source} = 'imported')`.mapWith(Number),
          packs: countDistinct(libraryModels.pack),
        })
        .from(libraryModels)
        .where(sql`not ${libraryModels.hidden}`);
      return row ?? { models: 0, variants: 0, imported: 0, packs: 0 };
    },

    /** Names and credits of these models (hidden ones too: a scene's credits list every model it uses). */
    async creditsByIds(ids: number[]): Promise<LibraryPageRow[]> {
      if (ids.length === 0) return [];
      return db.select(pageColumns).from(libraryModels).where(inArray(libraryModels.id, ids)).orderBy(asc(libraryModels.id));
    },

    /** The id of the model imported from a source file with this SHA-256, if any. */
    async bySourceHash(hash: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: libraryModels.id })
        .from(libraryModels)
        .where(eq(libraryModels.sourceHash, hash))
        .limit(1);
      return row?.id;
    },

    async count(f: LibraryFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(libraryModels).where(where(f));
      return row?.n ?? 0;
    },

    /** Visible models per category. */
    async categoryCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ category: libraryModels.category, n: count() })
        .from(libraryModels)
        .where(sql`not ${libraryModels.hidden}`)
        .groupBy(libraryModels.category);
      return new Map(rows.map((r) => [r.category, r.n]));
    },

    /** Visible distinct models (variant groups) per category: a group of colour variants counts once. */
    async categoryGroupCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ category: libraryModels.category, n: countDistinct(libraryModels.groupKey) })
        .from(libraryModels)
        .where(sql`not ${libraryModels.hidden}`)
        .groupBy(libraryModels.category);
      return new Map(rows.map((r) => [r.category, r.n]));
    },

    async byId(id: number, tx: DbOrTx = db): Promise<LibraryRow | undefined> {
      const [row] = await tx.select().from(libraryModels).where(eq(libraryModels.id, id));
      return row;
    },

    /** Id and clip names of these models (hidden ones too: scenes that use them keep working). */
    async clipsByIds(ids: number[]): Promise<{ id: number; clips: string[]; coarseKey: string | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: libraryModels.id, clips: libraryModels.clips, coarseKey: libraryModels.coarseKey })
        .from(libraryModels)
        .where(inArray(libraryModels.id, ids));
    },

    async byKey(key: string): Promise<LibraryRow | undefined> {
      const [row] = await db.select().from(libraryModels).where(eq(libraryModels.key, key));
      return row;
    },

    async update(id: number, patch: Partial<NewLibraryRow>, tx: DbOrTx = db): Promise<LibraryRow | undefined> {
      const [row] = await tx
        .update(libraryModels)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(libraryModels.id, id))
        .returning();
      return row;
    },

    /** Forgets the files of generated models built by an older generator (they are built again). */
    async resetStale(version: number): Promise<number> {
      const out = await db
        .update(libraryModels)
        .set({ glbKey: null, thumbKey: null })
        .where(and(eq(libraryModels.source, 'generated'), lt(libraryModels.genVersion, version), sql`glb_key is not null`))
        .returning({ id: libraryModels.id });
      return out.length;
    },

    /** Generated models without files, oldest first. */
    async unbuilt(limit: number): Promise<{ id: number; key: string; nameEn: string }[]> {
      return db
        .select({ id: libraryModels.id, key: libraryModels.key, nameEn: libraryModels.nameEn })
        .from(libraryModels)
        .where(and(sql`glb_key is null`, eq(libraryModels.source, 'generated')))
        .orderBy(asc(libraryModels.id))
        .limit(limit);
    },

    /** Records a generated model's files, unless another process recorded them first. True when this call did. */
    async setBuilt(
      id: number,
      v: {
        glbKey: string;
        thumbKey: string;
        triangles: number;
        bytes: number;
        size: [number, number, number];
        genVersion: number;
      },
    ): Promise<boolean> {
      const out = await db
        .update(libraryModels)
        .set(v)
        .where(and(eq(libraryModels.id, id), isNull(libraryModels.glbKey)))
        .returning({ id: libraryModels.id });
      return out.length > 0;
    },

    /** Refreshes the planner's statistics after a bulk insert (PGlite has no autovacuum to do it). */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze library_models`);
    },

    async insert(row: NewLibraryRow, tx: DbOrTx = db): Promise<LibraryRow> {
      const [out] = await tx.insert(libraryModels).values(row).returning();
      return out!;
    },
  };
}
export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
