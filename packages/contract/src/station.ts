import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';
import { ROLE_NAMES } from './permissions';

/**
 * System messages pushed by administrators (/stationletter): a kind, one text, and an audience (chosen
 * accounts, everyone with a role, or everyone). Organisation and group admins push to their own members only.
 * Recipients find it in their system messages at once (a realtime notice updates the top bar's badge); large
 * audiences are delivered by a background job.
 */
export const PUSH_KINDS = ['notice', 'maintenance', 'event', 'promotion'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const PUSH_AUDIENCES = ['users', 'role', 'all'] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];
export const PUSH_CONTENT_MAX = 1000;
/** At most this many accounts chosen one by one. */
export const PUSH_USERS_MAX = 500;
/** Audiences up to this size are delivered within the call; larger ones by a background job. */
export const PUSH_INLINE_MAX = 200;

/** POST /message/push_message. */
export const pushMessageBody = z
  .object({
    kind: z.enum(PUSH_KINDS, { message: V('required') }),
    content: z
      .string({ message: V('required') })
      .trim()
      .min(1, V('required'))
      .max(PUSH_CONTENT_MAX, V('tooLong')),
    audience: z.enum(PUSH_AUDIENCES, { message: V('required') }),
    user_ids: z.array(idNumber).max(PUSH_USERS_MAX, V('tooLong')).optional(),
    role: z.enum(ROLE_NAMES).optional(),
  })
  .refine((b) => b.audience !== 'users' || (b.user_ids?.length ?? 0) > 0, { message: V('required'), path: ['user_ids'] })
  .refine((b) => b.audience !== 'role' || !!b.role, { message: V('required'), path: ['role'] });
export type PushMessageBody = z.input<typeof pushMessageBody>;

export const pushRecord = z.object({
  id: z.number().int(),
  kind: z.enum(PUSH_KINDS),
  content: z.string(),
  audience: z.enum(PUSH_AUDIENCES),
  role: z.string().nullable(),
  sender: z.string(),
  /** Accounts the message goes to (known once resolved). */
  recipients: z.number().int(),
  /** Accounts it has reached so far. */
  delivered: z.number().int(),
  status: z.enum(['sending', 'sent']),
  created_at: z.string(),
});
export type PushRecord = z.infer<typeof pushRecord>;
/** GET /message/push_page: pushes, newest first (admins see all, organisation admins their own). */
export const pushPageQuery = pageQuery;
export const pushPage = pageOf(pushRecord);
