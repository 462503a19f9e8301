/**
 * The permission catalogue: one permission per admin screen, keyed by its route path (`http_path`,
 * spec section 6). The server guards every admin call with the permission of the screen it serves,
 * the web builds the menu from the same paths. Seeded into the database on first start; admins can
 * add more through /permissions/add_permissions.
 */
export interface PermissionSeed {
  http_path: string;
  /** i18n key of the title (`route.<key>`). */
  name: string;
  parent?: string;
}

export const PERMISSION_CATALOGUE: readonly PermissionSeed[] = [
  { http_path: '/profile', name: 'profile' },
  { http_path: '/avatar-list', name: 'avatarList' },
  { http_path: '/vrdata', name: 'vrdata' },
  { http_path: '/vrdata/list', name: 'vrdataList', parent: '/vrdata' },
  { http_path: '/vrdata/status', name: 'vrdataStatus', parent: '/vrdata' },
  { http_path: '/vrdata/questionnaire', name: 'vrdataQuestionnaire', parent: '/vrdata' },
  { http_path: '/vrdata/commentlist', name: 'vrdataCommentlist', parent: '/vrdata' },
  { http_path: '/approval', name: 'approval' },
  { http_path: '/approval/project-review', name: 'projectReview', parent: '/approval' },
  { http_path: '/approval/project-review-records', name: 'projectReviewRecords', parent: '/approval' },
  { http_path: '/approval/institutional', name: 'institutional', parent: '/approval' },
  { http_path: '/approval/cashOutProcess', name: 'cashOutProcess', parent: '/approval' },
  { http_path: '/explore', name: 'explore' },
  { http_path: '/explore/list', name: 'exploreList', parent: '/explore' },
  { http_path: '/explore/onlinelist', name: 'exploreOnline', parent: '/explore' },
  { http_path: '/explore/chat-record-list', name: 'exploreChat', parent: '/explore' },
  { http_path: '/explore/live-streaming-list', name: 'exploreLive', parent: '/explore' },
  { http_path: '/member', name: 'member' },
  { http_path: '/ReportList', name: 'reportList' },
  { http_path: '/projecttag', name: 'projectTag' },
  { http_path: '/stationletter', name: 'stationLetter' },
  { http_path: '/forum/manage', name: 'forumManage' },
  { http_path: '/orderlist', name: 'orderList' },
  { http_path: '/orderlist/all', name: 'orderListAll', parent: '/orderlist' },
  { http_path: '/shoppingcart', name: 'shoppingCart' },
  { http_path: '/wishlist', name: 'wishList' },
  { http_path: '/invite-code', name: 'inviteCode' },
  { http_path: '/invite-code/add-invite-code', name: 'addInviteCode', parent: '/invite-code' },
  { http_path: '/invite-code/page', name: 'inviteCodePage', parent: '/invite-code' },
  { http_path: '/coupon-code', name: 'couponCode' },
  { http_path: '/coupon-code/add-coupon-code', name: 'addCouponCode', parent: '/coupon-code' },
  { http_path: '/wallet', name: 'wallet' },
  { http_path: '/wallet/page', name: 'walletCash', parent: '/wallet' },
  { http_path: '/wallet/coins', name: 'walletCoins', parent: '/wallet' },
  /** Admin part of coins: the earning rules' amounts and caps (no screen of its own: a panel on /wallet/coins). */
  { http_path: '/wallet/coin-rules', name: 'coinRules', parent: '/wallet' },
  { http_path: '/system', name: 'system' },
  { http_path: '/system/capacity', name: 'capacity', parent: '/system' },
  { http_path: '/system/logs', name: 'logs', parent: '/system' },
  { http_path: '/system/combo', name: 'combo', parent: '/system' },
  { http_path: '/system/filetype', name: 'fileType', parent: '/system' },
  { http_path: '/system/library', name: 'library', parent: '/system' },
  { http_path: '/system/auth', name: 'auth', parent: '/system' },
  { http_path: '/system/auth/role', name: 'authRole', parent: '/system/auth' },
  { http_path: '/system/auth/resource', name: 'authResource', parent: '/system/auth' },
];

export const ROLE_NAMES = ['admin', 'organisation_admin', 'group_admin', 'creator', 'user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const USER_BASE = ['/profile', '/avatar-list', '/orderlist', '/shoppingcart', '/wishlist', '/wallet', '/wallet/coins'];
const CREATOR_BASE = [
  ...USER_BASE,
  '/vrdata',
  '/vrdata/list',
  '/vrdata/status',
  '/vrdata/questionnaire',
  '/vrdata/commentlist',
  '/explore',
  '/explore/list',
  '/explore/onlinelist',
  '/explore/chat-record-list',
  '/explore/live-streaming-list',
  '/wallet/page',
  '/invite-code',
  '/invite-code/page',
];
const ORG_ADMIN = [...CREATOR_BASE, '/member', '/stationletter', '/invite-code/add-invite-code'];

/**
 * Default permissions of the seeded roles. The spec leaves the role-to-area mapping open ("not shown");
 * this is our reading: ordinary users buy and collect, creators also build, publish and sell,
 * organisation and group admins also manage their members, admins everything.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly string[] | 'all'> = {
  admin: 'all',
  organisation_admin: ORG_ADMIN,
  group_admin: ORG_ADMIN,
  creator: CREATOR_BASE,
  user: [...USER_BASE, '/invite-code', '/invite-code/page'],
};

/** Role a new account gets from its account type. */
export const ROLE_OF_ACCOUNT_TYPE = {
  individual: 'creator',
  organisation: 'organisation_admin',
  group_admin: 'group_admin',
} as const satisfies Record<string, RoleName>;

/**
 * Routes that need an active membership (spec: "time-limited"): live streaming is an enterprise feature.
 * Hidden from the menu and refused by the guard when vip_status is false.
 */
export const TIME_LIMITED_PATHS: readonly string[] = ['/explore/live-streaming-list'];
