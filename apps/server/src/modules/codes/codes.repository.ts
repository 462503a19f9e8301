import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couponCodes, couponRedemptions, inviteCodes, inviteCodeUses } from './codes.table';

export type InviteCodeRow = typeof inviteCodes.$inferSelect;
export type NewInviteCodeRow = typeof inviteCodes.$inferInsert;
export type CouponCodeRow = typeof couponCodes.$inferSelect;
export type NewCouponCodeRow = typeof couponCodes.$inferInsert;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;

/** `%text%` for ILIKE with the pattern characters of the text escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface CodeFilter {
  keyword?: string;
  enabled?: boolean;
  /** Campaign codes of one account only (non-admins see their own). */
  createdBy?: number;
  kind?: CouponKindValue;
}
type CouponKindValue = CouponCodeRow['kind'];

/** Usable now: switched on, not expired, uses left. The same rule the counting UPDATE applies. */
const usable = (t: typeof inviteCodes | typeof couponCodes) =>
  and(
    eq(t.enabled, true),
    or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`)),
    or(eq(t.maxUses, 0), sql`${t.usedCount} < ${t.maxUses}`),
  );

/** The only code that touches the invite-code and coupon tables. */
export function createCodesRepository(db: DbOrTx) {
  async function page<T>(rows: () => Promise<T[]>, total: () => Promise<{ n: number }[]>): Promise<{ rows: T[]; total: number }> {
    const [list, [n]] = await Promise.all([rows(), total()]);
    return { rows: list, total: n?.n ?? 0 };
  }

  return {
    // --- Campaign invite codes ---

    async invitePage(f: CodeFilter, pageNo: number, limit: number) {
      const parts: (SQL | undefined)[] = [];
      if (f.keyword) {
        const p = likePattern(f.keyword);
        parts.push(or(ilike(inviteCodes.code, p), ilike(inviteCodes.note, p)));
      }
      if (f.enabled !== undefined) parts.push(eq(inviteCodes.enabled, f.enabled));
      if (f.createdBy !== undefined) parts.push(eq(inviteCodes.createdBy, f.createdBy));
      const where = and(...parts);
      return page(
        () =>
          db
            .select()
            .from(inviteCodes)
            .where(where)
            .orderBy(desc(inviteCodes.createdAt), desc(inviteCodes.id))
            .limit(limit)
            .offset((pageNo - 1) * limit),
        () => db.select({ n: count() }).from(inviteCodes).where(where),
      );
    },
    async inviteById(id: number, tx: DbOrTx = db): Promise<InviteCodeRow | undefined> {
      const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.id, id));
      return row;
    },
    async inviteByCode(code: string, tx: DbOrTx = db): Promise<InviteCodeRow | undefined> {
      const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.code, code));
      return row;
    },
    async insertInvite(values: NewInviteCodeRow): Promise<InviteCodeRow> {
      const [row] = await db.insert(inviteCodes).values(values).returning();
      if (!row) throw new Error('invite code insert returned nothing');
      return row;
    },
    async updateInvite(id: number, values: Partial<NewInviteCodeRow>): Promise<InviteCodeRow | undefined> {
      const [row] = await db
        .update(inviteCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(inviteCodes.id, id))
        .returning();
      return row;
    },
    async deleteInvite(id: number): Promise<boolean> {
      const rows = await db.delete(inviteCodes).where(eq(inviteCodes.id, id)).returning({ id: inviteCodes.id });
      return rows.length > 0;
    },
    /**
     * Counts one use of a usable campaign code in a single UPDATE: concurrent registrations wait for the row
     * lock and re-check the limit, so the count never passes max_uses. Undefined when the code is not usable.
     */
    async countInviteUse(id: number, tx: DbOrTx): Promise<InviteCodeRow | undefined> {
      const [row] = await tx
        .update(inviteCodes)
        .set({ usedCount: sql`${inviteCodes.usedCount} + 1` })
        .where(and(eq(inviteCodes.id, id), usable(inviteCodes)))
        .returning();
      return row;
    },
    async insertInviteUse(values: { codeId: number; code: string; userId: number }, tx: DbOrTx): Promise<void> {
      await tx.insert(inviteCodeUses).values(values);
    },
    async recentInviteUses(codeId: number, limit: number) {
      return db
        .select({ userId: inviteCodeUses.userId, createdAt: inviteCodeUses.createdAt })
        .from(inviteCodeUses)
        .where(eq(inviteCodeUses.codeId, codeId))
        .orderBy(desc(inviteCodeUses.createdAt), desc(inviteCodeUses.id))
        .limit(limit);
    },
    /** The campaign code each of these accounts registered with (user id -> code text). */
    async inviteUsesOfUsers(userIds: number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: inviteCodeUses.userId, code: inviteCodeUses.code })
        .from(inviteCodeUses)
        .where(inArray(inviteCodeUses.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r.code]));
    },

    // --- Coupon codes ---

    async couponPage(f: CodeFilter, pageNo: number, limit: number) {
      const parts: (SQL | undefined)[] = [];
      if (f.keyword) {
        const p = likePattern(f.keyword);
        parts.push(or(ilike(couponCodes.cdk, p), ilike(couponCodes.note, p)));
      }
      if (f.enabled !== undefined) parts.push(eq(couponCodes.enabled, f.enabled));
      if (f.kind) parts.push(eq(couponCodes.kind, f.kind));
      const where = and(...parts);
      return page(
        () =>
          db
            .select()
            .from(couponCodes)
            .where(where)
            .orderBy(desc(couponCodes.createdAt), desc(couponCodes.id))
            .limit(limit)
            .offset((pageNo - 1) * limit),
        () => db.select({ n: count() }).from(couponCodes).where(where),
      );
    },
    async couponById(id: number): Promise<CouponCodeRow | undefined> {
      const [row] = await db.select().from(couponCodes).where(eq(couponCodes.id, id));
      return row;
    },
    async couponByCdk(cdk: string, tx: DbOrTx = db): Promise<CouponCodeRow | undefined> {
      const [row] = await tx.select().from(couponCodes).where(eq(couponCodes.cdk, cdk));
      return row;
    },
    async insertCoupon(values: NewCouponCodeRow): Promise<CouponCodeRow> {
      const [row] = await db.insert(couponCodes).values(values).returning();
      if (!row) throw new Error('coupon insert returned nothing');
      return row;
    },
    async updateCoupon(id: number, values: Partial<NewCouponCodeRow>): Promise<CouponCodeRow | undefined> {
      const [row] = await db
        .update(couponCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(couponCodes.id, id))
        .returning();
      return row;
    },
    async deleteCoupon(id: number): Promise<boolean> {
      const rows = await db.delete(couponCodes).where(eq(couponCodes.id, id)).returning({ id: couponCodes.id });
      return rows.length > 0;
    },
    async hasRedeemed(couponId: number, userId: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },
    /** Counts one redemption of a usable coupon in a single UPDATE (see countInviteUse). */
    async countCouponUse(id: number, tx: DbOrTx): Promise<CouponCodeRow | undefined> {
      const [row] = await tx
        .update(couponCodes)
        .set({ usedCount: sql`${couponCodes.usedCount} + 1` })
        .where(and(eq(couponCodes.id, id), usable(couponCodes)))
        .returning();
      return row;
    },
    async insertRedemption(values: Omit<typeof couponRedemptions.$inferInsert, 'id' | 'createdAt'>, tx: DbOrTx): Promise<void> {
      await tx.insert(couponRedemptions).values(values);
    },
    async recentRedemptions(couponId: number, limit: number) {
      return db
        .select({ userId: couponRedemptions.userId, createdAt: couponRedemptions.createdAt })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId))
        .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
        .limit(limit);
    },
  };
}
export type CodesRepository = ReturnType<typeof createCodesRepository>;
