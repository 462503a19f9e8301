import { ERROR_TOAST_MS } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { getSession, loadUserInfo, resetToken } from './auth/session';
import { loadCart } from './cart';
import { feedback } from './feedback';
import { ClientCode, HttpError } from './http';
import { loginPath } from './navigation';
import { type AccessContext, accessOf, canAccess, isAdminPath, isPublicPath } from './permissions';
import { WHITELIST } from './route-table';

/**
 * Paths open without a token: the spec's whitelist (section 4), the error and redirect pages, and
 * (our documented decision) the market, product details and grid, so visitors can browse and fill a cart.
 */
export const OPEN_PATHS: readonly string[] = [
  ...WHITELIST,
  '/404',
  '/401',
  '/marke_place',
  '/product_details',
  '/view',
  '/grid',
  // a meta world room: public rooms let anonymous visitors in (the room itself asks to sign in when it must)
  '/meta/room',
  // the live watch page: the stream's 6-digit password is its gate
  '/live',
];

export function isOpenPath(path: string): boolean {
  return OPEN_PATHS.includes(path) || path.startsWith('/redirect/');
}

export interface GuardInput {
  /** Path without query or hash. */
  path: string;
  hasToken: boolean;
  /** User info (roles) loaded for the current token. */
  loaded: boolean;
  access: AccessContext;
}

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string } | { action: 'load' };

const allow: GuardDecision = { action: 'allow' };
const to = (path: string): GuardDecision => ({ action: 'redirect', to: path });

/**
 * The navigation guard of spec section 4, as a pure decision:
 * - with a token: /login -> /profile; roles not loaded -> `load` (fetch user info, then decide again);
 *   an admin route the user may not open -> /401; an unknown path -> /404; anything else passes;
 * - without a token: /profile -> /; open paths pass; anything else -> /login?redirect={path}.
 */
export function decideNavigation({ path, hasToken, loaded, access }: GuardInput): GuardDecision {
  if (hasToken) {
    if (path === '/login') return to('/profile');
    if (!loaded) return { action: 'load' };
    if (isAdminPath(path)) return canAccess(path, access) ? allow : to('/401');
    if (isPublicPath(path) || isOpenPath(path)) return allow;
    return to('/404');
  }
  if (path === '/profile') return to('/');
  if (isOpenPath(path)) return allow;
  return to(loginPath(path));
}

function decideNow(path: string): GuardDecision {
  const s = getSession();
  return decideNavigation({ path, hasToken: !!s.token, loaded: s.loaded, access: accessOf(s) });
}

/** Pauses before the second and third try of a user-info load that failed on the way (not on the session). */
export const GUARD_RETRY_MS = [500, 1500] as const;

/**
 * A failure that says nothing about the session: no reply, a timeout, the one-request-per-URL refusal, or the rate
 * limit. Signing the user out for these would end a valid session because of a slow network or a busy server.
 */
function transient(err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  if (err.code === ErrorCode.RATE_LIMITED) return true;
  return err.code < 0 && err.code !== ClientCode.ABORTED;
}

/** User info, tried again after transient failures (GUARD_RETRY_MS); other failures are thrown at once. */
async function loadUserInfoPatiently(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await loadUserInfo();
      return;
    } catch (err) {
      const wait = GUARD_RETRY_MS[attempt];
      if (wait === undefined || !transient(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Runs the guard for a navigation: returns where to redirect, or null to let it through. When roles are
 * not loaded it fetches user info (and the cart) and decides again; if that fails the token is cleared and
 * the answer is /login?redirect={path}. Messages the HTTP client has not shown yet are shown here. Failures on the
 * way (no reply, timeout, a duplicate request, the rate limit) are tried again twice before that (our decision: a
 * busy server or a flaky network must not end a valid session).
 */
export async function runGuard(path: string): Promise<string | null> {
  let decision = decideNow(path);
  if (decision.action === 'load') {
    try {
      await loadUserInfoPatiently();
    } catch (err) {
      resetToken();
      if (!(err instanceof HttpError)) feedback.error(err instanceof Error ? err.message : String(err), ERROR_TOAST_MS / 1000);
      return loginPath(path);
    }
    void loadCart();
    decision = decideNow(path);
  }
  if (decision.action === 'redirect') return decision.to;
  if (decision.action === 'load') return loginPath(path);
  return null;
}
