import { index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An organisation's seat pool: seats bought with plans that carry seats (enterprise), one row per
 * organisation user. Grants lock this row, so parallel grants never give more seats than `total`.
 */
export const seatPools = pgTable('seat_pools', {
  orgUserId: integer('org_user_id').primaryKey(),
  total: integer('total').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seat held by a member (one active seat per member: unique member; released seats are deleted, the audit log
 * keeps the history). `ownUntil` is the member's own membership end before the seat, `grantedUntil` the end the
 * seat gave, so a release can give back days the member bought on top.
 */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    id: serial('id').primaryKey(),
    orgUserId: integer('org_user_id').notNull(),
    memberUserId: integer('member_user_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    ownUntil: timestamp('own_until', { withTimezone: true }),
    grantedUntil: timestamp('granted_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('seat_assignments_member_uq').on(t.memberUserId), index('seat_assignments_org_idx').on(t.orgUserId, t.id)],
);
