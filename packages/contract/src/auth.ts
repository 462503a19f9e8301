import { z } from 'zod';
import { EMAIL_CODE_LENGTH, FORUM_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './constants';
import { V } from './messages';

export const ACCOUNT_TYPES = ['individual', 'organisation', 'group_admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

const SPECIAL = /[\s@,/<>'"\\&;]/;

export const emailField = z
  .string({ message: V('emailRequired') })
  .trim()
  .min(1, V('emailRequired'))
  .max(254, V('tooLong'))
  .pipe(z.email(V('emailFormat')))
  .transform((s) => s.toLowerCase());

export const passwordField = z
  .string({ message: V('passwordRequired') })
  .min(1, V('passwordRequired'))
  .min(PASSWORD_MIN, V('passwordMin'))
  .max(PASSWORD_MAX, V('passwordMax'));

export const usernameField = z
  .string({ message: V('usernameRequired') })
  .trim()
  .min(1, V('usernameRequired'))
  .max(USERNAME_MAX, V('usernameFormat'))
  .refine((s) => !SPECIAL.test(s), V('usernameFormat'));

export const forumNameField = z
  .string({ message: V('forumNameRequired') })
  .trim()
  .min(1, V('forumNameRequired'))
  .max(FORUM_NAME_MAX, V('forumNameMax'))
  .refine((s) => !SPECIAL.test(s), V('forumNameFormat'));

/** Phone: optional leading +, 7 to 15 digits; spaces and hyphens are ignored. */
export const phoneField = z
  .string({ message: V('phoneFormat') })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\+?\d{7,15}$/.test(s), V('phoneFormat'));

export const emailCodeField = z
  .string({ message: V('codeRequired') })
  .trim()
  .min(1, V('codeRequired'))
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), V('codeFormat'));

export const loginBody = z.object({
  /** Email or user name. */
  username: z
    .string({ message: V('usernameRequired') })
    .trim()
    .min(1, V('usernameRequired'))
    .max(254, V('tooLong')),
  password: z
    .string({ message: V('passwordRequired') })
    .min(1, V('passwordRequired'))
    .max(PASSWORD_MAX, V('passwordMax')),
});
export type LoginBody = z.infer<typeof loginBody>;
export const loginReply = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_at: z.string() });
export type LoginReply = z.infer<typeof loginReply>;

/** Registration fields (spec sections 3 and 5). The certificate is a key returned by /register_certificate_upload. */
export const registerBody = z
  .object({
    account_type: z.enum(ACCOUNT_TYPES, { message: V('accountTypeRequired') }),
    username: usernameField,
    password: passwordField,
    gender: z.enum(GENDERS, { message: V('genderRequired') }),
    phone: phoneField,
    forum_name: forumNameField,
    invite_code: z
      .string()
      .trim()
      .max(32, V('tooLong'))
      .optional()
      .transform((s) => (s ? s : undefined)),
    email: emailField,
    email_code: emailCodeField,
    certificate: z.string().trim().max(300).optional(),
    terms: z.literal(true, { message: V('termsRequired') }),
  })
  .refine((b) => b.account_type === 'individual' || !!b.certificate, {
    message: V('certificateRequired'),
    path: ['certificate'],
  });
export type RegisterBody = z.input<typeof registerBody>;

export const emailBody = z.object({ email: emailField });
export const sendEmailCodeBody = z.object({ email: emailField, purpose: z.enum(['reset']).default('reset') });
export const registerStatusReply = z.object({ email: z.string(), status: z.enum(['pending', 'active', 'disabled', 'none']) });
export type RegisterStatusReply = z.infer<typeof registerStatusReply>;
export const activateBody = z.object({ token: z.string().min(16).max(200) });
/** Reply of POST /activate: the address of the account just activated. */
export const activateReply = z.object({ email: z.string() });
export type ActivateReply = z.infer<typeof activateReply>;

export const retrievePasswordBody = z
  .object({
    email: emailField,
    email_code: emailCodeField,
    new_password: passwordField,
    password: z.string({ message: V('confirmPasswordRequired') }).min(1, V('confirmPasswordRequired')),
  })
  .refine((b) => b.new_password === b.password, { message: V('passwordMismatch'), path: ['password'] });
export type RetrievePasswordBody = z.input<typeof retrievePasswordBody>;

export const upPasswordBody = z
  .object({
    old_password: z.string({ message: V('oldPasswordRequired') }).min(1, V('oldPasswordRequired')),
    new_password: z
      .string({ message: V('newPasswordRequired') })
      .min(1, V('newPasswordRequired'))
      .min(PASSWORD_MIN, V('passwordMin'))
      .max(PASSWORD_MAX, V('passwordMax')),
    password: z.string({ message: V('confirmPasswordRequired') }).min(1, V('confirmPasswordRequired')),
  })
  .refine((b) => b.new_password === b.password, { message: V('passwordMismatch'), path: ['password'] });
export type UpPasswordBody = z.input<typeof upPasswordBody>;

export const upInformationBody = z.object({
  username: usernameField.optional(),
  gender: z.enum(GENDERS, { message: V('genderRequired') }).optional(),
  phone: phoneField.optional(),
  introduction: z.string().trim().max(500, V('tooLong')).optional(),
});
export type UpInformationBody = z.input<typeof upInformationBody>;
export const upForumNameBody = z.object({ forum_name: forumNameField });

/** User info (spec section 3 "User"); `permissions` carry the `http_path` entries of spec section 6. */
export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  role_name: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.object({ http_path: z.string() })),
  introduction: z.string(),
  vip_date: z.string().nullable(),
  vip_status: z.boolean(),
  /** Whole days until the membership ends (negative after; null without one): the renewal reminder. */
  vip_days_left: z.number().int().nullable(),
  /** True from RENEWAL_REMINDER_DAYS before the end and after it: the web shows the renewal banner. */
  renewal_reminder: z.boolean(),
  email: z.string(),
  gender: z.string(),
  phone: z.string(),
  xp_value: z.number().int(),
  forum_name: z.string(),
  invite_code: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const oidcConfigReply = z.object({ enabled: z.boolean(), name: z.string().nullable() });

/** Completes the profile of an account created through third-party sign-in (POST /third_party_register). */
export const thirdPartyRegisterBody = z.object({
  username: usernameField.optional(),
  forum_name: forumNameField.optional(),
  gender: z.enum(GENDERS, { message: V('genderRequired') }).optional(),
  phone: phoneField.optional(),
  terms: z.literal(true, { message: V('termsRequired') }),
});
export type ThirdPartyRegisterBody = z.input<typeof thirdPartyRegisterBody>;

export const avatarReply = z.object({ avatar: z.string() });
/** Storage key of an uploaded certificate, to send as `certificate` with /register. */
export const certificateReply = z.object({ certificate: z.string() });
export const roleOption = z.object({ id: z.number().int(), name: z.string() });

/** Reply of /user/user_import: how many accounts were created, or (nothing imported) what is wrong row by row. */
export const userImportReply = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type UserImportReply = z.infer<typeof userImportReply>;
