import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import {
  type ItemListQuery,
  MARKET_COUNT_CAP,
  type MarketPage,
  type ProjectDetails,
  type ProjectPageQuery,
  type Review,
  type ScoreSummary,
  type SetScoreBody,
  type TagRef,
} from '@xr/contract/market';
import { centsToHkd, hkdToCents } from '@xr/contract/money';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createTtlCache } from '../../lib/ttl-cache';
import type { CartService } from '../cart/cart.service';
import type { OrdersService } from '../orders/orders.service';
import {
  canView,
  isMarketVisible,
  type MarketDetailsRow,
  type MarketFilter,
  marketVersion,
  type ProjectsService,
  type Viewer,
} from '../projects/projects.service';
import type { ProfileService } from '../users/profile.service';
import { createMarketRepository } from './market.repository';

/** Most words of a keyword search that are matched (each must occur). */
const MAX_TERMS = 5;
/**
 * Up to this many matches the page is sorted from the matching rows; above it a sort index is walked (it meets
 * a page of matches within (offset + limit) × visible / matches rows).
 */
const FEW_MATCHES = 2000;

export interface MarketOptions {
  /**
   * How long public reads are reused (ms): list pages and totals (identical for every caller) and the public part
   * of product details (the caller's flags are always fresh). Concurrent identical reads share one load.
   * 0 turns it off.
   */
  cacheMs?: number;
  /**
   * How long a filter's capped count (a list's total) is reused (ms), at least `cacheMs`. The count of a search
   * or a big catalogue costs more than its page (up to MARKET_COUNT_CAP + 1 index probes against a page's few),
   * so with it reused a list is one query. Writes of market rows in this process renew it at once (the projects
   * module's `marketVersion`), so a visitor never sees an old total after a change made here; another process's
   * writes show within this time. 0 (and `cacheMs` 0) counts on every list call.
   */
  countCacheMs?: number;
}

/**
 * The part of the details that is the same for every caller, with the row its visibility is decided on, and the
 * whole reply for visitors (one object per cache entry, so the route serializes it once).
 */
type PublicDetails = {
  row: MarketDetailsRow;
  base: Omit<ProjectDetails, 'in_cart' | 'is_collection' | 'purchased' | 'is_owner' | 'can_score' | 'my_score'>;
  anonymous: ProjectDetails;
};
const NO_FLAGS = { in_cart: false, is_collection: false, purchased: false, is_owner: false, can_score: false, my_score: null };

