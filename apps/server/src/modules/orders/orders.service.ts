import crypto from 'node:crypto';
import type { Page, PageQuery } from '@xr/contract/common';
import { CURRENCY } from '@xr/contract/constants';
import { centsToHkd } from '@xr/contract/money';
import {
  type LibraryItem,
  ORDER_NO_PREFIX,
  type OrderLine,
  type OrderRow as OrderOut,
  type OrderPageQuery,
  type OrderStatus,
  type PlacedOrder,
} from '@xr/contract/orders';
import type { OrderPlanLine } from '@xr/contract/plans';
import type { Db, DbOrTx } from '../../db/client';
import { iso } from '../../lib/http';
import type { ProjectsService } from '../projects/projects.service';
import { createOrdersRepository, type OrderFilter, type OrderItemRow, type OrderRow } from './orders.repository';
import type { StoredPlanLine } from './plan-line';

export type { OrderItemRow, OrderRow } from './orders.repository';

/** Permission of the all-orders view of /orderlist. */
export const ALL_ORDERS_PERMISSION = '/orderlist/all';
/** Dates of the order search are Hong Kong days (the currency's market; UTC+8 all year). */
const DAY_OFFSET = '+08:00';

export interface OrderActor {
  id: number;
  permissions: ReadonlySet<string>;
}

/** One line of a new order, priced from the database by the checkout workflow. */
export interface NewOrderLine {
  projectId: number;
  sellerId: number;
  name: string;
  priceCents: number;
}

/** The sorted, comma-joined ids that identify "the same items". */
export const itemsKeyOf = (projectIds: number[]) => [...new Set(projectIds)].sort((a, b) => a - b).join(',');

/** A pending order past its expiry is expired, whether or not a job has rewritten its row yet. */
export function effectiveStatus(order: Pick<OrderRow, 'status' | 'expiresAt'>, now = new Date()): OrderStatus {
  return order.status === 'pending' && order.expiresAt.getTime() <= now.getTime() ? 'expired' : order.status;
}

/** `SDK` + Hong Kong time to the second + 6 random digits, e.g. SDK20250301143015123456. */
function newOrderNo(now: Date): string {
  const hk = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${ORDER_NO_PREFIX}${hk}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;
}

const lineOf = (i: OrderItemRow): OrderLine => ({
  project_id: i.projectId,
  project_name: i.projectName,
  project_price: centsToHkd(i.priceCents),
});

/** The plan line of an order as the invoice shows it (HKD), or null for an order of projects. */
export function planInfoOf(order: Pick<OrderRow, 'planLine'>): OrderPlanLine | null {
  const p = order.planLine;
  return p ? { combo_id: p.combo_id, names: p.names, level: p.level, period: p.period, price: centsToHkd(p.price_cents) } : null;
}

/** The items key of a plan order: one pending order per buyer and plan. */
export const planItemsKey = (comboId: number) => `plan:${comboId}`;

/** The invoice view of an order (spec section 3 "Order"). */
export function placedOrderOf(order: OrderRow, items: OrderItemRow[]): PlacedOrder {
  return {
    order_on: order.orderNo,
    created_at: order.createdAt.toISOString(),
    user_email: order.userEmail,
    amount: centsToHkd(order.amountCents),
    currency: order.currency,
    status: effectiveStatus(order),
    expires_at: order.expiresAt.toISOString(),
    project_info: items.map(lineOf),
    plan_info: planInfoOf(order),
  };
}

/**
 * Orders, their items and the buyer library. Placing and paying are workflows (checkout, payment-notify) that
 * call the transactional steps here; this service alone reads and writes the orders tables.
 */
