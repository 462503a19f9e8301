import { FREE_PAY_TYPE, PRODUCT_NAME } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import type { PayBody, PayReply, PlacedOrder, PlaceOrderBody } from '@xr/contract/orders';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import type { OrdersService } from '../modules/orders/orders.service';
import { effectiveStatus, placedOrderOf } from '../modules/orders/orders.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PlansService } from '../modules/plans/plans.service';
import { notPurchasable, type ProjectsService, whyNotPurchasable } from '../modules/projects/projects.service';
import type { ProfileService } from '../modules/users/profile.service';
import type { PaymentNotifyWorkflow } from './payment-notify';

/** Where the checkout call came from: the base URL the browser uses, the hosts it may return to, its language. */
export interface CheckoutContext {
  baseUrl: string;
  allowedHosts: string[];
  lang: Lang;
}

/**
 * The page to come back to after paying: the client's `path` when it is on one of our hosts (or a relative
 * path), else the order list. Never an open redirect to somebody else's site.
 */
export function safeReturnUrl(path: string | undefined, ctx: Pick<CheckoutContext, 'baseUrl' | 'allowedHosts'>): string {
  const fallback = `${ctx.baseUrl}/#/orderlist`;
  if (!path) return fallback;
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')) return `${ctx.baseUrl}${path}`;
  try {
    const u = new URL(path);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && ctx.allowedHosts.includes(u.hostname)) return u.toString();
  } catch {
    // not a URL
  }
  return fallback;
}

const notPayable = (key: 'orderAlreadyPaid' | 'orderExpired' | 'orderCancelled') =>
  new AppError(ErrorCode.ORDER_NOT_PAYABLE, { messageKey: key });

/**
 * Checkout: placing an order (priced from the database only) and starting its payment. Spans the projects,
 * orders, users and payments modules.
 */
export function createCheckoutWorkflow(deps: {
  db: Db;
  projects: ProjectsService;
  orders: OrdersService;
  users: ProfileService;
  payments: PaymentsService;
  notify: PaymentNotifyWorkflow;
  orderExpiryMinutes: number;
  /** Plans: prices and checks a plan order line. */
  plans?: Pick<PlansService, 'forPurchase'>;
}) {
  const { db, projects, orders, users, payments, notify, orderExpiryMinutes, plans } = deps;

  /** Refuses (40920, naming the item) the first project the buyer cannot buy. */
  async function assertPurchasable(userId: number, projectIds: number[], tx?: Parameters<typeof projects.byIds>[1]) {
    const [rows, owned] = await Promise.all([projects.byIds(projectIds, tx), orders.purchasedAmong(userId, projectIds, tx)]);
    const byId = new Map(rows.map((p) => [p.id, p]));
    for (const id of projectIds) {
      const p = byId.get(id);
      if (!p) throw notPurchasable('unknown', { id });
      const reason = whyNotPurchasable(userId, p, owned.has(id));
      if (reason) throw notPurchasable(reason, p);
    }
    return projectIds.map((id) => byId.get(id) as NonNullable<ReturnType<typeof byId.get>>);
  }

  return {
    /**
     * POST /order/place_order. Prices come from the database, never from the client. Refuses unknown,
     * unpublished, not-for-sale, own and already-owned projects. A buyer's placements run one at a time
     * (advisory lock in the transaction), and an unexpired pending order for exactly the same items is answered
     * again instead of a new one, so repeated or parallel clicks give one order.
     */
    async placeOrder(userId: number, input: PlaceOrderBody): Promise<PlacedOrder> {
      const ids = input.project_ids;
      if (ids.length === 0) throw new AppError(ErrorCode.VALIDATION, { field: 'project_ids', messageKey: 'v.selectProduct' });
      return db.transaction(async (tx) => {
        await orders.lockBuyer(userId, tx);
        const existing = await orders.pendingFor(userId, ids, tx);
        if (existing) return placedOrderOf(existing.order, existing.items);
        const rows = await assertPurchasable(userId, ids, tx);
        const email = await users.emailOf(userId, tx);
        if (!email) throw notFound();
        const { order, items } = await orders.create(
          {
            userId,
            email,
            expiryMinutes: orderExpiryMinutes,
            lines: rows.map((p) => ({ projectId: p.id, sellerId: p.ownerId, name: p.name, priceCents: p.priceCents })),
          },
          tx,
        );
        return placedOrderOf(order, items);
      });
    },

    /**
     * POST /order/place_plan_order: an order for one plan, priced from the plans table, through the same
     * invoice and payment as projects. Refuses switched-off and freemium plans and a free plan taken before (40960).
     * Like project orders, a buyer's placements run one at a time and an unexpired pending order for the same plan
     * is answered again.
     */
    async placePlanOrder(userId: number, comboId: number): Promise<PlacedOrder> {
      if (!plans) throw notFound();
      return db.transaction(async (tx) => {
        await orders.lockBuyer(userId, tx);
        const existing = await orders.pendingPlanOrder(userId, comboId, tx);
        if (existing) return placedOrderOf(existing.order, existing.items);
        const plan = await plans.forPurchase(userId, comboId, tx);
        const email = await users.emailOf(userId, tx);
        if (!email) throw notFound();
        const { order, items } = await orders.createPlanOrder({ userId, email, plan, expiryMinutes: orderExpiryMinutes }, tx);
        return placedOrderOf(order, items);
      });
    },

    /**
     * POST /pay/pay. The caller's own pending order only (others' orders: 40401). A free order (amount 0) is
     * completed at once (type 'Free'); otherwise the items are checked again and the provider opens a hosted
     * checkout whose URL is answered as `qr_code`.
     */
    async pay(userId: number, input: PayBody, ctx: CheckoutContext): Promise<PayReply> {
      const found = await orders.byNo(input.order_on);
      if (!found || found.order.userId !== userId) throw notFound();
      const { order, items } = found;
      const status = effectiveStatus(order);
      if (status === 'paid') throw notPayable('orderAlreadyPaid');
      if (status === 'expired') throw notPayable('orderExpired');
      if (status === 'cancelled') throw notPayable('orderCancelled');
      if (order.amountCents === 0) {
        await notify.completeFree(userId, order.orderNo);
        return { qr_code: '', type: FREE_PAY_TYPE, order_on: order.orderNo, status: 'paid' };
      }
      if (input.pay_type === FREE_PAY_TYPE) {
        throw new AppError(ErrorCode.VALIDATION, { field: 'pay_type', messageKey: 'v.selectPayMethod' });
      }
      await assertPurchasable(
        userId,
        items.map((i) => i.projectId),
      );
      await orders.setPayType(order.id, input.pay_type);
      const session = await payments.provider.createCheckout({
        orderNo: order.orderNo,
        amountCents: order.amountCents,
        currency: order.currency,
        method: input.pay_type,
        description: `${PRODUCT_NAME}: ${
          order.planLine ? order.planLine.names[ctx.lang] : items.map((i) => i.projectName).join(', ')
        }`.slice(0, 300),
        returnUrl: safeReturnUrl(input.path, ctx),
        notifyUrl: `${ctx.baseUrl}/api/pay/notify/${payments.provider.name}`,
        baseUrl: ctx.baseUrl,
        lang: ctx.lang,
        expiresAt: order.expiresAt,
      });
      return { qr_code: session.url, type: input.pay_type, order_on: order.orderNo, status: 'pending' };
    },
  };
}
export type CheckoutWorkflow = ReturnType<typeof createCheckoutWorkflow>;