/** The market's filter from the query: lower-cased distinct words, prices in cents. */
export function marketFilterOf(q: ItemListQuery): MarketFilter {
  const terms = [...new Set((q.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  return {
    catalog: q.catalog,
    tagIds: q.tag_ids?.length ? [...q.tag_ids].sort((a, b) => a - b) : undefined,
    minCents: q.min_price === undefined ? undefined : hkdToCents(q.min_price),
    maxCents: q.max_price === undefined ? undefined : hkdToCents(q.max_price),
    terms: terms.length ? terms : undefined,
  };
}

/**
 * The storefront: the market list, product details with the caller's flags, tags, and scores (reviews).
 * A list page is one or two prepared queries (a capped count, the page with its tags and creators); the public
 * part of the details is one.
 */
export function createMarketService(
  deps: { db: Db; projects: ProjectsService; cart: CartService; orders: OrdersService; users: ProfileService },
  opts: MarketOptions = {},
) {
  const { db, projects, cart, orders, users } = deps;
  const repo = createMarketRepository(db);
  const ttl = opts.cacheMs ?? 0;
  const counts = createTtlCache<number>(Math.max(ttl, opts.countCacheMs ?? 0), 5000, marketVersion);
  const pages = createTtlCache<MarketPage>(ttl);
  const publicDetails = createTtlCache<PublicDetails | null>(ttl);

  const countOf = (f: MarketFilter) => counts.get(JSON.stringify(f), () => projects.marketCount(f));

  /** The project, its tags and its creator card in one query. */
  async function loadPublicDetails(id: number): Promise<PublicDetails | null> {
    const found = await projects.marketDetails(id);
    if (!found) return null;
    const { row: p, tags, creator } = found;
    // In the schema's field order (projectDetails): production serializes this object as it is (market.routes.ts).
    const base: PublicDetails['base'] = {
      id: p.id,
      name: p.name,
      catalog: p.catalog,
      type: p.type,
      price: centsToHkd(p.priceCents),
      is_free: p.priceCents === 0,
      cover: p.cover,
      keywords: p.keywords,
      tags,
      creator,
      score: p.scoreCount > 0 ? Math.round((p.scoreSum / p.scoreCount) * 10) / 10 : 0,
      score_count: p.scoreCount,
      sales_count: p.salesCount,
      created_at: p.createdAt.toISOString(),
      description: p.description,
      images: p.images,
      for_sale: p.forSale,
      is_public: p.isPublic,
      review_status: p.reviewStatus,
      updated_at: p.updatedAt.toISOString(),
    };
    return { row: p, base, anonymous: { ...base, ...NO_FLAGS } };
  }

  return {
    /**
     * GET /home_page/item_list: approved public projects, filtered, searched and sorted. One or two prepared
     * queries: a count that stops after MARKET_COUNT_CAP matches (`total_exact: false` beyond it, "10,000+"),
     * and the page with its tags and creators. A narrowing filter (words, tags, prices) is counted first, as the
     * count picks the page's plan: few matches are fetched through the filter's index and sorted, many are read
     * by walking the sort index; otherwise both run at once. None while the page is cached, and no count while the
     * filter's total is (`countCacheMs`): then a list is one query.
     */
    async itemList(q: ItemListQuery): Promise<MarketPage> {
      const f = marketFilterOf(q);
      return pages.get(JSON.stringify([f, q.sort, q.page, q.limit]), async () => {
        const narrow = !!(f.terms || f.tagIds || f.minCents !== undefined || f.maxCents !== undefined);
        const reply = (counted: number, list: MarketPage['list']): MarketPage => ({
          list,
          total: Math.min(counted, MARKET_COUNT_CAP),
          page: q.page,
          limit: q.limit,
          total_exact: counted <= MARKET_COUNT_CAP,
        });
        if (!narrow) {
          const [counted, list] = await Promise.all([countOf(f), projects.marketPage(f, q.sort, q.page, q.limit, 'walk')]);
          return reply(counted, list);
        }
        const counted = await countOf(f);
        const offset = (q.page - 1) * q.limit;
        if (counted <= MARKET_COUNT_CAP && offset >= counted) return reply(counted, []);
        const plan = counted <= FEW_MATCHES ? 'matches' : 'walk';
        return reply(counted, await projects.marketPage(f, q.sort, q.page, q.limit, plan));
      });
    },

    /** Enabled tags for the market's chips. */
    tagList: (): Promise<TagRef[]> => projects.tagList(),

    /**
     * GET /project/front_project_details: a project in the market (or the caller's own, or any for moderators;
     * otherwise 40401) with its creator card and the caller's flags.
     */
    async details(viewer: Viewer, id: number): Promise<ProjectDetails> {
      // Only market projects are served from the cache; anything else is read fresh for its owner or a moderator.
      let pub = await publicDetails.get(String(id), () => loadPublicDetails(id));
      if (pub && !isMarketVisible(pub.row)) pub = await loadPublicDetails(id);
      if (!pub || !canView(viewer, pub.row)) throw notFound();
      if (!viewer) return pub.anonymous;
      const p = pub.row;
      const [flags, owned, mine] = await Promise.all([
        cart.flags(viewer.id, p.id),
        orders.purchasedAmong(viewer.id, [p.id]),
        repo.scoreOf(viewer.id, p.id),
      ]);
      const isOwner = viewer.id === p.ownerId;
      const purchased = owned.has(p.id);
      return {
        ...pub.base,
        in_cart: flags.inCart,
        is_collection: flags.isCollection,
        purchased,
        is_owner: isOwner,
        can_score: !isOwner && (purchased || (p.priceCents === 0 && isMarketVisible(p))),
        my_score: mine ? { score: mine.score, content: mine.content } : null,
      };
    },

    /**
     * POST /home_page/set_score: buyers (or anyone signed in, for a free project in the market) score 1-5 with
     * an optional text; one score per user and project, changeable. The project's totals move by the difference
     * in the same transaction, so they always equal the sum and count of the scores.
     */
    async setScore(actor: NonNullable<Viewer>, input: SetScoreBody): Promise<ScoreSummary> {
      const p = await projects.byId(input.project_id);
      if (!p) throw notFound();
      if (p.ownerId === actor.id) throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'scoreOwnProject' });
      const purchased = (await orders.purchasedAmong(actor.id, [p.id])).has(p.id);
      if (!purchased && !isMarketVisible(p)) throw notFound();
      if (!purchased && p.priceCents > 0) throw new AppError(ErrorCode.FORBIDDEN, { messageKey: 'scoreBuyersOnly' });
      const content = input.content ?? '';
      return db.transaction(async (tx) => {
        await repo.lockScorer(actor.id, tx);
        const before = await repo.scoreOf(actor.id, p.id, tx);
        if (before) await repo.updateScore(before.id, input.score, content, tx);
        else await repo.insertScore({ projectId: p.id, userId: actor.id, score: input.score, content }, tx);
        const totals = await projects.addScore(p.id, input.score - (before?.score ?? 0), before ? 0 : 1, tx);
        return { score: totals.score, score_count: totals.scoreCount, my_score: { score: input.score, content } };
      });
    },

    /** GET /home_page/score_page: the reviews (scores with their text) of a project the viewer may see. */
    async scorePage(viewer: Viewer, q: ProjectPageQuery): Promise<Page<Review>> {
      await projects.viewable(viewer, q.project_id);
      const { rows, total } = await repo.page(q.project_id, q.limit, (q.page - 1) * q.limit);
      const people = await users.publicCards(rows.map((r) => r.userId));
      const list = rows.map((r) => {
        const u = people.get(r.userId);
        return {
          id: r.id,
          score: r.score,
          content: r.content,
          user: { id: r.userId, name: u?.name ?? '—', avatar: u?.avatar ?? '' },
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        };
      });
      return { list, total, page: q.page, limit: q.limit };
    },
  };
}
export type MarketService = ReturnType<typeof createMarketService>;
