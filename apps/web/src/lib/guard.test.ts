import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, getToken, resetToken, setToken } from './auth/session';
import { feedback } from './feedback';
import { decideNavigation, type GuardInput, runGuard } from './guard';
import { resetHttpState } from './http';
import i18n from './i18n';
import { registerNavigator } from './navigation';
import { PUBLIC_ROUTES, WHITELIST } from './route-table';

const access = (permissions: string[] = [], vipStatus = true) => ({ permissions, vipStatus, roles: [] });
const visitor = (path: string): GuardInput => ({ path, hasToken: false, loaded: false, access: access() });
const member = (path: string, permissions: string[] = ['/profile', '/orderlist'], vip = true): GuardInput => ({
  path,
  hasToken: true,
  loaded: true,
  access: access(permissions, vip),
});

describe('decideNavigation without a token', () => {
  it.each(WHITELIST)('whitelisted %s passes', (path) => {
    expect(decideNavigation(visitor(path))).toEqual({ action: 'allow' });
  });

  it.each(['/404', '/401', '/redirect/orderlist', '/marke_place', '/product_details', '/grid'])('%s passes', (path) => {
    expect(decideNavigation(visitor(path))).toEqual({ action: 'allow' });
  });

  it('/profile goes to /', () => {
    expect(decideNavigation(visitor('/profile'))).toEqual({ action: 'redirect', to: '/' });
  });

  it.each(['/orderlist', '/system/auth/role', '/no-such-page'])('%s goes to /login?redirect=%s', (path) => {
    expect(decideNavigation(visitor(path))).toEqual({ action: 'redirect', to: `/login?redirect=${path}` });
  });
});

describe('decideNavigation with a token', () => {
  it('/login goes to /profile (loaded or not)', () => {
    expect(decideNavigation(member('/login'))).toEqual({ action: 'redirect', to: '/profile' });
    expect(decideNavigation({ ...member('/login'), loaded: false })).toEqual({ action: 'redirect', to: '/profile' });
  });

  it('roles not loaded: load user info first, on any path', () => {
    for (const path of ['/', '/orderlist', '/nope']) {
      expect(decideNavigation({ ...member(path), loaded: false })).toEqual({ action: 'load' });
    }
  });

  it('an admin route the user holds passes', () => {
    expect(decideNavigation(member('/orderlist'))).toEqual({ action: 'allow' });
  });

  it('a known admin route the user may not open goes to /401', () => {
    expect(decideNavigation(member('/system/logs'))).toEqual({ action: 'redirect', to: '/401' });
  });

  it('a time-limited route without membership goes to /401', () => {
    const perms = ['/explore', '/explore/list', '/explore/live-streaming-list'];
    expect(decideNavigation(member('/explore/live-streaming-list', perms, true))).toEqual({ action: 'allow' });
    expect(decideNavigation(member('/explore/live-streaming-list', perms, false))).toEqual({ action: 'redirect', to: '/401' });
  });

  it('public pages and error pages pass', () => {
    for (const r of PUBLIC_ROUTES.filter((r) => r.path !== '/login'))
      expect(decideNavigation(member(r.path))).toEqual({ action: 'allow' });
    for (const path of ['/404', '/401', '/redirect/orderlist', '/index'])
      expect(decideNavigation(member(path))).toEqual({ action: 'allow' });
  });

  it('an unknown path goes to /404', () => {
    expect(decideNavigation(member('/no-such-page'))).toEqual({ action: 'redirect', to: '/404' });
  });
});

describe('runGuard', () => {
  const user = (permissions: string[]) => ({
    id: 1,
    username: 'ann',
    name: 'Ann',
    avatar: '',
    role_name: 'creator',
    roles: ['creator'],
    permissions: permissions.map((http_path) => ({ http_path })),
    vip_status: true,
    email: 'ann@demo.test',
  });
  const reply = (code: number, data: unknown, message = '') => new Response(JSON.stringify({ code, message, data }));

  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    resetHttpState();
    resetToken();
    registerNavigator({ navigate: vi.fn(), location: () => '/' });
    vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    registerNavigator(null);
  });

  it('loads user info, then decides again with the new permissions', async () => {
    setToken('t');
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/user/user_info') ? reply(200, user(['/profile', '/orderlist'])) : reply(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(runGuard('/orderlist')).resolves.toBeNull();
    expect(getSession()).toMatchObject({ loaded: true, permissions: ['/profile', '/orderlist'] });
    await expect(runGuard('/system/logs')).resolves.toBe('/401');
    expect(fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/user/user_info'))).toHaveLength(1);
  });

  it('a failed fetch clears the token and goes to /login?redirect={path}', async () => {
    setToken('t');
    vi.stubGlobal('fetch', async () => reply(200, user([])));
    await expect(runGuard('/orderlist')).resolves.toBe('/login?redirect=/orderlist');
    expect(getToken()).toBeNull();
    expect(feedback.error).toHaveBeenCalledWith('getInfo: roles must be a non-null array!', 5);
  });

  it('no user data: "Verification failed, please Login again."', async () => {
    setToken('t');
    vi.stubGlobal('fetch', async () => reply(200, null));
    await expect(runGuard('/profile')).resolves.toBe('/login?redirect=/profile');
    expect(feedback.error).toHaveBeenCalledWith('Verification failed, please Login again.', 5);
  });

  it('a server error while loading clears the token too (the client already showed its message)', async () => {
    setToken('t');
    vi.stubGlobal('fetch', async () => reply(50000, null, 'Something went wrong'));
    await expect(runGuard('/')).resolves.toBe('/login?redirect=/');
    expect(getToken()).toBeNull();
    expect(feedback.error).toHaveBeenCalledTimes(1);
  });

  it('tries again after failures on the way (no reply, rate limit) and keeps the session', async () => {
    vi.useFakeTimers();
    try {
      setToken('t');
      let calls = 0;
      vi.stubGlobal('fetch', async (url: string) => {
        if (!url.startsWith('/api/user/user_info')) return reply(200, []);
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        if (calls === 2) return reply(429, null, 'Too many requests');
        return reply(200, user(['/profile']));
      });
      const decided = runGuard('/profile');
      await vi.runAllTimersAsync();
      await expect(decided).resolves.toBeNull();
      expect(calls).toBe(3);
      expect(getToken()).toBe('t');
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after three failures on the way: the token goes and the answer is the login page', async () => {
    vi.useFakeTimers();
    try {
      setToken('t');
      vi.stubGlobal('fetch', async () => {
        throw new TypeError('Failed to fetch');
      });
      const decided = runGuard('/profile');
      await vi.runAllTimersAsync();
      await expect(decided).resolves.toBe('/login?redirect=/profile');
      expect(getToken()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a token nothing is fetched', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(runGuard('/about')).resolves.toBeNull();
    await expect(runGuard('/wishlist')).resolves.toBe('/login?redirect=/wishlist');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
