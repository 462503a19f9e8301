import { FREE_PAY_TYPE } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import type { Db, DbOrTx } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { PaymentVerificationError } from '../lib/payments';
import type { CartService } from '../modules/cart/cart.service';
import { effectiveStatus, type OrderItemRow, type OrderRow, type OrdersService } from '../modules/orders/orders.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PlansService } from '../modules/plans/plans.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { WalletService } from '../modules/wallet/wallet.service';

/** What a notification did: acted on, a repeat of one seen before, or recorded without effect. */
export type NotifyOutcome = 'paid' | 'duplicate' | 'already_paid' | 'recorded';

const REFUSAL_KEYS = {
  signature: 'paymentSignatureInvalid',
  timestamp: 'paymentTimestampInvalid',
  payload: 'paymentNotificationInvalid',
} as const;

const refused = (messageKey: string) => new AppError(ErrorCode.PAYMENT_NOTIFICATION_INVALID, { messageKey });

/**
 * Paying an order, across modules, in one transaction: the order becomes paid, the buyer owns the projects,
 * they leave the buyer's cart, their sales counters move, and each seller's earning (price minus the platform
 * commission) is written to the ledger. Entered from a provider's notification or, for a free order, from
 * /pay/pay directly.
 */
export function createPaymentNotifyWorkflow(deps: {
  db: Db;
  orders: OrdersService;
  cart: CartService;
  projects: ProjectsService;
  wallet: WalletService;
  payments: PaymentsService;
  /** Plans: a paid plan order extends the membership, once per order, in this transaction. */
  plans?: Pick<PlansService, 'applyPurchase'>;
  /** Told after the commit when a payment changed a user's membership (the session guard's cache). */
  membershipChanged?: (userId: number) => void;
}) {
  const { db, orders, cart, projects, wallet, payments, plans, membershipChanged } = deps;

  /** The grant steps; false (and nothing changed) when the order was paid or cancelled already. */
  async function completeOrder(order: OrderRow, items: OrderItemRow[], payType: string, tx: DbOrTx): Promise<boolean> {
    const paid = await orders.markPaid(order.id, payType, tx);
    if (!paid) return false;
    if (order.planLine) {
      if (!plans) throw new Error('a plan order needs the plans service');
      await plans.applyPurchase({ userId: order.userId, orderId: order.id, plan: order.planLine }, tx);
    }
    const projectIds = items.map((i) => i.projectId);
    // Only newly owned projects count as sales: an item the buyer already got through another order (two
    // overlapping orders both paid) is neither counted nor credited twice; the extra payment is for a refund.
    const granted = new Set(await orders.grant(order.userId, order.id, projectIds, tx));
    await cart.removeProjects(order.userId, projectIds, tx);
    await projects.addSales([...granted], tx);
    await wallet.creditSales(
      items
        .filter((i) => granted.has(i.projectId))
        .map((i) => ({
          sellerId: i.sellerId,
          orderId: order.id,
          projectId: i.projectId,
          priceCents: i.priceCents,
          orderNo: order.orderNo,
        })),
      tx,
    );
    return true;
  }

  return {
    /**
     * Handles a provider's notification: verifies it (signature over the raw body, timestamp window), checks it
     * names a known order with the same amount and currency, records the transaction once (by provider
     * transaction id) and, for a success, pays the order. Any refusal changes nothing. Notifications for one
     * order run one at a time (the order row is locked).
     */
    async handleNotification(
      providerName: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<NotifyOutcome> {
      if (providerName !== payments.provider.name) throw notFound();
      let n: ReturnType<typeof payments.provider.verifyNotification>;
      try {
        n = payments.provider.verifyNotification({ rawBody, headers });
      } catch (err) {
        if (err instanceof PaymentVerificationError) throw refused(REFUSAL_KEYS[err.reason]);
        throw err;
      }
      const { outcome, userId } = await db.transaction(async (tx) => {
        const found = await orders.lockByNo(n.orderNo, tx);
        if (!found) throw refused('paymentNotificationInvalid');
        const { order, items } = found;
        const userId = order.planLine ? order.userId : null;
        if (n.amountCents !== order.amountCents || n.currency !== order.currency) throw refused('paymentAmountMismatch');
        if (!(await payments.record(providerName, n, order.id, tx))) return { outcome: 'duplicate' as const, userId: null };
        if (n.status !== 'succeeded') return { outcome: 'recorded' as const, userId: null };
        const done = await completeOrder(order, items, n.method, tx);
        return { outcome: done ? ('paid' as const) : ('already_paid' as const), userId: done ? userId : null };
      });
      if (userId !== null) membershipChanged?.(userId);
      return outcome;
    },

    /** Completes the caller's free order (amount 0) at once, with pay type 'Free'. */
    async completeFree(userId: number, orderNo: string): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await orders.lockByNo(orderNo, tx);
        if (!found || found.order.userId !== userId) throw notFound();
        const { order, items } = found;
        if (order.amountCents !== 0)
          throw new AppError(ErrorCode.VALIDATION, { field: 'pay_type', messageKey: 'v.selectPayMethod' });
        const status = effectiveStatus(order);
        if (status === 'paid') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE, { messageKey: 'orderAlreadyPaid' });
        if (status !== 'pending')
          throw new AppError(ErrorCode.ORDER_NOT_PAYABLE, {
            messageKey: `order${status === 'expired' ? 'Expired' : 'Cancelled'}`,
          });
        await payments.record(
          'free',
          {
            txnId: order.orderNo,
            orderNo: order.orderNo,
            amountCents: 0,
            currency: order.currency,
            status: 'succeeded',
            method: FREE_PAY_TYPE,
            raw: {},
          },
          order.id,
          tx,
        );
        await completeOrder(order, items, FREE_PAY_TYPE, tx);
      });
      membershipChanged?.(userId);
    },
  };
}
export type PaymentNotifyWorkflow = ReturnType<typeof createPaymentNotifyWorkflow>;
