import type { NotPurchasableReason } from '@xr/contract/cart';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { AddCommentBody, Comment, MarketItem, MarketSort, ProjectPageQuery, TagRef } from '@xr/contract/market';
import { centsToHkd } from '@xr/contract/money';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { createTtlCache } from '../../lib/ttl-cache';
import type { ProfileService, PublicCard } from '../users/profile.service';
import { canView, isMarketVisible, type Viewer } from './projects.policy';
import {
  type CommentRow,
  createProjectsRepository,
  type MarketDetailsRow,
  type MarketFilter,
  type MarketPlan,
  type NewProjectRow,
  type ProjectCardRow,
  type ProjectRow,
  searchForm,
  type TagJson,
  type TagNames,
  type TagRow,
} from './projects.repository';

export { canView, isMarketVisible, isModerator, type Viewer, whyNotPurchasable } from './projects.policy';
export type { MarketDetailsRow, MarketFilter, MarketPlan, ProjectCardRow, ProjectRow } from './projects.repository';
/** The market's write counter (cached market counts are valid for one value of it), and a note for raw SQL writes. */
export { marketVersion, noteMarketWrite } from './projects.repository';

/** A project as the seed (and later the editor) creates it. */
export type NewProject = Omit<NewProjectRow, 'id' | 'searchText' | 'rating'>;

/** Message key and parameters saying why an item cannot be bought. */
export function notPurchasableMessage(
  reason: NotPurchasableReason,
  p: { id: number; name?: string },
): { messageKey: string; params: Record<string, string | number> } {
  const params = { id: p.id, name: p.name ?? String(p.id) };
  const key = {
    unknown: 'itemUnknown',
    unavailable: 'itemUnavailable',
    not_for_sale: 'itemNotForSale',
    own: 'itemOwn',
    purchased: 'itemPurchased',
  }[reason];
  return { messageKey: key, params };
}

/** The error (40920) for an item that cannot be bought. */
export const notPurchasable = (reason: NotPurchasableReason, p: { id: number; name?: string }) =>
  new AppError(ErrorCode.ITEM_NOT_PURCHASABLE, { field: 'project_ids', ...notPurchasableMessage(reason, p) });

const unknownCreator = (id: number): PublicCard => ({ id, name: '—', avatar: '', introduction: '' });
const average = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 10) / 10 : 0);

/**
 * Projects as the market reads them (the editor and review screens come with their own issues): lookups,
 * market pages, cards with tags and creators (a constant number of queries whatever the page size), the
 * tag catalogue, the counters other modules move (sales, scores), the search text, and comments.
 */
/** A tag as replies carry it: its key and its name in each language (an empty translation falls back to the key). */
function tagRefOf(t: TagRow): TagRef {
  return { id: t.id, name: t.name, names: { zh: t.nameZh || t.name, tc: t.nameTc || t.name, en: t.nameEn || t.name } };
}

/** Tags as the market's one-query reads give them (`[id, name, zh, tc, en]`), the same as `tagRefOf`. */
function tagRefsOf(rows: TagJson[] | null): TagRef[] {
  return (rows ?? []).map(([id, name, zh, tc, en]) => ({ id, name, names: { zh: zh || name, tc: tc || name, en: en || name } }));
}

