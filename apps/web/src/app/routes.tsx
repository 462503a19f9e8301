import type { ComponentType } from 'react';

type Lazy = () => Promise<{ default: ComponentType }>;

/**
 * The route table: the single source for the router, the menu, breadcrumbs, page titles and permission
 * filtering. Paths are the spec's (section 2), used in the hash form. `permission` is the `http_path` the
 * user's roles must grant (spec section 6); `timeLimited` routes also need an active membership.
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
  page?: Lazy;
  children?: AppRoute[];
}

/** Public layout routes. */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: '/', title: 'home', page: () => import('../features/site/pages/home-page') },
  { path: '/login', title: 'login', page: () => import('../features/auth/pages/login-page') },
  { path: '/register', title: 'register', page: () => import('../features/auth/pages/register-page') },
  { path: '/about', title: 'about', page: () => import('../features/site/pages/about-page') },
  { path: '/contact', title: 'contact', page: () => import('../features/community/pages/contact-page') },
  { path: '/join', title: 'join', page: () => import('../features/site/pages/join-page') },
  { path: '/marke_place', title: 'market', page: () => import('../features/market/pages/market-page') },
  { path: '/meta', title: 'meta', page: () => import('../features/room/pages/meta-page') },
  { path: '/meta/room', title: 'metaRoom', hidden: true, page: () => import('../features/room/pages/room-page') },
  { path: '/product_details', title: 'productDetails', page: () => import('../features/market/pages/product-details-page') },
  { path: '/view', title: 'view', page: () => import('../features/market/pages/view-page') },
  { path: '/policy', title: 'policy', page: () => import('../features/site/pages/policy-page') },
  { path: '/user_terms_agreement', title: 'userTerms', page: () => import('../features/site/pages/user-terms-page') },
  { path: '/solutions', title: 'solutions', page: () => import('./pages/solutions-page') },
  { path: '/grid', title: 'grid', page: () => import('../features/site/pages/grid-page') },
  { path: '/forum', title: 'forum', page: () => import('../features/forum/pages/forum-page') },
  { path: '/forum/board', title: 'forumBoard', page: () => import('../features/forum/pages/board-page') },
  { path: '/forum/thread', title: 'forumThread', page: () => import('../features/forum/pages/thread-page') },
  { path: '/live', title: 'liveWatch', page: () => import('../features/live/pages/live-watch-page'), hidden: true },
  {
    path: '/auth-redirect',
    title: 'authRedirect',
    page: () => import('../features/auth/pages/auth-redirect-page'),
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
    page: () => import('./pages/profile-page'),
  },
  {
    path: '/avatar-list',
    title: 'avatarList',
    permission: '/avatar-list',
    icon: 'smile',
    page: () => import('../features/avatars/pages/avatar-list-page'),
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
        page: () => import('../features/projects/pages/project-list-page'),
      },
      {
        path: '/vrdata/status',
        title: 'vrdataStatus',
        permission: '/vrdata/status',
        page: () => import('../features/projects/pages/project-status-page'),
      },
      {
        path: '/vrdata/questionnaire',
        title: 'vrdataQuestionnaire',
        page: () => import('../features/projects/pages/questionnaire-page'),
      },
      {
        path: '/vrdata/tour-editor',
        title: 'vrdataTourEditor',
        permission: '/vrdata/list',
        hidden: true,
        page: () => import('../features/tour-editor/pages/tour-editor-page'),
      },
      {
        path: '/vrdata/scene-editor',
        title: 'sceneEditor',
        permission: '/vrdata/list',
        hidden: true,
        page: () => import('../features/scene-editor/pages/scene-editor-page'),
      },
      {
        path: '/vrdata/commentlist',
        title: 'vrdataCommentlist',
        permission: '/vrdata/commentlist',
        page: () => import('../features/projects/pages/comment-list-page'),
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
        page: () => import('../features/review/pages/project-review-page'),
      },
      {
        path: '/approval/project-review-records',
        title: 'projectReviewRecords',
        permission: '/approval/project-review-records',
        page: () => import('../features/review/pages/project-review-records-page'),
      },
      {
        path: '/approval/institutional',
        title: 'institutional',
        permission: '/approval/institutional',
        page: () => import('../features/institution/pages/institution-review-page'),
      },
      {
        path: '/approval/cashOutProcess',
        title: 'cashOutProcess',
        permission: '/approval/cashOutProcess',
        page: () => import('../features/wallet/pages/cash-out-review-page'),
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
        page: () => import('../features/world/pages/world-list-page'),
      },
      {
        path: '/explore/onlinelist',
        title: 'exploreOnline',
        permission: '/explore/onlinelist',
        page: () => import('../features/world/pages/online-list-page'),
      },
      {
        path: '/explore/chat-record-list',
        title: 'exploreChat',
        permission: '/explore/chat-record-list',
        page: () => import('../features/world/pages/chat-record-page'),
      },
      {
        path: '/explore/live-streaming-list',
        title: 'exploreLive',
        permission: '/explore/live-streaming-list',
        timeLimited: true,
        page: () => import('../features/live/pages/live-list-page'),
      },
    ],
  },
  {
    path: '/member',
    title: 'member',
    permission: '/member',
    icon: 'team',
    page: () => import('../features/members/pages/member-page'),
  },
  {
    path: '/ReportList',
    title: 'reportList',
    permission: '/ReportList',
    icon: 'warning',
    page: () => import('../features/reports/pages/report-list-page'),
  },
  {
    path: '/projecttag',
    title: 'projectTag',
    permission: '/projecttag',
    icon: 'tags',
    page: () => import('../features/tags/pages/tag-page'),
  },
  {
    path: '/stationletter',
    title: 'stationLetter',
    permission: '/stationletter',
    icon: 'notification',
    page: () => import('../features/station/pages/station-letter-page'),
  },
  {
    path: '/forum/manage',
    title: 'forumManage',
    permission: '/forum/manage',
    icon: 'comment',
    page: () => import('../features/forum/pages/forum-manage-page'),
  },
  {
    path: '/orderlist',
    title: 'orderList',
    permission: '/orderlist',
    icon: 'profile',
    page: () => import('../features/orders/pages/order-list-page'),
  },
  {
    path: '/shoppingcart',
    title: 'shoppingCart',
    permission: '/shoppingcart',
    icon: 'shopping',
    page: () => import('../features/cart/pages/shopping-cart-page'),
  },
  {
    path: '/wishlist',
    title: 'wishList',
    permission: '/wishlist',
    icon: 'heart',
    page: () => import('../features/cart/pages/wishlist-page'),
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
        page: () => import('../features/codes/pages/invite-code-admin-page'),
      },
      { path: '/invite-code/page', title: 'inviteCodePage', page: () => import('../features/codes/pages/my-invite-page') },
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
        page: () => import('../features/codes/pages/coupon-code-admin-page'),
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
        page: () => import('../features/wallet/pages/cash-page'),
      },
      {
        path: '/wallet/coins',
        title: 'walletCoins',
        permission: '/wallet/coins',
        page: () => import('../features/wallet/pages/coins-page'),
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
        page: () => import('../features/system/pages/capacity-page'),
      },
      {
        path: '/system/logs',
        title: 'logs',
        permission: '/system/logs',
        page: () => import('./pages/system-logs-page'),
      },
      {
        path: '/system/combo',
        title: 'combo',
        permission: '/system/combo',
        page: () => import('../features/plans/pages/combo-page'),
      },
      {
        path: '/system/filetype',
        title: 'fileType',
        permission: '/system/filetype',
        page: () => import('../features/system/pages/file-type-page'),
      },
      {
        path: '/system/library',
        title: 'library',
        permission: '/system/library',
        page: () => import('../features/library/pages/library-manage-page'),
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
            page: () => import('../features/rbac/pages/role-page'),
          },
          {
            path: '/system/auth/resource',
            title: 'authResource',
            permission: '/system/auth/resource',
            page: () => import('../features/rbac/pages/resource-page'),
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
