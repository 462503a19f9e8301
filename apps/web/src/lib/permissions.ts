import { useMemo } from 'react';
import { useSession } from './auth/session';
import { ADMIN_ROUTES, type AppRoute, PUBLIC_ROUTES } from './route-table';

/** What decides route access: the user's permission paths, role names and membership (spec section 6). */
export interface AccessContext {
  permissions: readonly string[];
  roles?: readonly string[];
  /** Active membership: needed by `timeLimited` routes. */
  vipStatus: boolean;
}

/** Role that sees every admin route ("admin routes list the role admin plus a path-like permission key"). */
export const ADMIN_ROLE = 'admin';

/**
 * The admin routes this user may open, as a tree. A route is kept when the user holds its `permission`
 * (or has the admin role); a route without `permission` goes with its parent (a child that names a permission
 * needs it too: the menu never offers a page its call would refuse); `timeLimited` routes need an active membership; a parent left without children is
 * dropped, and its `redirect` moves to the first child left when the original target is gone.
 */
export function filterRoutes(routes: readonly AppRoute[], ctx: AccessContext): AppRoute[] {
  const held = new Set(ctx.permissions);
  const admin = ctx.roles?.includes(ADMIN_ROLE) ?? false;
  const walk = (list: readonly AppRoute[]): AppRoute[] => {
    const out: AppRoute[] = [];
    for (const r of list) {
      if (r.timeLimited && !ctx.vipStatus) continue;
      if (!(admin || !r.permission || held.has(r.permission))) continue;
      if (!r.children) {
        out.push(r);
        continue;
      }
      const children = walk(r.children);
      if (children.length === 0) continue;
      const paths = flatten(children).map((c) => c.path);
      const redirect = r.redirect && paths.includes(r.redirect) ? r.redirect : firstPage(children);
      out.push({ ...r, children, redirect });
    }
    return out;
  };
  return walk(routes);
}

/** Every route of a tree, parents before their children. */
export function flatten(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...(r.children ? flatten(r.children) : [])]);
}

/** The first leaf: every leaf of the table has a page, every parent is a menu group (app/router.test.tsx). */
function firstPage(routes: readonly AppRoute[]): string | undefined {
  for (const r of routes) {
    if (!r.children) return r.path;
    const inner = r.children && firstPage(r.children);
    if (inner) return inner;
  }
  return undefined;
}

/** A sidebar menu entry; `title` is a key of the `route` namespace, `icon` a name from the route table. */
export interface MenuEntry {
  path: string;
  title: string;
  icon?: string;
  children?: MenuEntry[];
}

/** The sidebar menu from accessible routes (hidden routes left out). */
export function buildMenu(accessible: readonly AppRoute[]): MenuEntry[] {
  return accessible
    .filter((r) => !r.hidden)
    .map((r) => {
      const children = r.children ? buildMenu(r.children) : [];
      return {
        path: r.path,
        title: r.title,
        ...(r.icon ? { icon: r.icon } : {}),
        ...(children.length ? { children } : {}),
      };
    });
}

const ADMIN_PATHS = new Set(flatten(ADMIN_ROUTES).map((r) => r.path));
const PUBLIC_PATHS = new Set(flatten(PUBLIC_ROUTES).map((r) => r.path));

export function isAdminPath(path: string): boolean {
  return ADMIN_PATHS.has(path);
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.has(path);
}

/** Whether the user may open a path: public routes always, admin routes when accessible. */
export function canAccess(path: string, ctx: AccessContext): boolean {
  if (isPublicPath(path)) return true;
  if (!isAdminPath(path)) return false;
  return flatten(filterRoutes(ADMIN_ROUTES, ctx)).some((r) => r.path === path);
}

/** The route of a path with its parents, outermost first (breadcrumb, page title); empty when unknown. */
export function findRouteTrail(path: string, routes: readonly AppRoute[] = [...PUBLIC_ROUTES, ...ADMIN_ROUTES]): AppRoute[] {
  for (const r of routes) {
    if (r.path === path) return [r];
    if (r.children) {
      const inner = findRouteTrail(path, r.children);
      if (inner.length) return [r, ...inner];
    }
  }
  return [];
}

/** Access context of a session. */
export function accessOf(session: {
  permissions: readonly string[];
  roles: readonly string[];
  user: { vip_status?: boolean } | null;
}): AccessContext {
  return { permissions: session.permissions, roles: session.roles, vipStatus: !!session.user?.vip_status };
}

export interface Access {
  /** Accessible admin routes (tree). */
  routes: AppRoute[];
  /** Sidebar menu entries. */
  menu: MenuEntry[];
  canAccess(path: string): boolean;
}

/** Hook for layouts and screens: the signed-in user's accessible routes, menu and a `canAccess` check. */
export function useAccess(): Access {
  const session = useSession();
  const { permissions, roles, user } = session;
  return useMemo(() => {
    const ctx = accessOf({ permissions, roles, user });
    const routes = filterRoutes(ADMIN_ROUTES, ctx);
    const paths = new Set(flatten(routes).map((r) => r.path));
    return {
      routes,
      menu: buildMenu(routes),
      canAccess: (path: string) => isPublicPath(path) || paths.has(path),
    };
  }, [permissions, roles, user]);
}