export function createOrdersService({ db, projects }: { db: Db; projects: ProjectsService }) {
  const repo = createOrdersRepository(db);

  return {
    /** Which of these projects the user already owns. */
    async purchasedAmong(userId: number, projectIds: number[], tx?: DbOrTx): Promise<Set<number>> {
      return repo.purchasedAmong(userId, projectIds, tx ?? db);
    },

    /** Whether anybody owns the project (its creator may then withdraw it, not delete it). */
    hasBuyers: (projectId: number, tx?: DbOrTx) => repo.hasBuyers(projectId, tx ?? db),

    /**
     * GET /order/order_page: the caller's orders, or everyone's for holders of `/orderlist/all` (who may search
     * by order number, user email and Hong Kong dates). Two queries for the page plus one for its items.
     */
    async orderPage(actor: OrderActor, q: OrderPageQuery): Promise<Page<OrderOut>> {
      const all = actor.permissions.has(ALL_ORDERS_PERMISSION);
      const f: OrderFilter = {
        userId: all ? undefined : actor.id,
        orderNo: q.order_on,
        email: all ? q.user_email : undefined,
        from: q.start_date ? new Date(`${q.start_date}T00:00:00${DAY_OFFSET}`) : undefined,
        to: q.end_date ? new Date(new Date(`${q.end_date}T00:00:00${DAY_OFFSET}`).getTime() + 86_400_000) : undefined,
        status: q.status,
      };
      const { rows, total } = await repo.page(f, q.limit, (q.page - 1) * q.limit);
      const items = await repo.itemsOf(rows.map((r) => r.id));
      const now = new Date();
      const list = rows.map((o) => ({
        id: o.id,
        order_on: o.orderNo,
        user_id: o.userId,
        user_email: o.userEmail,
        pay_type: o.payType,
        status: effectiveStatus(o, now),
        amount: centsToHkd(o.amountCents),
        currency: o.currency,
        created_at: o.createdAt.toISOString(),
        paid_at: iso(o.paidAt),
        expires_at: o.expiresAt.toISOString(),
        items: items.filter((i) => i.orderId === o.id).map(lineOf),
        plan_info: planInfoOf(o),
      }));
      return { list, total, page: q.page, limit: q.limit };
    },

    /** GET /order/library: what the user owns, newest first, with the creator and what was paid. */
    async library(userId: number, q: PageQuery): Promise<Page<LibraryItem>> {
      const { rows, total } = await repo.libraryPage(userId, q.limit, (q.page - 1) * q.limit);
      const cards = await projects.cardsByIds(
        rows.map((r) => r.projectId),
        false,
      );
      const byId = new Map(cards.map((c) => [c.card.id, c.card]));
      const list = rows.flatMap((r) => {
        const c = byId.get(r.projectId);
        if (!c) return [];
        return [
          {
            project_id: r.projectId,
            name: c.name,
            catalog: c.catalog,
            type: c.type,
            cover: c.cover,
            creator: c.creator,
            order_on: r.orderNo,
            price_paid: centsToHkd(r.priceCents ?? 0),
            purchased_at: r.createdAt.toISOString(),
          },
        ];
      });
      return { list, total, page: q.page, limit: q.limit };
    },

    // --- Steps of the checkout and payment workflows (always inside their transaction) ---

    /** Serializes one buyer's order placement until the transaction ends. */
    lockBuyer: (userId: number, tx: DbOrTx) => repo.lockBuyer(userId, tx),

    /** The buyer's unexpired pending order for exactly these items, with its items. */
    async pendingFor(userId: number, projectIds: number[], tx: DbOrTx) {
      const order = await repo.pendingByKey(userId, itemsKeyOf(projectIds), new Date(), tx);
      return order ? { order, items: await repo.itemsOf([order.id], tx) } : undefined;
    },

    /** Creates a pending order that expires after `expiryMinutes`. */
    async create(
      input: { userId: number; email: string; lines: NewOrderLine[]; expiryMinutes: number },
      tx: DbOrTx,
    ): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
      const now = new Date();
      const order = await repo.insert(
        {
          orderNo: newOrderNo(now),
          userId: input.userId,
          userEmail: input.email,
          itemsKey: itemsKeyOf(input.lines.map((l) => l.projectId)),
          amountCents: input.lines.reduce((sum, l) => sum + l.priceCents, 0),
          currency: CURRENCY,
          status: 'pending',
          expiresAt: new Date(now.getTime() + input.expiryMinutes * 60_000),
          createdAt: now,
        },
        tx,
      );
      const items = await repo.insertItems(
        input.lines.map((l) => ({
          orderId: order.id,
          projectId: l.projectId,
          sellerId: l.sellerId,
          projectName: l.name,
          priceCents: l.priceCents,
        })),
        tx,
      );
      return { order, items };
    },

    /** The buyer's unexpired pending order for this plan, if any. */
    async pendingPlanOrder(userId: number, comboId: number, tx: DbOrTx) {
      const order = await repo.pendingByKey(userId, planItemsKey(comboId), new Date(), tx);
      return order ? { order, items: [] as OrderItemRow[] } : undefined;
    },

    /** Creates a pending order for one plan (no project items), priced by the caller from the plans table. */
    async createPlanOrder(
      input: { userId: number; email: string; plan: StoredPlanLine; expiryMinutes: number },
      tx: DbOrTx,
    ): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
      const now = new Date();
      const order = await repo.insert(
        {
          orderNo: newOrderNo(now),
          userId: input.userId,
          userEmail: input.email,
          itemsKey: planItemsKey(input.plan.combo_id),
          planLine: input.plan,
          amountCents: input.plan.price_cents,
          currency: CURRENCY,
          status: 'pending',
          expiresAt: new Date(now.getTime() + input.expiryMinutes * 60_000),
          createdAt: now,
        },
        tx,
      );
      return { order, items: [] };
    },

    /** An order with its items, or undefined. */
    async byNo(orderNo: string, tx?: DbOrTx) {
      const order = await repo.byNo(orderNo, tx ?? db);
      return order ? { order, items: await repo.itemsOf([order.id], tx ?? db) } : undefined;
    },

    /** An order locked for the rest of the transaction, with its items. */
    async lockByNo(orderNo: string, tx: DbOrTx) {
      const order = await repo.lockByNo(orderNo, tx);
      return order ? { order, items: await repo.itemsOf([order.id], tx) } : undefined;
    },

    /** Remembers the method chosen for a pending order (shown in the order list). */
    setPayType: (orderId: number, payType: string) => repo.setPayType(orderId, payType),

    /** Marks the order paid; undefined when it was not payable any more (already paid or cancelled). */
    markPaid: (orderId: number, payType: string, tx: DbOrTx) => repo.markPaid(orderId, payType, new Date(), tx),

    /** Puts the projects in the buyer's library; answers the ids that were new. */
    grant: (userId: number, orderId: number, projectIds: number[], tx: DbOrTx) => repo.grant(userId, orderId, projectIds, tx),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
