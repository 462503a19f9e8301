/**
 * Every reply code the API uses, defined once: its meaning, the HTTP status it travels with,
 * and the message key (see messages.ts) the server answers with.
 *
 * Spec section 8 fixes 200, 10001-10004, 429 and 50008/50012/50014; the rest are ours.
 * Token codes (documented decision):
 *  - 10001 no token on a call that needs one
 *  - 10002 token unknown or malformed
 *  - 10003 token expired after being idle too long
 *  - 10004 token ended by logging out on this device
 *  - 50008 account disabled or deleted by an administrator
 *  - 50012 session ended elsewhere: the password was changed or reset on another session
 *  - 50014 session reached its absolute lifetime
 * 10001-10004 make the client clear the token and go to /login; 50008/50012/50014 show the
 * spec's "Confirm logout" box.
 */
export const ErrorCode = {
  OK: 200,
  TOKEN_MISSING: 10001,
  TOKEN_INVALID: 10002,
  TOKEN_IDLE_EXPIRED: 10003,
  TOKEN_LOGGED_OUT: 10004,
  RATE_LIMITED: 429,
  VALIDATION: 40001,
  INVITE_CODE_INVALID: 40002,
  EMAIL_CODE_INVALID: 40003,
  FILE_TYPE_ILLEGAL: 40004,
  LOGIN_FAILED: 40101,
  ACCOUNT_NOT_ACTIVATED: 40102,
  ACCOUNT_DISABLED: 40103,
  OLD_PASSWORD_WRONG: 40104,
  ACTIVATION_LINK_INVALID: 40105,
  FORBIDDEN: 40301,
  NOT_FOUND: 40401,
  EMAIL_TAKEN: 40901,
  USERNAME_TAKEN: 40902,
  FORUM_NAME_TAKEN: 40903,
  CONFLICT: 40904,
  /** Commerce (ours): an item in the request cannot be bought (unknown, unpublished, not for sale, own, owned). */
  ITEM_NOT_PURCHASABLE: 40920,
  /** Commerce (ours): the order is expired, paid or cancelled. */
  ORDER_NOT_PAYABLE: 40921,
  /** Commerce (ours): a payment notification failed verification (signature, timestamp, amount, order). */
  PAYMENT_NOTIFICATION_INVALID: 40022,
  /** Codes (ours): the coupon code is unknown or switched off. */
  COUPON_INVALID: 40030,
  /** Codes (ours): the coupon code is past its expiry time. */
  COUPON_EXPIRED: 40031,
  /** Codes (ours): the coupon code reached its number of uses. */
  COUPON_EXHAUSTED: 40930,
  /** Codes (ours): this account already redeemed this coupon code. */
  COUPON_ALREADY_REDEEMED: 40931,
  /** Codes (ours): another invite code, coupon code or personal invite code already uses this text. */
  CODE_TAKEN: 40932,
  /** Scene documents (ours): the save was made over an older version than the current draft (another tab or editor). */
  SCENE_VERSION_CONFLICT: 40940,
  /** Approvals (ours): the request was decided already, by another administrator or an earlier click. */
  ALREADY_DECIDED: 40950,
  /** Forum (ours): the account has no forum name yet, and a forum name is what posts are shown under. */
  FORUM_NAME_NEEDED: 40090,
  /** Forum (ours): the thread is locked by a moderator (no replies, no edits). */
  FORUM_THREAD_LOCKED: 40990,
  /** Forum (ours): a new thread or reply too soon after the previous one (flood control). */
  FORUM_POSTING_TOO_FAST: 42990,
  PAYLOAD_TOO_LARGE: 41301,
  /** Uploads (ours): the file would take the user past their storage quota. */
  QUOTA_EXCEEDED: 41302,
  INTERNAL: 50000,
  SESSION_REVOKED_BY_ADMIN: 50008,
  SESSION_ENDED_ELSEWHERE: 50012,
  SESSION_EXPIRED: 50014,
  OIDC_NOT_CONFIGURED: 50301,
  SERVICE_UNAVAILABLE: 50302,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status sent with each code. */
export const httpStatusOf: Record<ErrorCodeValue, number> = {
  200: 200,
  10001: 401,
  10002: 401,
  10003: 401,
  10004: 401,
  429: 429,
  40001: 400,
  40002: 400,
  40003: 400,
  40004: 400,
  40101: 401,
  40102: 403,
  40103: 403,
  40104: 400,
  40105: 400,
  40301: 403,
  40401: 404,
  40901: 409,
  40902: 409,
  40903: 409,
  40904: 409,
  40920: 409,
  40921: 409,
  40022: 400,
  40030: 400,
  40031: 400,
  40930: 409,
  40931: 409,
  40932: 409,
  40940: 409,
  40950: 409,
  40090: 400,
  40990: 409,
  42990: 429,
  41301: 413,
  41302: 413,
  50000: 500,
  50008: 401,
  50012: 401,
  50014: 401,
  50301: 503,
  50302: 503,
};

/** Message key (in messages.ts) of each code's default message. */
export const messageKeyOf: Record<ErrorCodeValue, string> = {
  200: 'ok',
  10001: 'tokenMissing',
  10002: 'tokenInvalid',
  10003: 'tokenIdleExpired',
  10004: 'tokenLoggedOut',
  429: 'rateLimited',
  40001: 'validation',
  40002: 'inviteCodeInvalid',
  40003: 'emailCodeInvalid',
  40004: 'fileTypeIllegal',
  40101: 'loginFailed',
  40102: 'accountNotActivated',
  40103: 'accountDisabled',
  40104: 'oldPasswordWrong',
  40105: 'activationLinkInvalid',
  40301: 'forbidden',
  40401: 'notFound',
  40901: 'emailTaken',
  40902: 'usernameTaken',
  40903: 'forumNameTaken',
  40904: 'conflict',
  40920: 'itemNotPurchasable',
  40921: 'orderNotPayable',
  40022: 'paymentNotificationInvalid',
  40030: 'couponInvalid',
  40031: 'couponExpired',
  40930: 'couponExhausted',
  40931: 'couponAlreadyRedeemed',
  40932: 'codeTaken',
  40940: 'sceneVersionConflict',
  40950: 'alreadyDecided',
  40090: 'forumNameNeeded',
  40990: 'forumThreadLocked',
  42990: 'forumPostingTooFast',
  41301: 'payloadTooLarge',
  41302: 'quotaExceeded',
  50000: 'internal',
  50008: 'sessionRevokedByAdmin',
  50012: 'sessionEndedElsewhere',
  50014: 'sessionExpired',
  50301: 'oidcNotConfigured',
  50302: 'serviceUnavailable',
};

/** Codes after which the client clears the token and goes to /login (spec section 8). */
export const TOKEN_CLEAR_CODES: readonly number[] = [10001, 10002, 10003, 10004];
/** Codes that open the "Confirm logout" box (spec section 8). */
export const CONFIRM_LOGOUT_CODES: readonly number[] = [50008, 50012, 50014];
