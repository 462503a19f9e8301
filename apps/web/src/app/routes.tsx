import type { ComponentType } from 'react';
import { ADMIN_ROUTES, type AppRoute, PUBLIC_ROUTES } from '../lib/route-table';

type Lazy = () => Promise<{ default: ComponentType }>;

/** A route of the table (lib/route-table.ts) with its page, loaded on first visit: what the router is built from. */
export interface PageRoute extends AppRoute {
  page?: Lazy;
  children?: PageRoute[];
}

/**
 * The page of each leaf of the route table, by path. Apart from the table because pages use lib/ (permissions, guard),
 * which reads the table: one file holding both made an import cycle. app/router.test.tsx checks that every leaf has a
 * page here and every page a route.
 */
export const PAGES: Readonly<Record<string, Lazy>> = {
  '/': () => import('../features/site/pages/home-page'),
  '/login': () => import('../features/auth/pages/login-page'),
  '/register': () => import('../features/auth/pages/register-page'),
  '/about': () => import('../features/site/pages/about-page'),
  '/contact': () => import('../features/contact/pages/contact-page'),
  '/join': () => import('../features/site/pages/join-page'),
  '/marke_place': () => import('../features/market/pages/market-page'),
  '/meta': () => import('../features/world/pages/meta-page'),
  '/meta/room': () => import('../features/world/pages/room-page'),
  '/product_details': () => import('../features/market/pages/product-details-page'),
  '/view': () => import('../features/market/pages/view-page'),
  '/policy': () => import('../features/site/pages/policy-page'),
  '/user_terms_agreement': () => import('../features/site/pages/user-terms-page'),
  '/solutions': () => import('./pages/solutions-page'),
  '/grid': () => import('../features/site/pages/grid-page'),
  '/forum': () => import('../features/forum/pages/forum-page'),
  '/forum/board': () => import('../features/forum/pages/board-page'),
  '/forum/thread': () => import('../features/forum/pages/thread-page'),
  '/live': () => import('../features/live/pages/live-watch-page'),
  '/auth-redirect': () => import('../features/auth/pages/auth-redirect-page'),
  '/profile': () => import('./pages/profile-page'),
  '/avatar-list': () => import('../features/avatars/pages/avatar-list-page'),
  '/vrdata/list': () => import('../features/projects/pages/project-list-page'),
  '/vrdata/status': () => import('../features/projects/pages/project-status-page'),
  '/vrdata/questionnaire': () => import('../features/projects/pages/questionnaire-page'),
  '/vrdata/tour-editor': () => import('../features/tour-editor/pages/tour-editor-page'),
  '/vrdata/scene-editor': () => import('../features/scene-editor/pages/scene-editor-page'),
  '/vrdata/commentlist': () => import('../features/projects/pages/comment-list-page'),
  '/approval/project-review': () => import('../features/review/pages/project-review-page'),
  '/approval/project-review-records': () => import('../features/review/pages/project-review-records-page'),
  '/approval/institutional': () => import('../features/institution/pages/institution-review-page'),
  '/approval/cashOutProcess': () => import('../features/wallet/pages/cash-out-review-page'),
  '/explore/list': () => import('../features/world/pages/world-list-page'),
  '/explore/onlinelist': () => import('../features/world/pages/online-list-page'),
  '/explore/chat-record-list': () => import('../features/world/pages/chat-record-page'),
  '/explore/live-streaming-list': () => import('../features/live/pages/live-list-page'),
  '/member': () => import('../features/members/pages/member-page'),
  '/ReportList': () => import('../features/reports/pages/report-list-page'),
  '/projecttag': () => import('../features/tags/pages/tag-page'),
  '/stationletter': () => import('../features/station/pages/station-letter-page'),
  '/forum/manage': () => import('../features/forum/pages/forum-manage-page'),
  '/orderlist': () => import('../features/orders/pages/order-list-page'),
  '/shoppingcart': () => import('../features/cart/pages/shopping-cart-page'),
  '/wishlist': () => import('../features/cart/pages/wishlist-page'),
  '/invite-code/add-invite-code': () => import('../features/codes/pages/invite-code-admin-page'),
  '/invite-code/page': () => import('../features/codes/pages/my-invite-page'),
  '/coupon-code/add-coupon-code': () => import('../features/codes/pages/coupon-code-admin-page'),
  '/wallet/page': () => import('../features/wallet/pages/cash-page'),
  '/wallet/coins': () => import('../features/wallet/pages/coins-page'),
  '/system/capacity': () => import('../features/system/pages/capacity-page'),
  '/system/logs': () => import('./pages/system-logs-page'),
  '/system/combo': () => import('../features/plans/pages/combo-page'),
  '/system/filetype': () => import('../features/system/pages/file-type-page'),
  '/system/library': () => import('../features/library/pages/library-manage-page'),
  '/system/auth/role': () => import('../features/rbac/pages/role-page'),
  '/system/auth/resource': () => import('../features/rbac/pages/resource-page'),
};

function withPages(routes: readonly AppRoute[]): PageRoute[] {
  return routes.map((r) => {
    const page = PAGES[r.path];
    return { ...r, ...(page ? { page } : {}), ...(r.children ? { children: withPages(r.children) } : {}) };
  });
}

/** Public layout routes with their pages. */
export const PUBLIC_PAGE_ROUTES: PageRoute[] = withPages(PUBLIC_ROUTES);

/** Admin layout routes with their pages. */
export const ADMIN_PAGE_ROUTES: PageRoute[] = withPages(ADMIN_ROUTES);
