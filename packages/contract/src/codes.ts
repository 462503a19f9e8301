import { z } from 'zod';
import { idBody, pageQuery } from './common';
import { V } from './messages';

/**
 * Invite codes and coupon codes (spec sections 3, 4 "Coupon redemption", 5 and 7 "Coins, logs, invite",
 * "Admin: users, invite and coupon codes").
 *
 * Two kinds of invite code exist: every account's personal code (`invite_code` of user info, shared as
 * `/#/register?invite=CODE`), and campaign codes that holders of /invite-code/add-invite-code create with a
 * use limit, an expiry and an on/off switch. Registration accepts either. Coupon codes (`cdk`) give
 * membership days or experience points, once per account.
 */

/** Letters, digits, `-` and `_`, 4 to 32 characters, compared in upper case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{3,31}$/;
export const PROMO_CODE_MAX = 32;
export const CODE_NOTE_MAX = 200;
export const CODE_MAX_USES = 1_000_000;
/** Largest value of a coupon, per kind. */
export const COUPON_VALUE_MAX = { membership_days: 3650, xp: 1_000_000 } as const;
export const COUPON_KINDS = ['membership_days', 'xp'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What a code can be used for right now: `active`, or why not. */
export const CODE_STATES = ['active', 'disabled', 'expired', 'exhausted'] as const;
export type CodeState = (typeof CODE_STATES)[number];

/** `true` / `false` in a query string. */
const queryFlag = z.enum(['true', 'false'], { message: V('invalidValue') }).transform((v) => v === 'true');

/** Optional code on add / edit: blank means "generate one" (add) or "keep it" (edit). */
const promoCode = z
  .string({ message: V('promoCodeFormat') })
  .trim()
  .toUpperCase()
  .max(PROMO_CODE_MAX, V('promoCodeFormat'))
  .refine((s) => s === '' || PROMO_CODE_PATTERN.test(s), V('promoCodeFormat'));
const note = z
  .string({ message: V('invalidValue') })
  .trim()
  .max(CODE_NOTE_MAX, V('tooLong'));
const maxUses = z
  .number({ message: V('numberInvalid') })
  .int(V('numberInvalid'))
  .min(0, V('numberInvalid'))
  .max(CODE_MAX_USES, V('numberInvalid'));
const expiresAt = z.iso.datetime({ offset: true, message: V('dateInvalid') }).nullable();
const enabled = z.boolean({ message: V('invalidValue') });

/** Someone who used a code (details of a code show the latest uses). */
export const codeUse = z.object({ user_id: z.number().int(), name: z.string(), created_at: z.string() });
export type CodeUse = z.infer<typeof codeUse>;

// --- Campaign invite codes ---

export const inviteCode = z.object({
  id: z.number().int(),
  code: z.string(),
  note: z.string(),
  /** 0 = unlimited. */
  max_uses: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  enabled: z.boolean(),
  state: z.enum(CODE_STATES),
  /** Who made it (accounts registered with it become that account's members); null once deleted. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InviteCode = z.infer<typeof inviteCode>;
export const inviteCodeDetails = inviteCode.extend({ recent_uses: z.array(codeUse) });
export type InviteCodeDetails = z.infer<typeof inviteCodeDetails>;

export const inviteCodeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, V('tooLong')).optional(),
  enabled: queryFlag.optional(),
});
export type InviteCodeListParams = z.input<typeof inviteCodeListQuery>;

export const addInviteCodeBody = z.object({
  code: promoCode.optional(),
  note: note.default(''),
  max_uses: maxUses.default(0),
  expires_at: expiresAt.optional(),
  enabled: enabled.default(true),
});
export type AddInviteCodeBody = z.input<typeof addInviteCodeBody>;
export const upInviteCodeBody = idBody.extend({
  code: promoCode.optional(),
  note: note.optional(),
  max_uses: maxUses.optional(),
  expires_at: expiresAt.optional(),
  enabled: enabled.optional(),
});
export type UpInviteCodeBody = z.input<typeof upInviteCodeBody>;

/** The start/stop switch of a campaign or coupon code. */
export const setCodeEnabledBody = idBody.extend({ enabled });
export type SetCodeEnabledBody = z.input<typeof setCodeEnabledBody>;

// --- The signed-in user's own invites ---

/** An account that registered with my invite code (or one of my campaign codes: `via`). */
export const invitee = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  status: z.enum(['pending', 'active', 'disabled']),
  created_at: z.string(),
  /** The campaign code it used; null for my personal code (or an import). */
  via: z.string().nullable(),
});
export type Invitee = z.infer<typeof invitee>;
export const myInviteCodeReply = z.object({ invite_code: z.string() });
export type MyInviteCodeReply = z.infer<typeof myInviteCodeReply>;

// --- Coupon codes ---

export const couponCode = z.object({
  id: z.number().int(),
  cdk: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Days of membership or experience points. */
  value: z.number().int(),
  /** 0 = unlimited (still once per account). */
  max_uses: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  enabled: z.boolean(),
  state: z.enum(CODE_STATES),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CouponCode = z.infer<typeof couponCode>;
export const couponCodeDetails = couponCode.extend({ recent_uses: z.array(codeUse) });
export type CouponCodeDetails = z.infer<typeof couponCodeDetails>;

export const couponCodeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, V('tooLong')).optional(),
  enabled: queryFlag.optional(),
  kind: z.enum(COUPON_KINDS, { message: V('invalidValue') }).optional(),
});
export type CouponCodeListParams = z.input<typeof couponCodeListQuery>;

const couponValue = z
  .number({ message: V('couponValueRange') })
  .int(V('couponValueRange'))
  .min(1, V('couponValueRange'));
const couponKind = z.enum(COUPON_KINDS, { message: V('couponKindRequired') });

/** True when `value` fits its kind (1 to 3650 days, 1 to 1,000,000 points). */
export function couponValueFits(kind: CouponKind, value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= COUPON_VALUE_MAX[kind];
}

export const addCouponCodeBody = z
  .object({
    cdk: promoCode.optional(),
    kind: couponKind,
    value: couponValue,
    max_uses: maxUses.default(0),
    expires_at: expiresAt.optional(),
    enabled: enabled.default(true),
    note: note.default(''),
  })
  .refine((b) => couponValueFits(b.kind, b.value), { message: V('couponValueRange'), path: ['value'] });
export type AddCouponCodeBody = z.input<typeof addCouponCodeBody>;
export const upCouponCodeBody = idBody.extend({
  cdk: promoCode.optional(),
  kind: couponKind.optional(),
  value: couponValue.optional(),
  max_uses: maxUses.optional(),
  expires_at: expiresAt.optional(),
  enabled: enabled.optional(),
  note: note.optional(),
});
export type UpCouponCodeBody = z.input<typeof upCouponCodeBody>;

/** POST /user/check_cdk (spec section 5: "Coupon code cannot be empty"). */
export const checkCdkBody = z.object({
  cdk: z
    .string({ message: V('couponRequired') })
    .trim()
    .min(1, V('couponRequired'))
    .max(64, V('tooLong')),
});
export type CheckCdkBody = z.input<typeof checkCdkBody>;
/** Spec section 7: the redemption succeeded when `data.code` is 200; the account's new state comes along. */
export const checkCdkReply = z.object({
  code: z.literal(200),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  vip_date: z.string().nullable(),
  xp_value: z.number().int(),
});
export type CheckCdkReply = z.infer<typeof checkCdkReply>;
