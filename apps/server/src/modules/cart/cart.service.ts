import type { CartItem, MergeCartReply, NotPurchasableReason } from '@xr/contract/cart';
import type { Page, PageQuery } from '@xr/contract/common';
import type { Lang } from '@xr/contract/lang';
import type { CollectionItem } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import { centsToHkd } from '@xr/contract/money';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { OrdersService } from '../orders/orders.service';
import {
  notPurchasable,
  notPurchasableMessage,
  type ProjectRow,
  type ProjectsService,
  type Viewer,
  whyNotPurchasable,
} from '../projects/projects.service';
import { type CartItemRow, createCartRepository } from './cart.repository';

type Actor = NonNullable<Viewer>;

/**
 * The cart and the wish list. Only projects the user can buy go into the cart (in the market, for sale, not
 * their own, not owned yet); the reasons are the same as checkout's, with the same messages.
 */
export function createCartService({ db, projects, orders }: { db: Db; projects: ProjectsService; orders: OrdersService }) {
  const repo = createCartRepository(db);

  /** Cart lines of these rows: three batch queries (projects, wishes, purchases) whatever the count. */
  async function lines(userId: number, rows: CartItemRow[]): Promise<CartItem[]> {
    const ids = rows.map((r) => r.projectId);
    const [found, wished, owned] = await Promise.all([
      projects.byIds(ids),
      repo.collectedAmong(userId, ids),
      orders.purchasedAmong(userId, ids),
    ]);
    const byId = new Map(found.map((p) => [p.id, p]));
    return rows.map((r) => {
      const p = byId.get(r.projectId);
      return {
        id: r.id,
        project_id: r.projectId,
        project_name: p?.name ?? '',
        project_type: p?.catalog ?? '',
        project_img: p?.cover ?? '',
        project_price: centsToHkd(p?.priceCents ?? 0),
        is_Collection: wished.has(r.projectId),
        available: !!p && whyNotPurchasable(userId, p, owned.has(r.projectId)) === null,
        created_at: r.createdAt.toISOString(),
      };
    });
  }

  /** Splits projects into those the user may put in a cart and those refused (with the reason). */
  async function sort(userId: number, ids: number[]) {
    const [found, owned] = await Promise.all([projects.byIds(ids), orders.purchasedAmong(userId, ids)]);
    const byId = new Map(found.map((p) => [p.id, p]));
    const ok: number[] = [];
    const refused: { id: number; project?: ProjectRow; reason: NotPurchasableReason }[] = [];
    for (const id of ids) {
      const p = byId.get(id);
      const reason = p ? whyNotPurchasable(userId, p, owned.has(id)) : 'unknown';
      if (reason) refused.push({ id, project: p, reason });
      else ok.push(id);
    }
    return { ok, refused };
  }

  return {
    /** POST /shopping_cart/add_cart: adds one project (already in the cart: no change); 40920 when it cannot be bought. */
    async addCart(actor: Actor, projectId: number): Promise<{ item: CartItem; added: boolean }> {
      const { refused } = await sort(actor.id, [projectId]);
      const r = refused[0];
      if (r) throw notPurchasable(r.reason, { id: r.id, name: r.project?.name });
      const before = await repo.inCartAmong(actor.id, [projectId]);
      const rows = await repo.add(actor.id, [projectId]);
      const [item] = await lines(actor.id, rows);
      if (!item) throw notFound();
      return { item, added: !before.has(projectId) };
    },

    /** POST /shopping_cart/merge_cart: adds what can be bought, skips the rest and says why. */
    async mergeCart(actor: Actor, projectIds: number[], lang: Lang): Promise<MergeCartReply> {
      const ids = [...new Set(projectIds)];
      const { ok, refused } = await sort(actor.id, ids);
      await repo.add(actor.id, ok);
      return {
        added: ok,
        skipped: refused.map((r) => {
          const m = notPurchasableMessage(r.reason, { id: r.id, name: r.project?.name });
          return { project_id: r.id, reason: r.reason, message: translateMessage(m.messageKey, lang, m.params) };
        }),
        count: await repo.count(actor.id),
      };
    },

    /** POST /shopping_cart/del_cart: removes one line of the caller's cart (another user's line: 40401). */
    async delCart(actor: Actor, cartId: number): Promise<{ project_id: number }> {
      const row = await repo.remove(actor.id, cartId);
      if (!row) throw notFound();
      return { project_id: row.projectId };
    },

    /** GET /shopping_cart/cart_page: the caller's cart, newest first. */
    async cartPage(actor: Actor, q: PageQuery): Promise<Page<CartItem>> {
      const { rows, total } = await repo.page(actor.id, q.limit, (q.page - 1) * q.limit);
      return { list: await lines(actor.id, rows), total, page: q.page, limit: q.limit };
    },

    /** Takes bought projects out of the buyer's cart (inside the payment transaction). */
    async removeProjects(userId: number, projectIds: number[], tx: DbOrTx): Promise<void> {
      await repo.removeProjects(userId, projectIds, tx);
    },

    /** Whether a project is in the user's cart and wish list (the details page flags). */
    async flags(userId: number, projectId: number): Promise<{ inCart: boolean; isCollection: boolean }> {
      const [cart, wished] = await Promise.all([repo.inCartAmong(userId, [projectId]), repo.collectedAmong(userId, [projectId])]);
      return { inCart: cart.has(projectId), isCollection: wished.has(projectId) };
    },

    /** POST /collection/add_collection: toggles the wish on a project the user may see. */
    async toggleCollection(actor: Actor, projectId: number): Promise<{ project_id: number; is_collection: boolean }> {
      await projects.viewable(actor, projectId);
      return { project_id: projectId, is_collection: await repo.toggleCollection(actor.id, projectId) };
    },

    /**
     * GET /collection/collection_page (the /wishlist screen): wished projects, newest wish first. A project that
     * left the market stays listed with `available: false` until the user removes the wish.
     */
    async collectionPage(actor: Actor, q: PageQuery): Promise<Page<CollectionItem>> {
      const { rows, total } = await repo.collectionPage(actor.id, q.limit, (q.page - 1) * q.limit);
      const cards = await projects.cardsByIds(
        rows.map((r) => r.projectId),
        false,
      );
      const byId = new Map(cards.map((c) => [c.card.id, c]));
      const list = rows.flatMap((r) => {
        const c = byId.get(r.projectId);
        return c ? [{ ...c.card, collected_at: r.createdAt.toISOString(), available: c.visible && c.forSale }] : [];
      });
      return { list, total, page: q.page, limit: q.limit };
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
