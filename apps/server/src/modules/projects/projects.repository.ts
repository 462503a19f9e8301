import { MARKET_COUNT_CAP, type MarketSort } from '@xr/contract/market';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments, projects, tags } from './projects.table';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
/** A tag's key and, optionally, its display names per language. */
export interface TagNames {
  name: string;
  zh?: string;
  tc?: string;
  en?: string;
}

let marketWrites = 0;
/**
 * The market's write counter: every write through this module that can change which projects a market filter
 * matches (insert, update, review decision, delete, search text, tag merge) moves it, so cached market counts
 * (MarketService) are read again by the next list. Process-wide, as the writes are; another process's writes are
 * seen when its entries expire (MARKET_COUNT_CACHE_SECONDS). Sales and scores do not move it (no count changes).
 */
export const marketVersion = (): number => marketWrites;
/** Notes a write of market rows made outside this module's repositories (raw SQL in tests and seeds). */
export function noteMarketWrite(): void {
  marketWrites++;
}
/**
 * Runs a write of market rows, moving the counter before and after it: a count that started before the write, or
 * overlapped it, is not kept (createTtlCache's `version`).
 */
export async function marketWrite<T>(write: () => PromiseLike<T>): Promise<T> {
  noteMarketWrite();
  try {
    return await write();
  } finally {
    noteMarketWrite();
  }
}

/** Filters of the market list. `terms` are lower-cased words that must all occur in the search text. */
export interface MarketFilter {
  catalog?: ProjectRow['catalog'];
  tagIds?: number[];
  minCents?: number;
  maxCents?: number;
  terms?: string[];
}

/** Columns of a market card (no description or images: the list stays small). */
const cardColumns = {
  id: projects.id,
  ownerId: projects.ownerId,
  name: projects.name,
  catalog: projects.catalog,
  type: projects.type,
  priceCents: projects.priceCents,
  keywords: projects.keywords,
  cover: projects.cover,
  tagIds: projects.tagIds,
  forSale: projects.forSale,
  isPublic: projects.isPublic,
  reviewStatus: projects.reviewStatus,
  salesCount: projects.salesCount,
  scoreSum: projects.scoreSum,
  scoreCount: projects.scoreCount,
  createdAt: projects.createdAt,
};
export type ProjectCardRow = { [K in keyof typeof cardColumns]: ProjectRow[K] };

/** Columns of the details page (no search text, view count or review reason). */
const detailsColumns = {
  ...cardColumns,
  description: projects.description,
  images: projects.images,
  updatedAt: projects.updatedAt,
};
/** A market card row with its tags and creator card (as `publicCardSql` gives it). */
export type MarketPageRow = ProjectCardRow & { tags: TagJson[] | null; creator: unknown };
/** A details row with its tags, creator card and the creator's market project count. */
export type MarketDetailsRow = { [K in keyof typeof detailsColumns]: ProjectRow[K] } & {
  tags: TagJson[] | null;
  creator: unknown;
  creatorProjects: number;
};
type MarketPageQuery = { execute(p: Record<string, unknown>): Promise<MarketPageRow[]> };
type MarketCountQuery = { execute(p: Record<string, unknown>): Promise<{ n: number }[]> };
type MarketDetailsQuery = { execute(p: Record<string, unknown>): Promise<MarketDetailsRow[]> };

/**
 * Approved and public, written exactly as the partial indexes' predicate (literal values, not parameters)
 * so the planner can use them.
 */
const visible = sql`${projects.reviewStatus} = 'approved' and ${projects.isPublic}`;

/** Characters of scripts written without spaces (Chinese, Japanese kana, Korean), where one- and two-character words are common. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;

/**
 * The form text is searched in: lower-cased, with every CJK character tripled. pg_trgm indexes trigrams, so a
 * one- or two-character Chinese word would otherwise have none and force a full scan; tripled, 京都 becomes
 * 京京京都都都, whose trigrams the index finds. Tripling each character keeps substring matches exact.
 */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(CJK, (c) => c + c + c);
}

/** `%text%` for LIKE with the pattern characters of the text escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The shape of a market filter: which conditions it has (its values travel as parameters). Each shape has its
 * own prepared statements, so a hot list request neither rebuilds its SQL nor (on PostgreSQL) re-parses it.
 */
interface MarketShape {
  catalog: boolean;
  tags: boolean;
  min: boolean;
  max: boolean;
  terms: number;
}

const shapeOf = (f: MarketFilter): MarketShape => ({
  catalog: !!f.catalog,
  tags: !!f.tagIds?.length,
  min: f.minCents !== undefined,
  max: f.maxCents !== undefined,
  terms: f.terms?.length ?? 0,
});
const shapeKey = (s: MarketShape) =>
  `${s.catalog ? 'c' : ''}${s.tags ? 't' : ''}${s.min ? 'l' : ''}${s.max ? 'h' : ''}${s.terms}`;

