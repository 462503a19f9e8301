import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';

/**
 * Organisation approval (/approval/institutional). Registering as an organisation or a group admin creates
 * an ordinary creator account plus a pending application with the certificate; until an administrator approves it the
 * account cannot create invite codes or manage members (it lacks the role). A rejection carries a reason the applicant
 * reads on their profile, and they may apply again with a new certificate.
 */
export const INSTITUTION_STATES = ['pending', 'approved', 'rejected'] as const;
export type InstitutionState = (typeof INSTITUTION_STATES)[number];
export const INSTITUTION_REASON_MAX = 500;

/** GET /approval/institution_page: applications, pending ones oldest first, decided ones newest first. */
export const institutionPageQuery = pageQuery.extend({
  state: z.enum(INSTITUTION_STATES).optional(),
  keyword: z.string().trim().max(100, V('tooLong')).optional(),
});
export type InstitutionPageQuery = z.input<typeof institutionPageQuery>;

export const institutionApplication = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  forum_name: z.string(),
  account_type: z.enum(['organisation', 'group_admin']),
  /** A short-lived signed link to the certificate (administrators only), or null when none was sent. */
  certificate_url: z.string().nullable(),
  state: z.enum(INSTITUTION_STATES),
  reason: z.string(),
  decider: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type InstitutionApplication = z.infer<typeof institutionApplication>;
export const institutionPage = pageOf(institutionApplication);

/** POST /approval/institution_decide: approve, or reject with the reason the applicant reads. */
export const institutionDecideBody = z
  .object({
    id: idNumber,
    state: z.enum(['approved', 'rejected'], { message: V('required') }),
    reason: z.string().trim().max(INSTITUTION_REASON_MAX, V('tooLong')).optional(),
  })
  .refine((b) => b.state !== 'rejected' || !!b.reason, { message: V('reasonRequired'), path: ['reason'] });
export type InstitutionDecideBody = z.input<typeof institutionDecideBody>;

/** The applicant's own view (GET /user/institution_status): null when the account never applied. */
export const institutionStatus = z
  .object({
    state: z.enum(INSTITUTION_STATES),
    account_type: z.enum(['organisation', 'group_admin']),
    reason: z.string(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .nullable();
export type InstitutionStatus = z.infer<typeof institutionStatus>;

/** POST /user/institution_apply: apply again after a rejection, with a certificate from /register_certificate_upload. */
export const institutionApplyBody = z.object({
  account_type: z.enum(['organisation', 'group_admin'], { message: V('accountTypeRequired') }),
  certificate: z
    .string({ message: V('certificateRequired') })
    .trim()
    .min(1, V('certificateRequired'))
    .max(300),
});
export type InstitutionApplyBody = z.input<typeof institutionApplyBody>;
