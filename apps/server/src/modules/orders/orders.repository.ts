import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, purchases } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

/** Namespace of the per-buyer advisory lock (the second key is the user id). */
const BUYER_LOCK = 727301;

export interface OrderFilter {
  userId?: number;
  orderNo?: string;
  email?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  status?: OrderRow['status'];
  /** With `status: 'pending'` / `'expired'`: the moment that separates them (pending rows past it are expired). */
  now?: Date;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterOf(f: OrderFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.userId !== undefined) parts.push(eq(orders.userId, f.userId));
  if (f.orderNo) parts.push(ilike(orders.orderNo, likePattern(f.orderNo)));
  if (f.email) parts.push(ilike(orders.userEmail, likePattern(f.email)));
  if (f.from) parts.push(gte(orders.createdAt, f.from));
  if (f.to) parts.push(lt(orders.createdAt, f.to));
  const now = f.now ?? new Date();
  if (f.status === 'pending') parts.push(and(eq(orders.status, 'pending'), gte(orders.expiresAt, now)));
  else if (f.status === 'expired') {
    parts.push(sql`(${orders.status} = 'expired' or (${orders.status} = 'pending' and ${orders.expiresAt} < ${now}))`);
  } else if (f.status) parts.push(eq(orders.status, f.status));
  return and(...parts);
}

/** The only code that touches orders, order items and purchases (the buyer library). */
export function createOrdersRepository(db: DbOrTx) {
  return {
    /** Serializes a buyer's checkouts until the transaction ends (PostgreSQL and PGlite alike). */
    async lockBuyer(userId: number, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${BUYER_LOCK}, ${userId})`);
    },
    async pendingByKey(userId: number, itemsKey: string, now: Date, tx: DbOrTx): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.userId, userId), eq(orders.itemsKey, itemsKey), eq(orders.status, 'pending'), gte(orders.expiresAt, now)),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return row;
    },
    async insert(values: typeof orders.$inferInsert, tx: DbOrTx): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning();
      if (!row) throw new Error('order insert returned nothing');
      return row;
    },
    async insertItems(values: (typeof orderItems.$inferInsert)[], tx: DbOrTx): Promise<OrderItemRow[]> {
      if (values.length === 0) return [];
      return tx.insert(orderItems).values(values).returning();
    },
    async byNo(orderNo: string, tx: DbOrTx = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo));
      return row;
    },
    /** The order row locked until the transaction ends (payment notifications for one order run one at a time). */
    async lockByNo(orderNo: string, tx: DbOrTx): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
      return row;
    },
    async itemsOf(orderIds: number[], tx: DbOrTx = db): Promise<OrderItemRow[]> {
      if (orderIds.length === 0) return [];
      return tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
    },
    /** Marks a pending (or lapsed) order paid; undefined when it was paid or cancelled already. */
    async markPaid(orderId: number, payType: string, paidAt: Date, tx: DbOrTx): Promise<OrderRow | undefined> {
      const [row] = await tx
        .update(orders)
        .set({ status: 'paid', payType, paidAt })
        .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'expired'])))
        .returning();
      return row;
    },
    async setPayType(orderId: number, payType: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(orders)
        .set({ payType })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
    },
    async page(f: OrderFilter, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
      const where = filterOf(f);
      const [rows, [total]] = await Promise.all([
        db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // --- Purchases (the buyer library) ---

    async purchasedAmong(userId: number, projectIds: number[], tx: DbOrTx = db): Promise<Set<number>> {
      if (projectIds.length === 0) return new Set();
      const rows = await tx
        .select({ projectId: purchases.projectId })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), inArray(purchases.projectId, projectIds)));
      return new Set(rows.map((r) => r.projectId));
    },
    /** Whether anybody owns the project (bought it, or got it free). */
    async hasBuyers(projectId: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: purchases.projectId })
        .from(purchases)
        .where(eq(purchases.projectId, projectId))
        .limit(1);
      return rows.length > 0;
    },
    /** Grants projects to a buyer; answers the project ids that were new (a project is owned once). */
    async grant(userId: number, orderId: number, projectIds: number[], tx: DbOrTx): Promise<number[]> {
      if (projectIds.length === 0) return [];
      const rows = await tx
        .insert(purchases)
        .values(projectIds.map((projectId) => ({ userId, projectId, orderId })))
        .onConflictDoNothing()
        .returning({ projectId: purchases.projectId });
      return rows.map((r) => r.projectId);
    },
    /** One page of a buyer's library with the order number and the price paid. */
    async libraryPage(userId: number, limit: number, offset: number) {
      const where = eq(purchases.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            projectId: purchases.projectId,
            createdAt: purchases.createdAt,
            orderNo: orders.orderNo,
            priceCents: orderItems.priceCents,
          })
          .from(purchases)
          .innerJoin(orders, eq(orders.id, purchases.orderId))
          .leftJoin(orderItems, and(eq(orderItems.orderId, purchases.orderId), eq(orderItems.projectId, purchases.projectId)))
          .where(where)
          .orderBy(desc(purchases.createdAt), desc(purchases.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(purchases).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
