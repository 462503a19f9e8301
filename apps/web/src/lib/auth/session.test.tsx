import { act, renderHook } from '@testing-library/react';
import { STORAGE_KEYS } from '@xr/contract/constants';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { getCart, useCartCount } from '../cart';
import { feedback } from '../feedback';
import { HttpError, resetHttpState } from '../http';
import i18n from '../i18n';
import { registerNavigator } from '../navigation';
import { queryClient } from '../query-client';
import { addTag, getTags } from '../tags';
import { getSession, getToken, loadUserInfo, loginWithPassword, logout, resetToken, setToken, useSession } from './session';

const USER = {
  id: 7,
  username: 'ann',
  name: 'Ann',
  avatar: '/files/avatars/ann.png',
  role_name: 'Creator',
  roles: ['creator'],
  permissions: [{ http_path: '/profile' }, { http_path: '/orderlist' }],
  introduction: '',
  vip_date: null,
  vip_status: false,
  email: 'ann@demo.test',
  gender: 'female',
  phone: '85212345678',
  xp_value: 0,
  forum_name: 'ann',
  invite_code: 'ABC',
  account_type: 'individual',
  created_at: '2025-01-01T00:00:00.000Z',
};

type Route = (init: RequestInit) => Response | Promise<Response>;
const reply = (code: number, data: unknown, message = '') => new Response(JSON.stringify({ code, message, data }));
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;

/** Stubs fetch with one handler per path (query ignored); anything else answers 40401. */
function serve(routes: Record<string, Route>) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const handler = routes[url.split('?')[0]!];
    return handler ? handler(init) : reply(40401, null, 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
}
const callsTo = (path: string) => fetchMock.mock.calls.filter(([u]) => u.split('?')[0] === path);
const auth = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

const navigate = vi.fn();
let here = '/orderlist?page=3';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  navigate.mockReset();
  here = '/orderlist?page=3';
  registerNavigator({ navigate, location: () => here });
  vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  registerNavigator(null);
});

