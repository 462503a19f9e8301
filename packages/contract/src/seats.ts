import { z } from 'zod';

/** One member holding a seat of the organisation (GET /user/seat_info). */
export const seatAssignment = z.object({
  member_id: z.number(),
  username: z.string(),
  email: z.string(),
  assigned_at: z.string(),
  vip_date: z.string().nullable(),
});
export type SeatAssignment = z.infer<typeof seatAssignment>;

/**
 * GET /user/seat_info: the organisation admin's seat pool (seats bought with enterprise plans), how many are
 * given, how many are left, and who holds them (newest first).
 */
export const seatInfo = z.object({
  total: z.number(),
  used: z.number(),
  remaining: z.number(),
  assignments: z.array(seatAssignment),
});
export type SeatInfo = z.infer<typeof seatInfo>;
