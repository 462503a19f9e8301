import { ErrorCode } from '@xr/contract/errors';
import type { SeatInfo } from '@xr/contract/seats';
import type { Db, DbOrTx } from '../../db/client';
import type { AccessEvents } from '../../lib/access-events';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type AuditRecorder, changes } from '../audit/audit.service';
import { createSeatsRepository } from './seats.repository';
import { type Actor, canSee, isAdmin } from './users.policy';
import { createUsersRepository } from './users.repository';

const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a.getTime() >= b.getTime() ? a : b);

/**
 * Organisation seats ("Organisation approval"): an organisation admin extends members' memberships only
 * out of seats the organisation bought (plans with seats, enterprise), never by editing dates. A purchase raises the
 * pool to the plan's quota in the payment's transaction (`planSeats`); a grant takes a free seat under a lock of the pool row (parallel
 * grants never exceed it) and lifts the member's membership end to the admin's own; a release frees the seat and
 * takes back the days the seat gave (docs/decisions/0007-organisation-seats.md).
 */
export function createSeatsService({
  db,
  audit,
  access,
  now = () => new Date(),
}: {
  db: Db;
  audit?: AuditRecorder;
  /** Change notices for the guard's session cache (the member's membership changes). */
  access?: AccessEvents;
  now?: () => Date;
}) {
  const repo = createSeatsRepository(db);
  const usersRepo = createUsersRepository(db);

  /** The member an organisation admin acts on: in their scope (else "not found"); administrators edit dates instead. */
  async function seatTarget(actor: Actor, memberId: number) {
    if (isAdmin(actor)) throw new AppError(ErrorCode.FORBIDDEN);
    const row = await usersRepo.byId(memberId);
    if (!row || row.id === actor.id || !canSee(actor, row)) throw notFound();
    return row;
  }

  return {
    /**
     * A paid plan's seat quota for the buyer's pool, in the payment's transaction (the plans module calls it once per
     * order): the pool becomes the larger of its size and the quota (renewals do not stack seats).
     */
    async planSeats(userId: number, seats: number, tx: DbOrTx): Promise<void> {
      if (seats > 0) await repo.raisePool(userId, seats, tx);
    },

    /** GET /user/seat_info: the actor's pool, seats given and left, and who holds them. */
    async info(actor: Actor): Promise<SeatInfo> {
      const [total, rows] = await Promise.all([repo.poolSize(actor.id), repo.list(actor.id)]);
      const members = new Map((await usersRepo.byIds(rows.map((r) => r.memberUserId))).map((u) => [u.id, u]));
      const used = rows.length;
      return {
        total,
        used,
        remaining: Math.max(0, total - used),
        assignments: rows.map((r) => {
          const m = members.get(r.memberUserId);
          return {
            member_id: r.memberUserId,
            username: m?.username ?? '',
            email: m?.email ?? '',
            assigned_at: r.assignedAt.toISOString(),
            vip_date: isoOrNull(m?.vipDate),
          };
        }),
      };
    },

    /**
     * POST /user/grant_seat: takes one free seat for a member (41320 when none is left) and sets the member's
     * membership end to the admin's own when that is later. Refused when the admin has no active membership to share.
     */
    async grant(actor: Actor, memberId: number): Promise<SeatInfo> {
      const member = await seatTarget(actor, memberId);
      await db.transaction(async (tx) => {
        const total = (await repo.lockPool(actor.id, tx)) ?? 0;
        if ((await repo.used(actor.id, tx)) >= total) throw new AppError(ErrorCode.SEATS_EXHAUSTED);
        if (await repo.byMember(memberId, tx)) throw invalid('id', 'v.seatAlreadyHeld');
        const org = await repo.lockMember(actor.id, tx);
        const orgEnd = org?.vipDate ?? null;
        if (!orgEnd || orgEnd.getTime() <= now().getTime()) throw invalid('id', 'v.seatNoMembership');
        const own = await repo.lockMember(memberId, tx);
        if (!own) throw notFound();
        const assigned = await repo.assign(
          { orgUserId: actor.id, memberUserId: memberId, ownUntil: own.vipDate, grantedUntil: orgEnd },
          tx,
        );
        if (!assigned) throw invalid('id', 'v.seatAlreadyHeld');
        const after = later(own.vipDate, orgEnd);
        await repo.setVipDate(memberId, after, tx);
        await audit?.record(tx, {
          actor,
          action: 'user.seat_grant',
          target: { type: 'user', id: memberId, label: member.username },
          ...changes({ vip_date: isoOrNull(own.vipDate), seat: false }, { vip_date: isoOrNull(after), seat: true }),
        });
      });
      access?.changed(memberId);
      return this.info(actor);
    },

    /**
     * POST /user/release_seat: frees the member's seat. The membership ends now, unless the member has days of
     * their own: their end before the seat, plus any days they bought while holding it (added after the seat's end).
     */
    async release(actor: Actor, memberId: number): Promise<SeatInfo> {
      const member = await seatTarget(actor, memberId);
      await db.transaction(async (tx) => {
        await repo.lockPool(actor.id, tx);
        const seat = await repo.release(actor.id, memberId, tx);
        if (!seat) throw invalid('id', 'v.seatNotHeld');
        const own = await repo.lockMember(memberId, tx);
        if (!own) throw notFound();
        const current = own.vipDate;
        let after = current;
        if (current) {
          const at = now().getTime();
          const bought = seat.grantedUntil ? Math.max(0, current.getTime() - seat.grantedUntil.getTime()) : 0;
          const base = Math.max(at, seat.ownUntil?.getTime() ?? at);
          after = new Date(Math.min(current.getTime(), base + bought));
        }
        await repo.setVipDate(memberId, after, tx);
        await audit?.record(tx, {
          actor,
          action: 'user.seat_release',
          target: { type: 'user', id: memberId, label: member.username },
          ...changes({ vip_date: isoOrNull(current), seat: true }, { vip_date: isoOrNull(after), seat: false }),
        });
      });
      access?.changed(memberId);
      return this.info(actor);
    },
  };
}
export type SeatsService = ReturnType<typeof createSeatsService>;
