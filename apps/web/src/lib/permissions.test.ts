import { describe, expect, it } from 'vitest';
import { type AccessContext, buildMenu, canAccess, filterRoutes, findRouteTrail, flatten } from './permissions';
import { ADMIN_ROUTES, type AppRoute } from './route-table';

const ctx = (permissions: string[], vipStatus = true, roles: string[] = []): AccessContext => ({ permissions, vipStatus, roles });
const paths = (routes: AppRoute[]) => flatten(routes).map((r) => r.path);

const TABLE: AppRoute[] = [
  { path: '/a', title: 'a', permission: '/a' },
  { path: '/b', title: 'b', permission: '/b', hidden: true },
  {
    path: '/p',
    title: 'p',
    permission: '/p',
    redirect: '/p/one',
    children: [
      { path: '/p/one', title: 'one', permission: '/p/one' },
      { path: '/p/two', title: 'two', permission: '/p/two' },
      { path: '/p/free', title: 'free' },
      { path: '/p/vip', title: 'vip', permission: '/p/vip', timeLimited: true },
    ],
  },
  { path: '/q', title: 'q', permission: '/q', children: [{ path: '/q/z', title: 'z', permission: '/q/z' }] },
];

describe('filterRoutes', () => {
  it('keeps a route only when the user holds its permission', () => {
    expect(paths(filterRoutes(TABLE, ctx(['/a'])))).toEqual(['/a']);
    expect(paths(filterRoutes(TABLE, ctx([])))).toEqual([]);
  });

  it('children without a permission go with their parent', () => {
    expect(paths(filterRoutes(TABLE, ctx(['/p'])))).toEqual(['/p', '/p/free']);
  });

  it('a child permission without the parent permission shows nothing', () => {
    expect(paths(filterRoutes(TABLE, ctx(['/p/one', '/q/z'])))).toEqual([]);
  });

  it('a parent left without accessible children is hidden', () => {
    expect(paths(filterRoutes(TABLE, ctx(['/q'])))).toEqual([]);
    expect(paths(filterRoutes(TABLE, ctx(['/q', '/q/z'])))).toEqual(['/q', '/q/z']);
  });

  it('timeLimited routes need an active membership', () => {
    expect(paths(filterRoutes(TABLE, ctx(['/p', '/p/vip'], true)))).toContain('/p/vip');
    expect(paths(filterRoutes(TABLE, ctx(['/p', '/p/vip'], false)))).not.toContain('/p/vip');
  });

  it('moves the redirect to the first accessible child when the original target is not accessible', () => {
    expect(filterRoutes(TABLE, ctx(['/p', '/p/one', '/p/two']))[0]!.redirect).toBe('/p/one');
    expect(filterRoutes(TABLE, ctx(['/p', '/p/two']))[0]!.redirect).toBe('/p/two');
  });

  it('the admin role sees every route (still subject to membership)', () => {
    const all = paths(filterRoutes(TABLE, ctx([], true, ['admin'])));
    expect(all).toEqual(paths(TABLE));
    expect(paths(filterRoutes(TABLE, ctx([], false, ['admin'])))).not.toContain('/p/vip');
  });
});

describe('the real route table', () => {
  it('the live-streaming list is time-limited and hidden without membership', () => {
    const perms = ['/explore', '/explore/list', '/explore/live-streaming-list'];
    expect(canAccess('/explore/live-streaming-list', ctx(perms, true))).toBe(true);
    expect(canAccess('/explore/live-streaming-list', ctx(perms, false))).toBe(false);
    expect(canAccess('/explore/list', ctx(perms, false))).toBe(true);
  });

  it('my invite code opens with /invite-code, campaign codes need their own permission; questionnaire opens with /vrdata', () => {
    expect(canAccess('/invite-code/add-invite-code', ctx(['/invite-code']))).toBe(false);
    expect(canAccess('/invite-code/add-invite-code', ctx(['/invite-code', '/invite-code/add-invite-code']))).toBe(true);
    expect(canAccess('/invite-code/page', ctx(['/invite-code']))).toBe(true);
    expect(canAccess('/vrdata/questionnaire', ctx(['/vrdata']))).toBe(true);
    expect(canAccess('/vrdata/list', ctx(['/vrdata']))).toBe(false);
  });

  it('public routes are always accessible, unknown paths never', () => {
    expect(canAccess('/marke_place', ctx([]))).toBe(true);
    expect(canAccess('/nope', ctx([], true, ['admin']))).toBe(false);
  });

  it('an ordinary user sees their menu in table order, with icons and titles', () => {
    const menu = buildMenu(filterRoutes(ADMIN_ROUTES, ctx(['/profile', '/orderlist', '/wallet', '/wallet/coins'])));
    expect(menu).toEqual([
      { path: '/profile', title: 'profile', icon: 'user' },
      { path: '/orderlist', title: 'orderList', icon: 'profile' },
      { path: '/wallet', title: 'wallet', icon: 'wallet', children: [{ path: '/wallet/coins', title: 'walletCoins' }] },
    ]);
  });

  it('a user with only their own invite code does not see the campaign-code screen', () => {
    const menu = buildMenu(filterRoutes(ADMIN_ROUTES, ctx(['/invite-code'])));
    expect(menu).toEqual([
      expect.objectContaining({ path: '/invite-code', children: [{ path: '/invite-code/page', title: 'inviteCodePage' }] }),
    ]);
    const orgAdmin = buildMenu(filterRoutes(ADMIN_ROUTES, ctx(['/invite-code', '/invite-code/add-invite-code'])));
    expect(orgAdmin[0]?.children?.map((c) => c.path)).toEqual(['/invite-code/add-invite-code', '/invite-code/page']);
  });

  it('the admin sees every admin route in the menu', () => {
    const menu = buildMenu(filterRoutes(ADMIN_ROUTES, ctx([], true, ['admin'])));
    const menuPaths = (m: typeof menu): string[] => m.flatMap((e) => [e.path, ...(e.children ? menuPaths(e.children) : [])]);
    // Hidden routes (the editors, opened from the project list) are reachable but not in the menu.
    expect(menuPaths(menu)).toEqual(
      flatten(ADMIN_ROUTES)
        .filter((r) => !r.hidden)
        .map((r) => r.path),
    );
  });
});

describe('buildMenu', () => {
  it('leaves hidden routes out', () => {
    expect(buildMenu(filterRoutes(TABLE, ctx(['/a', '/b']))).map((e) => e.path)).toEqual(['/a']);
  });
});

describe('findRouteTrail', () => {
  it('returns the route with its parents', () => {
    expect(findRouteTrail('/system/auth/role').map((r) => r.path)).toEqual(['/system', '/system/auth', '/system/auth/role']);
    expect(findRouteTrail('/about').map((r) => r.title)).toEqual(['about']);
    expect(findRouteTrail('/nope')).toEqual([]);
  });
});
