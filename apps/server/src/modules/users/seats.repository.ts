import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seatAssignments, seatPools } from './seats.table';
import { users } from './users.table';

export type SeatAssignmentRow = typeof seatAssignments.$inferSelect;

/** The only code that touches the seat pool and seat assignment tables. */
export function createSeatsRepository(db: DbOrTx) {
  return {
    /**
     * Raises an organisation's pool (creating it) to a plan's seat quota, in the caller's transaction: the pool is the
     * largest quota of the plans the account bought, so a renewal or a second plan never adds the same seats again.
     */
    async raisePool(orgUserId: number, seats: number, tx: DbOrTx): Promise<void> {
      await tx
        .insert(seatPools)
        .values({ orgUserId, total: seats })
        .onConflictDoUpdate({
          target: seatPools.orgUserId,
          set: { total: sql`greatest(${seatPools.total}, ${seats})`, updatedAt: new Date() },
        });
    },
    /** The pool's size, the row locked until the transaction ends (0 when the organisation has no pool). */
    async lockPool(orgUserId: number, tx: DbOrTx): Promise<number | null> {
      const [row] = await tx.select().from(seatPools).where(eq(seatPools.orgUserId, orgUserId)).for('update');
      return row ? row.total : null;
    },
    async poolSize(orgUserId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ total: seatPools.total }).from(seatPools).where(eq(seatPools.orgUserId, orgUserId));
      return row?.total ?? 0;
    },
    async used(orgUserId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(seatAssignments).where(eq(seatAssignments.orgUserId, orgUserId));
      return Number(row?.n ?? 0);
    },
    async list(orgUserId: number, tx: DbOrTx = db): Promise<SeatAssignmentRow[]> {
      return tx.select().from(seatAssignments).where(eq(seatAssignments.orgUserId, orgUserId)).orderBy(desc(seatAssignments.id));
    },
    async byMember(memberUserId: number, tx: DbOrTx = db): Promise<SeatAssignmentRow | undefined> {
      const [row] = await tx.select().from(seatAssignments).where(eq(seatAssignments.memberUserId, memberUserId));
      return row;
    },
    /** Inserts the assignment; undefined when the member holds a seat already. */
    async assign(
      values: { orgUserId: number; memberUserId: number; ownUntil: Date | null; grantedUntil: Date | null },
      tx: DbOrTx,
    ): Promise<SeatAssignmentRow | undefined> {
      const [row] = await tx.insert(seatAssignments).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** The account's membership end, its row locked until the transaction ends (undefined when absent/deleted). */
    async lockMember(userId: number, tx: DbOrTx): Promise<{ vipDate: Date | null; username: string } | undefined> {
      const [row] = await tx
        .select({ vipDate: users.vipDate, username: users.username, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row && !row.deletedAt ? row : undefined;
    },
    async setVipDate(userId: number, vipDate: Date | null, tx: DbOrTx): Promise<void> {
      await tx.update(users).set({ vipDate, updatedAt: new Date() }).where(eq(users.id, userId));
    },
    /** Deletes the member's seat of this organisation; the deleted row or undefined. */
    async release(orgUserId: number, memberUserId: number, tx: DbOrTx): Promise<SeatAssignmentRow | undefined> {
      const [row] = await tx
        .delete(seatAssignments)
        .where(sql`${seatAssignments.orgUserId} = ${orgUserId} and ${seatAssignments.memberUserId} = ${memberUserId}`)
        .returning();
      return row;
    },
  };
}