/** The parameters of a filter, by the placeholder names of `marketWhere`. */
function filterParams(f: MarketFilter): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (f.catalog) params.catalog = f.catalog;
  if (f.tagIds?.length) params.tags = `{${f.tagIds.join(',')}}`;
  if (f.minCents !== undefined) params.min = f.minCents;
  if (f.maxCents !== undefined) params.max = f.maxCents;
  // search_text is stored in search form (lower-cased, CJK tripled), so LIKE on a term in the same form is a
  // case-insensitive substring match that the pg_trgm index serves.
  (f.terms ?? []).forEach((term, i) => {
    params[`t${i}`] = likePattern(searchForm(term));
  });
  return params;
}

function marketWhere(s: MarketShape): SQL | undefined {
  const parts: (SQL | undefined)[] = [visible];
  if (s.catalog) parts.push(sql`${projects.catalog} = ${sql.placeholder('catalog')}`);
  if (s.tags) parts.push(sql`${projects.tagIds} && ${sql.placeholder('tags')}::integer[]`);
  if (s.min) parts.push(sql`${projects.priceCents} >= ${sql.placeholder('min')}`);
  if (s.max) parts.push(sql`${projects.priceCents} <= ${sql.placeholder('max')}`);
  for (let i = 0; i < s.terms; i++) parts.push(sql`${projects.searchText} like ${sql.placeholder(`t${i}`)}`);
  return and(...parts);
}

/**
 * A project's enabled tags as one JSON value, in the project's order: `[[id, name, zh, tc, en], …]` (null
 * without any). Raw SQL with the outer table named, as Drizzle leaves columns unqualified in one-table selects.
 */
const TAGS_JSON = sql.raw(
  `(select json_agg(json_build_array(t.id, t.name, t.name_zh, t.name_tc, t.name_en) order by array_position("projects"."tag_ids", t.id)) from tags t where t.id = any("projects"."tag_ids") and t.enabled)`,
);
/** The creator's approved public projects (the details' creator card). */
const CREATOR_PROJECTS = sql.raw(
  `(select count(*)::int from projects p2 where p2.owner_id = "projects"."owner_id" and p2.review_status = 'approved' and p2.is_public)`,
);
/** One tag as TAGS_JSON gives it. */
export type TagJson = [number, string, string, string, string];
/** Embeds a creator's public card given the outer column (the users module's SQL, see ProfileService.publicCardSql). */
export type CardSql = (userIdRef: string) => SQL;

/** Sort orders that walk the market's sort indexes: best when many rows match (the first page is found early). */
const ORDER: Record<MarketSort, SQL[]> = {
  newest: [sql`${projects.createdAt} desc`, sql`${projects.id} desc`],
  price_asc: [asc(projects.priceCents), asc(projects.id)],
  price_desc: [desc(projects.priceCents), desc(projects.id)],
  popular: [sql`${projects.salesCount} desc`, sql`${projects.id} desc`],
  rating: [sql`${projects.rating} desc`, sql`${projects.scoreCount} desc`, sql`${projects.id} desc`],
};

/**
 * The same orders as expressions no index provides, so the planner fetches the matching rows through the filter's
 * own index (trigram, tags) and sorts them: best when few rows match, where walking a sort index would read
 * most of the table before finding a page.
 */
const ORDER_OF_MATCHES: Record<MarketSort, SQL[]> = {
  newest: [sql`${projects.createdAt} + interval '0 seconds' desc`, sql`${projects.id} + 0 desc`],
  price_asc: [sql`${projects.priceCents} + 0 asc`, sql`${projects.id} + 0 asc`],
  price_desc: [sql`${projects.priceCents} + 0 desc`, sql`${projects.id} + 0 desc`],
  popular: [sql`${projects.salesCount} + 0 desc`, sql`${projects.id} + 0 desc`],
  rating: [sql`${projects.rating} + 0 desc`, sql`${projects.scoreCount} + 0 desc`, sql`${projects.id} + 0 desc`],
};

/** How the page is read: walking a sort index, or sorting the (few) matching rows. */
export type MarketPlan = 'walk' | 'matches';

