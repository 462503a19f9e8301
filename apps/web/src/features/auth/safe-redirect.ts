/** Where to go after signing in: the `redirect` query when it is an in-app path, else /profile. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/profile';
  const path = raw.split(/[?#]/)[0] ?? '';
  if (path === '/login' || path === '/register' || path === '/auth-redirect') return '/profile';
  return raw;
}
