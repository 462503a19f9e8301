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
  /** Wallet (ours): the cash-out amount is above the available balance (pending earnings and open requests aside). */
  CASH_OUT_OVER_AVAILABLE: 40050,
  /** Wallet (ours): the cash-out amount is below the configured minimum. */
  CASH_OUT_BELOW_MINIMUM: 40051,
  /** Wallet (ours): not enough coins for this exchange. */
  COINS_INSUFFICIENT: 40052,
  /** Wallet (ours): today's number of coin exchanges is used up. */
  COIN_EXCHANGE_LIMIT: 40053,
  /** Wallet (ours): not enough available cash to turn into coins. */
  CASH_INSUFFICIENT: 40054,
  /** Wallet (ours): the account keeps the most payout methods allowed already. */
  PAYOUT_METHODS_FULL: 40055,
  /** Wallet (ours): the idempotency key was used before for a different exchange. */
  IDEMPOTENCY_KEY_REUSED: 40951,
  /** Plans (ours): the plan cannot be bought (switched off, the free plan, or a free plan the account already had). */
  PLAN_NOT_PURCHASABLE: 40960,
  /** Plans (ours): a plan somebody bought cannot be deleted (switch it off instead). */
  PLAN_IN_USE: 40961,
  /** Plans (ours): the account's plan allows no more projects (the message names the plan and the limit). */
  PROJECT_QUOTA_EXCEEDED: 41303,
  /** Plans (ours): the account's plan does not include this feature (live streaming, custom avatars). */
  PLAN_FEATURE_NOT_INCLUDED: 41304,
  /** Meta world (ours): the room's password is wrong. */
  WORLD_PASSWORD_WRONG: 40070,
  /** Meta world (ours): the invite token is unknown or was regenerated. */
  WORLD_INVITE_INVALID: 40071,
  /** Meta world (ours): the chosen project is not a 3D scene or 360 tour the author may use. */
  WORLD_PROJECT_UNUSABLE: 40072,
  /** Meta world (ours): the room lets only signed-in people in. */
  WORLD_SIGN_IN_REQUIRED: 40310,
  /** Meta world (ours): a host banned this person from the room. */
  WORLD_BANNED: 40311,
  /** Meta world (ours): a host locked the room (only hosts enter). */
  WORLD_LOCKED: 40312,
  /** Meta world (ours): a host action or host-only event from someone who is not a host. */
  WORLD_NOT_HOST: 40313,
  /** Meta world (ours): a room event from a socket that has not joined a room. */
  WORLD_NOT_IN_ROOM: 40970,
  /** Meta world (ours): the target member left the room. */
  WORLD_MEMBER_GONE: 40971,
  /** Meta world (ours): a guest's display name is a registered account's name (guests cannot pass for members). */
  WORLD_GUEST_NAME_TAKEN: 40972,
  /** Meta world (ours): chat messages too fast. */
  WORLD_CHAT_TOO_FAST: 42970,
  /** Live streaming (ours): the 6-digit password of the stream is wrong. */
  LIVE_PASSWORD_WRONG: 40040,
  /** Live streaming (ours): creating or publishing a stream needs an active membership (spec section 6). */
  LIVE_MEMBERSHIP_REQUIRED: 40320,
  /** Live streaming (ours): the playback link or chat ticket is not valid or has expired (enter the password again). */
  LIVE_TICKET_INVALID: 40321,
  /** Live streaming (ours): only signed-in viewers may write in a live chat. */
  LIVE_CHAT_SIGN_IN: 40322,
  /** Live streaming (ours): the stream is not on air now (nothing to play yet, or the publisher stopped). */
  LIVE_NOT_LIVE: 40910,
  /** Live streaming (ours): the stream has ended; it cannot be changed, published to or played any more. */
  LIVE_ENDED: 40911,
  PAYLOAD_TOO_LARGE: 41301,
  /** Uploads (ours): the file would take the user past their storage quota. */
  QUOTA_EXCEEDED: 41302,
  /** Avatars (ours): the preview image is not a readable PNG or JPEG, or is too large in pixels. */
  AVATAR_PREVIEW_INVALID: 40080,
  /** Avatars (ours): the built-in default avatar is kept (it cannot be deleted). */
  AVATAR_DEFAULT_KEPT: 40980,
  /** Avatars (ours): an uploaded avatar still processing, or refused by the pipeline, cannot be put in use. */
  AVATAR_NOT_READY: 40981,
  /** Avatars (ours): one avatar is always in use; the only one cannot be set to alternative. */
  AVATAR_ONE_IN_USE: 40982,
  /** Avatars (ours): the plan's number of custom avatars is reached (the message names the limit). */
  AVATAR_LIMIT_REACHED: 41310,
  /** Seats (ours): the organisation has no free seat left (buy an enterprise plan for more). */
  SEATS_EXHAUSTED: 41320,
  INTERNAL: 50000,
  SESSION_REVOKED_BY_ADMIN: 50008,
  SESSION_ENDED_ELSEWHERE: 50012,
  SESSION_EXPIRED: 50014,
  OIDC_NOT_CONFIGURED: 50301,
  SERVICE_UNAVAILABLE: 50302,
  /** Readiness (ours): a dependency (database, storage, mail, Redis) does not answer; `data` says which. */
  NOT_READY: 50303,
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
  40050: 400,
  40051: 400,
  40052: 400,
  40053: 400,
  40054: 400,
  40055: 400,
  40951: 409,
  40070: 400,
  40071: 400,
  40072: 400,
  40310: 403,
  40311: 403,
  40312: 403,
  40313: 403,
  40970: 409,
  40971: 409,
  40972: 409,
  42970: 429,
  40040: 400,
  40320: 403,
  40321: 403,
  40322: 403,
  40910: 409,
  40911: 409,
  41301: 413,
  41302: 413,
  40960: 409,
  40961: 409,
  41303: 413,
  41304: 403,
  40080: 400,
  40980: 409,
  40981: 409,
  40982: 409,
  41310: 413,
  41320: 409,
  50000: 500,
  50008: 401,
  50012: 401,
  50014: 401,
  50301: 503,
  50302: 503,
  50303: 503,
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
  40050: 'cashOutOverAvailable',
  40051: 'cashOutBelowMinimum',
  40052: 'coinsInsufficient',
  40053: 'coinExchangeLimit',
  40054: 'cashInsufficient',
  40055: 'payoutMethodsFull',
  40951: 'idempotencyKeyReused',
  40070: 'worldPasswordWrong',
  40071: 'worldInviteInvalid',
  40072: 'worldProjectUnusable',
  40310: 'worldSignInRequired',
  40311: 'worldBanned',
  40312: 'worldLocked',
  40313: 'worldNotHost',
  40970: 'worldNotInRoom',
  40971: 'worldMemberGone',
  40972: 'worldGuestNameTaken',
  42970: 'worldChatTooFast',
  40040: 'livePasswordWrong',
  40320: 'liveMembershipRequired',
  40321: 'liveTicketInvalid',
  40322: 'liveChatSignIn',
  40910: 'liveNotLive',
  40911: 'liveEnded',
  41301: 'payloadTooLarge',
  41302: 'quotaExceeded',
  40960: 'planNotPurchasable',
  40961: 'planInUse',
  41303: 'projectQuotaExceeded',
  41304: 'planFeatureNotIncluded',
  40080: 'avatarPreviewInvalid',
  40980: 'avatarDefaultKept',
  40981: 'avatarNotReady',
  40982: 'avatarOneInUse',
  41310: 'avatarLimitReached',
  41320: 'seatsExhausted',
  50000: 'internal',
  50008: 'sessionRevokedByAdmin',
  50012: 'sessionEndedElsewhere',
  50014: 'sessionExpired',
  50301: 'oidcNotConfigured',
  50302: 'serviceUnavailable',
  50303: 'notReady',
};

/** Codes after which the client clears the token and goes to /login (spec section 8). */
export const TOKEN_CLEAR_CODES: readonly number[] = [10001, 10002, 10003, 10004];
/** Codes that open the "Confirm logout" box (spec section 8). */
export const CONFIRM_LOGOUT_CODES: readonly number[] = [50008, 50012, 50014];
