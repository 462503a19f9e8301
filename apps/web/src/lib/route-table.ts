/**
 * The route table: the single source for the router, the menu, breadcrumbs, page titles and permission
 * filtering. Paths are the spec's (section 2), used in the hash form. `permission` is the `http_path` the
 * user's roles must grant (spec section 6); `timeLimited` routes also need an active membership.
 *
 * Plain data in lib/, so the permissions and the navigation guard can read it; each leaf's page is in app/routes.tsx
 * (pages use lib/, so a table holding the pages made an import cycle).
 */
export interface AppRoute {
  path: string;
  /** i18n key in the `route` namespace. */
  title: string;
  permission?: string;
  /** Icon name (see layout/menu-icons). */
  icon?: string;
  /** Kept out of the menu. */
  hidden?: boolean;
  timeLimited?: boolean;
  redirect?: string;
  children?: AppRoute[];
}

/** Public layout routes. */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: '/', title: 'home' },
  { path: '/login', title: 'login' },
  { path: '/register', title: 'register' },
  { path: '/about', title: 'about' },
  { path: '/contact', title: 'contact' },
  { path: '/join', title: 'join' },
  { path: '/marke_place', title: 'market' },
  { path: '/meta', title: 'meta' },
  { path: '/meta/room', title: 'metaRoom', hidden: true },
  { path: '/product_details', title: 'productDetails' },
  { path: '/view', title: 'view' },
  { path: '/policy', title: 'policy' },
  { path: '/user_terms_agreement', title: 'userTerms' },
  { path: '/solutions', title: 'solutions' },
  { path: '/grid', title: 'grid' },
  { path: '/forum', title: 'forum' },
  { path: '/forum/board', title: 'forumBoard' },
  { path: '/forum/thread', title: 'forumThread' },
  { path: '/live', title: 'liveWatch', hidden: true },
  {
    path: '/auth-redirect',
    title: 'authRedirect',
    hidden: true,
  },
];

