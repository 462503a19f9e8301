/**
 * Navigation outside React components (HTTP client, session): the router registers itself here when it is
 * created, so these helpers use the same history as the app. Without a router they fall back to the hash.
 */
export interface NavigatorBridge {
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** Path + search of the location being shown, or being navigated to while a navigation is pending. */
  location(): string;
}

let bridge: NavigatorBridge | null = null;

export function registerNavigator(next: NavigatorBridge | null): void {
  bridge = next;
}

/** Navigates within the app (hash form when no router is registered). */
export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (bridge) bridge.navigate(to, opts);
  else if (typeof window !== 'undefined') window.location.hash = `#${to}`;
}

/** Current in-app path with its query, e.g. `/vrdata/list?page=2`. */
export function currentFullPath(): string {
  if (bridge) return bridge.location();
  if (typeof window === 'undefined') return '/';
  return window.location.hash.replace(/^#/, '') || '/';
}

/** Encodes a query value but keeps `/` readable: `/login?redirect=/orderlist`. */
function encodeRedirect(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** `/login?redirect=<path>`; the login screen reads `redirect` with `useSearchParams`. */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeRedirect(redirect)}`;
}

/** Full page reload (Re-Login in the "Confirm logout" box). Wrapped so tests can observe it. */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
