import type { LoginBody, LoginReply, UserInfo } from '@xr/contract/auth';
import { STORAGE_KEYS } from '@xr/contract/constants';
import { loadCart, resetCart } from '../cart';
import { http, releaseInFlight } from '../http';
import i18n from '../i18n';
import { currentFullPath, loginPath, navigateTo } from '../navigation';
import { queryClient } from '../query-client';
import { createStore, localArea } from '../store';
import { clearTags } from '../tags';

/** The signed-in user's session (spec section 4): token, user info, role names and permission paths. */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Role names, e.g. `['creator']`. */
  roles: string[];
  /** The user's permission `http_path`s (spec section 6). */
  permissions: string[];
  name: string;
  roleName: string;
  avatar: string;
  /** True once user info has been fetched for the current token. */
  loaded: boolean;
}

const signedOut = (): Omit<SessionState, 'token'> => ({
  user: null,
  roles: [],
  permissions: [],
  name: '',
  roleName: '',
  avatar: '',
  loaded: false,
});

const store = createStore<SessionState>({
  token: localArea?.getItem(STORAGE_KEYS.token) || null,
  ...signedOut(),
  avatar: localArea?.getItem(STORAGE_KEYS.avatar) ?? '',
});

// another browser tab signed in or out: follow it (the guard acts on the next navigation)
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEYS.token || e.newValue === store.get().token) return;
    store.set({ token: e.newValue || null, ...signedOut() });
  });
}

/** The session, re-rendering on change. */
export function useSession(): SessionState {
  return store.use();
}

export function getSession(): SessionState {
  return store.get();
}

export function getToken(): string | null {
  return store.get().token;
}

/** The user_info request running for the current token, shared by concurrent callers. */
let pendingInfo: Promise<UserInfo> | null = null;

/** Stores the access token (localStorage, spec section 9). User info is loaded separately. */
export function setToken(token: string): void {
  // a user_info request of the previous token must not answer for this one
  pendingInfo = null;
  releaseInFlight();
  localArea?.setItem(STORAGE_KEYS.token, token);
  store.set((s) => ({ ...s, token, ...signedOut() }));
}

/**
 * Ends the session locally, without a server call (spec section 4): clears the token, user, roles, name
 * and role name, the cart count and cached queries. The user email stays to prefill the login form.
 */
export function resetToken(): void {
  localArea?.removeItem(STORAGE_KEYS.token);
  localArea?.removeItem(STORAGE_KEYS.avatar);
  pendingInfo = null;
  releaseInFlight();
  store.set({ token: null, ...signedOut() });
  resetCart();
  // requests still running for the old session are dropped, then every cached reply of it
  void queryClient.cancelQueries();
  queryClient.clear();
}

/**
 * GET /user/user_info for the current token and keeps it in the session. Concurrent callers share one
 * request. Rejects with "Verification failed, please Login again." when the reply has no user, and with
 * "getInfo: roles must be a non-null array!" when the user has no permissions (spec section 8).
 */
export function loadUserInfo(): Promise<UserInfo> {
  if (pendingInfo) return pendingInfo;
  const mine = fetchUserInfo().finally(() => {
    if (pendingInfo === mine) pendingInfo = null;
  });
  pendingInfo = mine;
  return mine;
}

async function fetchUserInfo(): Promise<UserInfo> {
  const token = getToken();
  const user = await http.get<UserInfo | null>('/user/user_info');
  if (!user) throw new Error(i18n.t('http:verifyFailed'));
  if (!Array.isArray(user.permissions) || user.permissions.length === 0) throw new Error(i18n.t('http:rolesRequired'));
  // the token changed while the request ran (logout, another login): this reply is stale
  if (getToken() !== token) return user;
  localArea?.setItem(STORAGE_KEYS.avatar, user.avatar ?? '');
  if (user.email) localArea?.setItem(STORAGE_KEYS.email, user.email);
  store.set((s) => ({
    ...s,
    user,
    roles: Array.isArray(user.roles) ? user.roles : [],
    permissions: user.permissions.map((p) => p.http_path),
    name: user.name || user.username,
    roleName: user.role_name ?? '',
    avatar: user.avatar ?? '',
    loaded: true,
  }));
  return user;
}

/** The email last used to sign in (prefills the login form). */
export function getStoredEmail(): string {
  return localArea?.getItem(STORAGE_KEYS.email) ?? '';
}

/**
 * Signs in (spec section 4 "Login"): POST /login, stores the access token and email, fetches user info,
 * then loads the cart. Pass `silent` when the form shows the error itself. If user info cannot be loaded
 * the token is dropped again and the error is thrown.
 */
export async function loginWithPassword(body: LoginBody, opts: { silent?: boolean } = {}): Promise<UserInfo> {
  const reply = await http.post<LoginReply>('/login', body, { silent: opts.silent });
  setToken(reply.access_token);
  if (body.username.includes('@')) localArea?.setItem(STORAGE_KEYS.email, body.username.trim().toLowerCase());
  let user: UserInfo;
  try {
    user = await loadUserInfo();
  } catch (err) {
    resetToken();
    throw err;
  }
  await loadCart();
  return user;
}

/**
 * Logs out (spec section 4 "Logout"): POST /logout, then clears token, roles, name, role name and open
 * tabs, and goes to `/login?redirect=<current full path>`. The local session ends even if the call fails.
 */
export async function logout(): Promise<void> {
  const redirect = currentFullPath();
  if (getToken()) {
    try {
      await http.post('/logout', undefined, { silent: true });
    } catch {
      // the server may already consider the token gone; the local session ends regardless
    }
  }
  resetToken();
  clearTags();
  navigateTo(loginPath(redirect));
}