describe('loginWithPassword', () => {
  it('stores the token and email, fetches user info with the new token, then loads the cart', async () => {
    serve({
      '/api/login': () => reply(200, { access_token: 'tok-1', token_type: 'Bearer', expires_at: '2099-01-01' }),
      '/api/user/user_info': () => reply(200, USER),
      '/api/shopping_cart/cart_page': () => reply(200, [{ id: 1 }, { id: 2 }, { id: 3 }]),
    });
    const count = renderHook(() => useCartCount());
    const session = renderHook(() => useSession());
    let user: unknown;
    await act(async () => {
      user = await loginWithPassword({ username: 'Ann@Demo.test', password: 'Demo@12345' });
    });
    expect(user).toEqual(USER);
    expect(JSON.parse(String(callsTo('/api/login')[0]![1].body))).toEqual({ username: 'Ann@Demo.test', password: 'Demo@12345' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('ann@demo.test');
    expect(localStorage.getItem(STORAGE_KEYS.avatar)).toBe('/files/avatars/ann.png');
    expect(auth(callsTo('/api/user/user_info')[0]![1])).toBe('Bearer tok-1');
    expect(callsTo('/api/shopping_cart/cart_page')[0]![0]).toBe('/api/shopping_cart/cart_page?page=1&limit=9999');
    expect(session.result.current).toMatchObject({
      token: 'tok-1',
      user: USER,
      roles: ['creator'],
      permissions: ['/profile', '/orderlist'],
      name: 'Ann',
      roleName: 'Creator',
      loaded: true,
    });
    expect(count.result.current).toBe(3);
  });

  it('a cart that fails to load counts as empty and shows nothing; login still succeeds', async () => {
    serve({
      '/api/login': () => reply(200, { access_token: 'tok-2' }),
      '/api/user/user_info': () => reply(200, USER),
    });
    await loginWithPassword({ username: 'ann', password: 'Demo@12345' });
    expect(getToken()).toBe('tok-2');
    expect(getCart()).toEqual({ items: [], loaded: true });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('rejects with the server error and stores nothing when the password is wrong', async () => {
    serve({ '/api/login': () => reply(40101, null, 'Incorrect account or password') });
    await expect(loginWithPassword({ username: 'ann', password: 'x' }, { silent: true })).rejects.toMatchObject({
      code: 40101,
      message: 'Incorrect account or password',
    });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('drops the token again when user info is unusable', async () => {
    serve({
      '/api/login': () => reply(200, { access_token: 'tok-3' }),
      '/api/user/user_info': () => reply(200, { ...USER, permissions: [] }),
    });
    await expect(loginWithPassword({ username: 'ann', password: 'Demo@12345' })).rejects.toThrow(
      'getInfo: roles must be a non-null array!',
    );
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('loadUserInfo', () => {
  it('rejects "Verification failed, please Login again." without user data', async () => {
    setToken('t');
    serve({ '/api/user/user_info': () => reply(200, null) });
    await expect(loadUserInfo()).rejects.toThrow('Verification failed, please Login again.');
    expect(getSession().loaded).toBe(false);
  });

  it('rejects "getInfo: roles must be a non-null array!" when permissions are missing', async () => {
    setToken('t');
    const { permissions: _omit, ...noPerms } = USER;
    serve({ '/api/user/user_info': () => reply(200, noPerms) });
    await expect(loadUserInfo()).rejects.toThrow('getInfo: roles must be a non-null array!');
  });

  it('concurrent callers share one request (no "already in progress" error)', async () => {
    setToken('t');
    serve({ '/api/user/user_info': () => reply(200, USER) });
    const [a, b] = await Promise.all([loadUserInfo(), loadUserInfo()]);
    expect(a).toBe(b);
    expect(callsTo('/api/user/user_info')).toHaveLength(1);
  });

  it('a new token does not share the user_info request still running for the old one', async () => {
    setToken('old');
    let answerOld: (r: Response) => void = () => undefined;
    serve({
      '/api/user/user_info': (init) =>
        auth(init) === 'Bearer old' ? new Promise<Response>((resolve) => (answerOld = resolve)) : reply(200, USER),
    });
    const stale = loadUserInfo();
    resetToken();
    setToken('new');
    await expect(loadUserInfo()).resolves.toEqual(USER);
    expect(callsTo('/api/user/user_info').map(([, init]) => auth(init))).toEqual(['Bearer old', 'Bearer new']);
    expect(getSession()).toMatchObject({ token: 'new', loaded: true });
    answerOld(reply(200, { ...USER, name: 'Someone else' }));
    await stale;
    expect(getSession().name).toBe('Ann');
  });

  it('a server failure rejects with the HttpError', async () => {
    setToken('t');
    serve({ '/api/user/user_info': () => reply(50000, null, 'boom') });
    await expect(loadUserInfo()).rejects.toBeInstanceOf(HttpError);
  });
});

describe('logout and resetToken', () => {
  async function signIn() {
    serve({
      '/api/login': () => reply(200, { access_token: 'tok-9' }),
      '/api/user/user_info': () => reply(200, USER),
      '/api/shopping_cart/cart_page': () => reply(200, [{ id: 1 }]),
      '/api/logout': () => reply(200, null),
    });
    await loginWithPassword({ username: 'ann@demo.test', password: 'Demo@12345' });
    addTag({ path: '/profile', title: 'profile', affix: true });
    addTag({ path: '/orderlist', fullPath: '/orderlist?page=3', title: 'orderList' });
  }

  it('logout calls /logout with the token, clears token, roles, name, role name and tabs, then goes to /login?redirect=<full path>', async () => {
    await signIn();
    queryClient.setQueryData(['secret'], 1);
    await logout();
    const call = callsTo('/api/logout')[0]!;
    expect(call[1].method).toBe('POST');
    expect(auth(call[1])).toBe('Bearer tok-9');
    expect(getSession()).toMatchObject({
      token: null,
      user: null,
      roles: [],
      permissions: [],
      name: '',
      roleName: '',
      loaded: false,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('ann@demo.test');
    expect(getTags()).toEqual([]);
    expect(getCart().items).toEqual([]);
    expect(queryClient.getQueryData(['secret'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=/orderlist%3Fpage%3D3', {});
  });

  it('logout still ends the local session when the server cannot be reached', async () => {
    await signIn();
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await logout();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=/orderlist%3Fpage%3D3', {});
  });

  it('resetToken clears the session without any server call', async () => {
    await signIn();
    const before = fetchMock.mock.calls.length;
    resetToken();
    expect(fetchMock.mock.calls.length).toBe(before);
    expect(getSession()).toMatchObject({ token: null, user: null, roles: [], permissions: [], loaded: false });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('other tabs', () => {
  it('follows a sign-out or sign-in made in another tab', () => {
    setToken('mine');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: null }));
    expect(getSession()).toMatchObject({ token: null, loaded: false });
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: 'other' }));
    expect(getSession()).toMatchObject({ token: 'other', loaded: false, user: null });
  });
});