/** The only code that touches the projects, comments and tags tables. */
export function createProjectsRepository(db: DbOrTx) {
  // The market's hot reads, prepared once each (by name: the SQL of a shape never changes).
  const prepared = new Map<string, unknown>();
  return {
    async byId(id: number, tx: DbOrTx = db): Promise<ProjectRow | undefined> {
      const [row] = await tx.select().from(projects).where(eq(projects.id, id));
      return row;
    },
    async byIds(ids: number[], tx: DbOrTx = db): Promise<ProjectRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(projects).where(inArray(projects.id, ids));
    },
    /** Market cards by id (any state; the caller decides what to show). */
    async cardsByIds(ids: number[]): Promise<ProjectCardRow[]> {
      if (ids.length === 0) return [];
      return db.select(cardColumns).from(projects).where(inArray(projects.id, ids));
    },
    /**
     * One page of the market, read by the given plan, each row with its enabled tags and its creator's card
     * (`cardSql`, from the users module) in the same query. Prepared once per filter shape, sort and plan.
     */
    async marketPage(
      f: MarketFilter,
      sort: MarketSort,
      limit: number,
      offset: number,
      plan: MarketPlan,
      cardSql: CardSql,
    ): Promise<MarketPageRow[]> {
      const shape = shapeOf(f);
      const name = `mkt_page_${shapeKey(shape)}_${sort}_${plan}`;
      let q = prepared.get(name) as MarketPageQuery | undefined;
      if (!q) {
        q = db
          .select({
            ...cardColumns,
            tags: sql<TagJson[] | null>`${TAGS_JSON}`,
            creator: sql<unknown>`${cardSql('"projects"."owner_id"')}`,
          })
          .from(projects)
          .where(marketWhere(shape))
          .orderBy(...(plan === 'walk' ? ORDER : ORDER_OF_MATCHES)[sort])
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name);
        prepared.set(name, q);
      }
      return q.execute({ ...filterParams(f), limit, offset });
    },
    /** The number of market matches, counted up to MARKET_COUNT_CAP + 1 (so it costs at most that many index entries). */
    async marketCount(f: MarketFilter): Promise<number> {
      const shape = shapeOf(f);
      const name = `mkt_count_${shapeKey(shape)}`;
      let q = prepared.get(name) as MarketCountQuery | undefined;
      if (!q) {
        const matches = db
          .select({ one: sql`1` })
          .from(projects)
          .where(marketWhere(shape))
          .limit(MARKET_COUNT_CAP + 1)
          .as('matches');
        q = db.select({ n: sql<number>`count(*)::int` }).from(matches).prepare(name);
        prepared.set(name, q);
      }
      const [row] = await q.execute(filterParams(f));
      return Number(row?.n ?? 0);
    },
    /** A project with what its market page shows (tags, creator card and project count) in one prepared query. */
    async marketDetails(id: number, cardSql: CardSql): Promise<MarketDetailsRow | undefined> {
      let q = prepared.get('mkt_details') as MarketDetailsQuery | undefined;
      if (!q) {
        q = db
          .select({
            ...detailsColumns,
            tags: sql<TagJson[] | null>`${TAGS_JSON}`,
            creator: sql<unknown>`${cardSql('"projects"."owner_id"')}`,
            creatorProjects: sql<number>`${CREATOR_PROJECTS}`,
          })
          .from(projects)
          .where(eq(projects.id, sql.placeholder('id')))
          .prepare('mkt_details');
        prepared.set('mkt_details', q);
      }
      const [row] = await q.execute({ id });
      return row;
    },
    /** How many approved public projects a user has (the creator card). */
    async visibleCountByOwner(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(projects)
        .where(and(visible, eq(projects.ownerId, ownerId)));
      return row?.n ?? 0;
    },
    async idsByOwner(ownerId: number): Promise<number[]> {
      const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, ownerId));
      return rows.map((r) => r.id);
    },
    async insert(values: NewProjectRow, tx: DbOrTx = db): Promise<ProjectRow> {
      const [row] = await marketWrite(() => tx.insert(projects).values(values).returning());
      if (!row) throw new Error('project insert returned nothing');
      return row;
    },
    async setSearchText(id: number, searchText: string, tx: DbOrTx = db): Promise<void> {
      await marketWrite(() => tx.update(projects).set({ searchText }).where(eq(projects.id, id)));
    },
    /** One more sale for each project. */
    async addSales(ids: number[], tx: DbOrTx = db): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(projects)
        .set({ salesCount: sql`${projects.salesCount} + 1` })
        .where(inArray(projects.id, ids));
    },
    /** Moves the score totals by a delta (a new score, or a changed one). */
    async addScore(id: number, sumDelta: number, countDelta: number, tx: DbOrTx = db): Promise<ProjectRow | undefined> {
      const [row] = await tx
        .update(projects)
        .set({ scoreSum: sql`${projects.scoreSum} + ${sumDelta}`, scoreCount: sql`${projects.scoreCount} + ${countDelta}` })
        .where(eq(projects.id, id))
        .returning();
      return row;
    },

    // --- Tags ---

    async tagsByIds(ids: number[]): Promise<TagRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(tags).where(inArray(tags.id, ids));
    },
    async enabledTags(): Promise<TagRow[]> {
      return db.select().from(tags).where(eq(tags.enabled, true)).orderBy(asc(tags.sort), asc(tags.id));
    },
    /** The /projecttag list: by order then id; `keyword` matches the key or any display name. */
    async tagPage(f: { keyword?: string; enabled?: boolean }, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (f.enabled !== undefined) conds.push(eq(tags.enabled, f.enabled));
      if (f.keyword) {
        const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const m = or(ilike(tags.name, like), ilike(tags.nameZh, like), ilike(tags.nameTc, like), ilike(tags.nameEn, like));
        if (m) conds.push(m);
      }
      const where = conds.length ? and(...conds) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select().from(tags).where(where).orderBy(asc(tags.sort), asc(tags.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(tags).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async tagById(id: number, tx: DbOrTx = db): Promise<TagRow | undefined> {
      const [row] = await tx.select().from(tags).where(eq(tags.id, id));
      return row;
    },
    async insertTag(values: typeof tags.$inferInsert, tx: DbOrTx = db): Promise<TagRow> {
      const [row] = await tx.insert(tags).values(values).returning();
      if (!row) throw new Error('tag insert returned nothing');
      return row;
    },
    async updateTag(id: number, values: Partial<typeof tags.$inferInsert>, tx: DbOrTx = db): Promise<TagRow | undefined> {
      const [row] = await tx.update(tags).set(values).where(eq(tags.id, id)).returning();
      return row;
    },
    /** Projects carrying each of these tags. */
    async tagUsage(ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: tags.id,
          // raw names: Drizzle leaves columns unqualified in a one-table select, and `id` would mean the project's
          n: sql<number>`(select count(*)::int from projects p where p.tag_ids @> array[tags.id]::integer[])`.mapWith(Number),
        })
        .from(tags)
        .where(inArray(tags.id, ids));
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    /** Ids of the projects carrying a tag. */
    async projectIdsWithTag(id: number, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx.select({ id: projects.id }).from(projects).where(sql`${projects.tagIds} @> array[${id}]::integer[]`);
      return rows.map((r) => r.id);
    },
    /** Replaces tag `from` by `into` on every project (no duplicates), then deletes `from`; answers the projects moved. */
    async mergeTag(from: number, into: number, tx: DbOrTx): Promise<number[]> {
      const moved = await marketWrite(() =>
        tx
          .update(projects)
          .set({
            tagIds: sql`array(select distinct x from unnest(array_replace(${projects.tagIds}, ${from}::integer, ${into}::integer)) as x order by x)`,
          })
          .where(sql`${projects.tagIds} @> array[${from}]::integer[]`)
          .returning({ id: projects.id }),
      );
      await tx.delete(tags).where(eq(tags.id, from));
      return moved.map((r) => r.id);
    },
    /**
     * Creates the tags that do not exist yet and answers all of them. Display names given here fill a tag's empty
     * ones (an admin's own translations are never overwritten).
     */
    async ensureTags(entries: TagNames[], tx: DbOrTx = db): Promise<TagRow[]> {
      if (entries.length === 0) return [];
      const fill = (col: 'name_zh' | 'name_tc' | 'name_en') =>
        sql.raw(`case when tags.${col} = '' then excluded.${col} else tags.${col} end`);
      await tx
        .insert(tags)
        .values(entries.map((e) => ({ name: e.name, nameZh: e.zh ?? '', nameTc: e.tc ?? '', nameEn: e.en ?? '' })))
        .onConflictDoUpdate({
          target: tags.name,
          set: { nameZh: fill('name_zh'), nameTc: fill('name_tc'), nameEn: fill('name_en') },
        });
      return tx
        .select()
        .from(tags)
        .where(
          inArray(
            tags.name,
            entries.map((e) => e.name),
          ),
        );
    },

    // --- Comments ---

    async commentPage(projectId: number, limit: number, offset: number): Promise<{ rows: CommentRow[]; total: number }> {
      const where = eq(comments.projectId, projectId);
      const [rows, [total]] = await Promise.all([
        db.select().from(comments).where(where).orderBy(desc(comments.createdAt), desc(comments.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(comments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async insertComment(values: typeof comments.$inferInsert, tx: DbOrTx = db): Promise<CommentRow> {
      const [row] = await tx.insert(comments).values(values).returning();
      if (!row) throw new Error('comment insert returned nothing');
      return row;
    },
    async setReply(projectId: number, commentId: number, reply: string, tx: DbOrTx = db): Promise<CommentRow | undefined> {
      const [row] = await tx
        .update(comments)
        .set({ reply, repliedAt: new Date() })
        .where(and(eq(comments.id, commentId), eq(comments.projectId, projectId)))
        .returning();
      return row;
    },
  };
}
export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