export function createProjectsService({ db, users, cacheMs = 0 }: { db: Db; users: ProfileService; cacheMs?: number }) {
  const repo = createProjectsRepository(db);
  // The tag catalogue is small and changes rarely: cards read it from memory instead of one query per page.
  const tagCatalogue = createTtlCache<Map<number, TagRef>>(cacheMs, 1);

  async function enabledTagsById(): Promise<Map<number, TagRef>> {
    return tagCatalogue.get('enabled', async () => new Map((await repo.enabledTags()).map((t) => [t.id, tagRefOf(t)])));
  }

  /** Enabled tags among these ids (disabled tags are not shown). */
  async function tagMap(ids: number[]): Promise<Map<number, TagRef>> {
    if (ids.length === 0) return new Map();
    const all = await enabledTagsById();
    return new Map(ids.flatMap((id) => (all.has(id) ? [[id, all.get(id) as TagRef] as const] : [])));
  }

  /** Market cards of these rows, in their order: two batch queries (tags, creators). */
  async function cards(rows: ProjectCardRow[]): Promise<MarketItem[]> {
    if (rows.length === 0) return [];
    const [tagsById, creators] = await Promise.all([
      tagMap(rows.flatMap((r) => r.tagIds)),
      users.publicCards(rows.map((r) => r.ownerId)),
    ]);
    return rows.map((r) => {
      const c = creators.get(r.ownerId) ?? unknownCreator(r.ownerId);
      return {
        id: r.id,
        name: r.name,
        catalog: r.catalog,
        type: r.type,
        price: centsToHkd(r.priceCents),
        is_free: r.priceCents === 0,
        cover: r.cover,
        keywords: r.keywords,
        tags: r.tagIds.map((id) => tagsById.get(id)).filter((t): t is TagRef => !!t),
        creator: { id: c.id, name: c.name, avatar: c.avatar },
        score: average(r.scoreSum, r.scoreCount),
        score_count: r.scoreCount,
        sales_count: r.salesCount,
        created_at: r.createdAt.toISOString(),
      };
    });
  }

  async function refreshSearchText(ids: number[], tx?: DbOrTx): Promise<void> {
    const rows = await repo.byIds(ids, tx ?? db);
    if (rows.length === 0) return;
    const [tagsById, creators] = await Promise.all([
      tagMap(rows.flatMap((r) => r.tagIds)),
      users.publicCards(rows.map((r) => r.ownerId)),
    ]);
    for (const r of rows) {
      const text = searchForm(
        [
          r.name,
          r.keywords,
          r.description,
          ...r.tagIds.flatMap((id) => Object.values(tagsById.get(id)?.names ?? {})),
          creators.get(r.ownerId)?.name ?? '',
        ]
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      await repo.setSearchText(r.id, text, tx ?? db);
    }
  }

  async function commentsOut(rows: CommentRow[]): Promise<Comment[]> {
    const people = await users.publicCards(rows.map((r) => r.userId));
    return rows.map((r) => {
      const u = people.get(r.userId) ?? unknownCreator(r.userId);
      return {
        id: r.id,
        project_id: r.projectId,
        content: r.content,
        reply: r.reply,
        replied_at: iso(r.repliedAt),
        user: { id: u.id, name: u.name, avatar: u.avatar },
        created_at: r.createdAt.toISOString(),
      };
    });
  }

  async function viewable(viewer: Viewer, id: number): Promise<ProjectRow> {
    const row = await repo.byId(id);
    if (!row || !canView(viewer, row)) throw notFound();
    return row;
  }

  return {
    async byId(id: number, tx?: DbOrTx): Promise<ProjectRow | undefined> {
      return repo.byId(id, tx ?? db);
    },

    /** Projects by id, in the caller's transaction when one is passed (checkout prices from these rows). */
    async byIds(ids: number[], tx?: DbOrTx): Promise<ProjectRow[]> {
      return repo.byIds(ids, tx ?? db);
    },

    /** A project the viewer may see (in the market, or their own, or any for moderators); 40401 otherwise. */
    viewable,

    /**
     * One market page as cards, tags and creators included, in one prepared query; `plan` 'matches' sorts the
     * (few) matching rows, 'walk' walks the sort index (see the repository).
     */
    async marketPage(f: MarketFilter, sort: MarketSort, page: number, limit: number, plan: MarketPlan): Promise<MarketItem[]> {
      const rows = await repo.marketPage(f, sort, limit, (page - 1) * limit, plan, users.publicCardSql);
      return rows.map((r) => {
        const c = users.publicCardFrom(r.ownerId, r.creator);
        return {
          id: r.id,
          name: r.name,
          catalog: r.catalog,
          type: r.type,
          price: centsToHkd(r.priceCents),
          is_free: r.priceCents === 0,
          cover: r.cover,
          keywords: r.keywords,
          tags: tagRefsOf(r.tags),
          creator: { id: c.id, name: c.name, avatar: c.avatar },
          score: average(r.scoreSum, r.scoreCount),
          score_count: r.scoreCount,
          sales_count: r.salesCount,
          created_at: r.createdAt.toISOString(),
        };
      });
    },
    /** Market matches of a filter, counted up to MARKET_COUNT_CAP + 1 (beyond the cap the count is not exact). */
    marketCount: (f: MarketFilter) => repo.marketCount(f),
    /**
     * A project with what its page shows, in one prepared query: the row its visibility is decided on, its
     * enabled tags, and the creator's card with their market project count. Undefined when there is no such id.
     */
    async marketDetails(
      id: number,
    ): Promise<{ row: MarketDetailsRow; tags: TagRef[]; creator: PublicCard & { project_count: number } } | undefined> {
      const row = await repo.marketDetails(id, users.publicCardSql);
      if (!row) return undefined;
      return {
        row,
        tags: tagRefsOf(row.tags),
        creator: { ...users.publicCardFrom(row.ownerId, row.creator), project_count: row.creatorProjects },
      };
    },

    /**
     * Cards of projects by id, in the order of `ids` (unknown ids are left out), with whether each is in the
     * market and for sale. `visibleOnly` leaves out those not in the market.
     */
    async cardsByIds(ids: number[], visibleOnly = true): Promise<{ card: MarketItem; visible: boolean; forSale: boolean }[]> {
      const rows = await repo.cardsByIds([...new Set(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids
        .map((id) => byId.get(id))
        .filter((r): r is ProjectCardRow => !!r && (!visibleOnly || isMarketVisible(r)));
      const out = await cards(ordered);
      return out.map((card, i) => ({
        card,
        visible: isMarketVisible(ordered[i] as ProjectCardRow),
        forSale: ordered[i]?.forSale ?? false,
      }));
    },

    cards,

    /** Approved public projects of a user (the creator card). */
    visibleCountByOwner: (ownerId: number) => repo.visibleCountByOwner(ownerId),

    /** Enabled tags (the market's chips). */
    async tagList(): Promise<TagRef[]> {
      return [...(await enabledTagsById()).values()];
    },
    tagMap,
    /** Forgets the cached tag catalogue (after the /projecttag screen changed it). */
    clearTagCache(): void {
      tagCatalogue.clear();
    },

    /** Creates missing tags by name (with display names per language, filling empty ones) and answers name -> id. */
    async ensureTags(entries: (string | TagNames)[], tx?: DbOrTx): Promise<Map<string, number>> {
      const byName = new Map(entries.map((e) => (typeof e === 'string' ? { name: e } : e)).map((e) => [e.name, e]));
      const rows = await repo.ensureTags([...byName.values()], tx ?? db);
      tagCatalogue.clear();
      return new Map(rows.map((t) => [t.name, t.id]));
    },

    /**
     * Creates a project and indexes it for search. `index: false` leaves the indexing to the caller (a caller inside
     * a transaction that cannot reach other connections calls `refreshSearchText` after it commits).
     */
    async create(input: NewProject, tx?: DbOrTx, opts: { index?: boolean } = {}): Promise<ProjectRow> {
      const row = await repo.insert(input, tx ?? db);
      if (opts.index !== false) await refreshSearchText([row.id], tx);
      return row;
    },

    /**
     * Rebuilds the search text (name, keywords, description, tag names, creator name) of these projects. Call it
     * after any of those change, e.g. `refreshSearchTextOfOwner` when a user renames themselves.
     */
    refreshSearchText,
    async refreshSearchTextOfOwner(ownerId: number): Promise<void> {
      await refreshSearchText(await repo.idsByOwner(ownerId));
    },

    /** One more sale for each of these projects (inside the payment transaction). */
    async addSales(ids: number[], tx: DbOrTx): Promise<void> {
      await repo.addSales(ids, tx);
    },

    /** Moves a project's score totals (inside the scoring transaction); answers the new totals. */
    async addScore(id: number, sumDelta: number, countDelta: number, tx: DbOrTx) {
      const row = await repo.addScore(id, sumDelta, countDelta, tx);
      if (!row) throw notFound();
      return { score: average(row.scoreSum, row.scoreCount), scoreCount: row.scoreCount };
    },

    /** Comments of a project the viewer may see, newest first, with the commenters' names and avatars. */
    async commentPage(viewer: Viewer, q: ProjectPageQuery): Promise<Page<Comment>> {
      await viewable(viewer, q.project_id);
      const { rows, total } = await repo.commentPage(q.project_id, q.limit, (q.page - 1) * q.limit);
      return { list: await commentsOut(rows), total, page: q.page, limit: q.limit };
    },

    /** Adds a comment to a project the user may see. */
    async addComment(viewer: NonNullable<Viewer>, input: AddCommentBody): Promise<Comment> {
      await viewable(viewer, input.project_id);
      const row = await repo.insertComment({ projectId: input.project_id, userId: viewer.id, content: input.content });
      const [out] = await commentsOut([row]);
      if (!out) throw new Error('comment vanished');
      return out;
    },

    /** The project owner's reply to a comment (state "replied"); 40401 unless the replier owns the project. */
    async replyToComment(ownerId: number, projectId: number, commentId: number, reply: string): Promise<void> {
      const p = await repo.byId(projectId);
      if (!p || p.ownerId !== ownerId) throw notFound();
      if (!(await repo.setReply(projectId, commentId, reply))) throw notFound();
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
