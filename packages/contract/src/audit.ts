import { z } from 'zod';
import { idCoerced, pageLimit, pageNumber } from './common';
import { PAGE_LIMIT_MAX } from './constants';
import { V } from './messages';

/**
 * The audit log (/system/logs and GET /logs_list). Entries are written by the server in the same
 * transaction as the action they describe; the API only reads them.
 */

/**
 * The actions the server records today, with a translated label each on the web (namespace `audit`). Other modules
 * add theirs here (`<module>.<verb>`); an action the web has no label for is shown as is.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'auth.password_reset',
  'rbac.role_create',
  'rbac.role_update',
  'rbac.role_delete',
  'rbac.role_permissions',
  'rbac.permission_create',
  'rbac.permission_update',
  'rbac.permission_delete',
  'user.update',
  'user.delete',
  'user.import',
  'code.invite_create',
  'code.invite_update',
  'code.invite_delete',
  'code.invite_enable',
  'code.coupon_create',
  'code.coupon_update',
  'code.coupon_delete',
  'code.coupon_enable',
  'project.review',
  'project.delete',
  'forum.moderate',
  'forum.post_delete',
  'message.push',
  'report.decide',
  'tag.create',
  'tag.update',
  'tag.merge',
  'institution.approve',
  'institution.reject',
  'wallet.cash_out_pay',
  'wallet.cash_out_reject',
  'wallet.adjust',
  'wallet.coin_rule_update',
  'audit.retention',
  'plan.create',
  'plan.update',
  'plan.enable',
  'plan.delete',
  'user.seat_grant',
  'user.seat_release',
  'world.entry_add',
  'world.entry_update',
  'world.entry_delete',
  'world.member_kick',
  'world.chat_delete',
  'world.member_ban',
  'world.member_unban',
  'world.member_role',
  'world.room_lock',
  'world.room_unlock',
] as const;
export type KnownAuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about (`user` 12, `role` 3, `invite_code` 7...). Free-form for other modules; these are known. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'role',
  'permission',
  'invite_code',
  'coupon_code',
  'project',
  'forum_thread',
  'forum_post',
  'tag',
  'report',
  'institution_application',
  'cash_out_request',
  'wallet',
  'coin_rule',
  'audit_log',
  'plan',
  'world_entry',
  'world_chat',
] as const;

/** `module.verb`: lower case letters, digits and underscores, at most 64 characters. */
export const AUDIT_ACTION_FORMAT = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
export const AUDIT_TEXT_MAX = 64;
/** Deepest offset the list serves (page x limit); beyond it the filters must narrow the result. */
export const AUDIT_OFFSET_MAX = 10_000;
/** The total is counted up to this many entries; beyond it the reply says `total_exact: false` ("10,000+"). */
export const AUDIT_COUNT_CAP = 10_000;

const shortText = (message = V('invalidValue')) =>
  z.string({ message }).trim().min(1, V('required')).max(AUDIT_TEXT_MAX, V('tooLong'));
const instant = z.iso.datetime({ offset: true, message: V('dateInvalid') });

/** GET /logs_list: page, limit and the filters (all optional, combined with AND). */
export const auditListQuery = z
  .object({
    page: pageNumber,
    limit: pageLimit(PAGE_LIMIT_MAX, 20),
    /** The acting account's id. */
    actor_id: idCoerced.optional(),
    /** The acting account's name at the time (exact, ignoring case), or the account typed at a failed sign-in. */
    actor: shortText().optional(),
    action: shortText().regex(AUDIT_ACTION_FORMAT, V('auditActionFormat')).optional(),
    target_type: shortText().optional(),
    /** Only with target_type. */
    target_id: shortText().optional(),
    /** From this instant (inclusive). */
    start: instant.optional(),
    /** Until this instant (exclusive). */
    end: instant.optional(),
  })
  .refine((q) => !q.start || !q.end || new Date(q.start).getTime() <= new Date(q.end).getTime(), {
    path: ['start'],
    message: V('auditRangeInvalid'),
  });
export type AuditListQuery = z.output<typeof auditListQuery>;

/** One entry. `actor` is null for the system's own entries (e.g. retention). */
export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  ip: z.string(),
  request_id: z.string(),
  /** A short summary of the state before and after (changed fields only), or null where there is none. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The page: `total` is exact when `total_exact`, else a lower bound (AUDIT_COUNT_CAP: show "10,000+"). */
export const auditListReply = z.object({
  list: z.array(auditEntry),
  total: z.number().int(),
  total_exact: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditListReply = z.infer<typeof auditListReply>;