/** Admin layout routes (the sidebar menu is built from these). */
export const ADMIN_ROUTES: AppRoute[] = [
  {
    path: '/profile',
    title: 'profile',
    permission: '/profile',
    icon: 'user',
  },
  {
    path: '/avatar-list',
    title: 'avatarList',
    permission: '/avatar-list',
    icon: 'smile',
  },
  {
    path: '/vrdata',
    title: 'vrdata',
    permission: '/vrdata',
    icon: 'appstore',
    redirect: '/vrdata/list',
    children: [
      {
        path: '/vrdata/list',
        title: 'vrdataList',
        permission: '/vrdata/list',
      },
      {
        path: '/vrdata/status',
        title: 'vrdataStatus',
        permission: '/vrdata/status',
      },
      {
        path: '/vrdata/questionnaire',
        title: 'vrdataQuestionnaire',
      },
      {
        path: '/vrdata/tour-editor',
        title: 'vrdataTourEditor',
        permission: '/vrdata/list',
        hidden: true,
      },
      {
        path: '/vrdata/scene-editor',
        title: 'sceneEditor',
        permission: '/vrdata/list',
        hidden: true,
      },
      {
        path: '/vrdata/commentlist',
        title: 'vrdataCommentlist',
        permission: '/vrdata/commentlist',
      },
    ],
  },
  {
    path: '/approval',
    title: 'approval',
    permission: '/approval',
    icon: 'audit',
    redirect: '/approval/project-review',
    children: [
      {
        path: '/approval/project-review',
        title: 'projectReview',
        permission: '/approval/project-review',
      },
      {
        path: '/approval/project-review-records',
        title: 'projectReviewRecords',
        permission: '/approval/project-review-records',
      },
      {
        path: '/approval/institutional',
        title: 'institutional',
        permission: '/approval/institutional',
      },
      {
        path: '/approval/cashOutProcess',
        title: 'cashOutProcess',
        permission: '/approval/cashOutProcess',
      },
    ],
  },
  {
    path: '/explore',
    title: 'explore',
    permission: '/explore',
    icon: 'global',
    redirect: '/explore/list',
    children: [
      {
        path: '/explore/list',
        title: 'exploreList',
        permission: '/explore/list',
      },
      {
        path: '/explore/onlinelist',
        title: 'exploreOnline',
        permission: '/explore/onlinelist',
      },
      {
        path: '/explore/chat-record-list',
        title: 'exploreChat',
        permission: '/explore/chat-record-list',
      },
      {
        path: '/explore/live-streaming-list',
        title: 'exploreLive',
        permission: '/explore/live-streaming-list',
        timeLimited: true,
      },
    ],
  },
  {
    path: '/member',
    title: 'member',
    permission: '/member',
    icon: 'team',
  },
  {
    path: '/ReportList',
    title: 'reportList',
    permission: '/ReportList',
    icon: 'warning',
  },
  {
    path: '/projecttag',
    title: 'projectTag',
    permission: '/projecttag',
    icon: 'tags',
  },
  {
    path: '/stationletter',
    title: 'stationLetter',
    permission: '/stationletter',
    icon: 'notification',
  },
  {
    path: '/forum/manage',
    title: 'forumManage',
    permission: '/forum/manage',
    icon: 'comment',
  },
  {
    path: '/orderlist',
    title: 'orderList',
    permission: '/orderlist',
    icon: 'profile',
  },
  {
    path: '/shoppingcart',
    title: 'shoppingCart',
    permission: '/shoppingcart',
    icon: 'shopping',
  },
  {
    path: '/wishlist',
    title: 'wishList',
    permission: '/wishlist',
    icon: 'heart',
  },
  {
    path: '/invite-code',
    title: 'inviteCode',
    permission: '/invite-code',
    icon: 'gift',
    redirect: '/invite-code/page',
    children: [
      {
        path: '/invite-code/add-invite-code',
        title: 'addInviteCode',
        // Campaign codes are for organisation and group admins: hidden from users who only have their own code.
        permission: '/invite-code/add-invite-code',
      },
      { path: '/invite-code/page', title: 'inviteCodePage' },
    ],
  },
  {
    path: '/coupon-code',
    title: 'couponCode',
    permission: '/coupon-code',
    icon: 'barcode',
    redirect: '/coupon-code/add-coupon-code',
    children: [
      {
        path: '/coupon-code/add-coupon-code',
        title: 'addCouponCode',
        permission: '/coupon-code/add-coupon-code',
      },
    ],
  },
  {
    path: '/wallet',
    title: 'wallet',
    permission: '/wallet',
    icon: 'wallet',
    redirect: '/wallet/page',
    children: [
      {
        path: '/wallet/page',
        title: 'walletCash',
        permission: '/wallet/page',
      },
      {
        path: '/wallet/coins',
        title: 'walletCoins',
        permission: '/wallet/coins',
      },
    ],
  },
  {
    path: '/system',
    title: 'system',
    permission: '/system',
    icon: 'setting',
    redirect: '/system/capacity',
    children: [
      {
        path: '/system/capacity',
        title: 'capacity',
        permission: '/system/capacity',
      },
      {
        path: '/system/logs',
        title: 'logs',
        permission: '/system/logs',
      },
      {
        path: '/system/combo',
        title: 'combo',
        permission: '/system/combo',
      },
      {
        path: '/system/filetype',
        title: 'fileType',
        permission: '/system/filetype',
      },
      {
        path: '/system/library',
        title: 'library',
        permission: '/system/library',
      },
      {
        path: '/system/auth',
        title: 'auth',
        permission: '/system/auth',
        redirect: '/system/auth/role',
        children: [
          {
            path: '/system/auth/role',
            title: 'authRole',
            permission: '/system/auth/role',
          },
          {
            path: '/system/auth/resource',
            title: 'authResource',
            permission: '/system/auth/resource',
          },
        ],
      },
    ],
  },
];

/** Paths reachable without a token (spec section 4), plus the error pages. */
export const WHITELIST = [
  '/login',
  '/meta',
  '/register',
  '/auth-redirect',
  '/index',
  '/about',
  '/contact',
  '/join',
  '/policy',
  '/user_terms_agreement',
  '/solutions',
  '/',
];
