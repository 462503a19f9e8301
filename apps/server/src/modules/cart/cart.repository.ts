import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems, collections } from './cart.table';

export type CartItemRow = typeof cartItems.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

/** The only code that touches the cart and the wish list (collections). */
export function createCartRepository(db: DbOrTx) {
  return {
    /** Adds projects to a cart (already there: kept); answers the cart rows of these projects. */
    async add(userId: number, projectIds: number[], tx: DbOrTx = db): Promise<CartItemRow[]> {
      if (projectIds.length === 0) return [];
      await tx
        .insert(cartItems)
        .values(projectIds.map((projectId) => ({ userId, projectId })))
        .onConflictDoNothing();
      return tx
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.projectId, projectIds)));
    },
    async byId(userId: number, cartId: number): Promise<CartItemRow | undefined> {
      const [row] = await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.id, cartId), eq(cartItems.userId, userId)));
      return row;
    },
    async remove(userId: number, cartId: number): Promise<CartItemRow | undefined> {
      const [row] = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, cartId), eq(cartItems.userId, userId)))
        .returning();
      return row;
    },
    async removeProjects(userId: number, projectIds: number[], tx: DbOrTx = db): Promise<void> {
      if (projectIds.length === 0) return;
      await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.projectId, projectIds)));
    },
    async page(userId: number, limit: number, offset: number): Promise<{ rows: CartItemRow[]; total: number }> {
      const where = eq(cartItems.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(cartItems)
          .where(where)
          .orderBy(desc(cartItems.createdAt), desc(cartItems.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(cartItems).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async count(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
      return row?.n ?? 0;
    },
    async inCartAmong(userId: number, projectIds: number[]): Promise<Set<number>> {
      if (projectIds.length === 0) return new Set();
      const rows = await db
        .select({ projectId: cartItems.projectId })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.projectId, projectIds)));
      return new Set(rows.map((r) => r.projectId));
    },

    // --- Wish list ---

    async collectedAmong(userId: number, projectIds: number[]): Promise<Set<number>> {
      if (projectIds.length === 0) return new Set();
      const rows = await db
        .select({ projectId: collections.projectId })
        .from(collections)
        .where(and(eq(collections.userId, userId), inArray(collections.projectId, projectIds)));
      return new Set(rows.map((r) => r.projectId));
    },
    /** Removes the wish when there is one, else adds it; answers whether the project is wished afterwards. */
    async toggleCollection(userId: number, projectId: number): Promise<boolean> {
      const removed = await db
        .delete(collections)
        .where(and(eq(collections.userId, userId), eq(collections.projectId, projectId)))
        .returning({ id: collections.id });
      if (removed.length > 0) return false;
      await db.insert(collections).values({ userId, projectId }).onConflictDoNothing();
      return true;
    },
    async collectionPage(userId: number, limit: number, offset: number): Promise<{ rows: CollectionRow[]; total: number }> {
      const where = eq(collections.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(collections)
          .where(where)
          .orderBy(desc(collections.createdAt), desc(collections.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(collections).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
