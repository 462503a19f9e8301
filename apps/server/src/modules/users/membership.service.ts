import { daysLeft } from '@xr/contract/plans';
import type { Db, DbOrTx } from '../../db/client';
import type { AccessEvents } from '../../lib/access-events';
import { notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { createUsersRepository } from './users.repository';

export const vipActive = (vipDate: Date | null | undefined) => !!vipDate && vipDate.getTime() > Date.now();

/** The renewal reminder shows from `days` days before the membership ends, and after it ended (not without one). */
export const renewalDue = (vipDate: Date | null | undefined, days: number) => {
  const left = daysLeft(vipDate);
  return left !== null && left < days;
};

/**
 * The membership an account holds (its end date, `vip_date`) and its experience points: extended by coupons and coin
 * exchanges (days), by plan purchases (months) and read by the plans module. Every change is one UPDATE in the
 * caller's transaction, so parallel extensions add up.
 */
export function createMembershipService({
  db,
  access,
}: {
  db: Db;
  /** Change notices for the guard's session cache (membership). */
  access?: AccessEvents;
}) {
  const repo = createUsersRepository(db);
  return {
    /** Tells the session guard that a user's membership or rights changed (call after the transaction commits). */
    accessChanged(userId: number): void {
      access?.changed(userId);
    },

    /**
     * Adds membership days from the later of now and the current end, in one UPDATE, so parallel
     * redemptions add up. Runs in the redemption's transaction.
     */
    async extendMembership(userId: number, days: number, tx: DbOrTx): Promise<{ vip_date: string | null; xp_value: number }> {
      const row = await repo.addMembershipDays(userId, days, tx);
      if (!row) throw notFound();
      return { vip_date: iso(row.vipDate), xp_value: row.xpValue };
    },

    /**
     * Plans: adds whole calendar months to the membership from the later of now and its current end, in
     * one UPDATE (a renewal before expiry adds to the end). Runs in the payment's transaction; answers the span the
     * months cover (where they start and the new end).
     */
    async extendMembershipMonths(userId: number, months: number, tx: DbOrTx): Promise<{ startsAt: Date; endsAt: Date }> {
      const added = await repo.addMembershipMonths(userId, months, tx);
      if (!added?.row.vipDate) throw notFound();
      return { startsAt: added.startsAt, endsAt: added.row.vipDate };
    },

    /** Membership ends of these users (plans module: which plan is in force). */
    async vipDates(userIds: number[]): Promise<Map<number, Date | null>> {
      return repo.vipDates(userIds);
    },

    /** Adds experience points in one UPDATE (in the redemption's transaction). */
    async addXp(userId: number, xp: number, tx: DbOrTx): Promise<{ vip_date: string | null; xp_value: number }> {
      const row = await repo.addXp(userId, xp, tx);
      if (!row) throw notFound();
      return { vip_date: iso(row.vipDate), xp_value: row.xpValue };
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
