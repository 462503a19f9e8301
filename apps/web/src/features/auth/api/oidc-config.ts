import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, http } from '../../../lib/http';

export interface OidcConfig {
  enabled: boolean;
  name: string | null;
}

/** GET /oidc/config: whether third-party sign-in is configured, and its display name. */
export const oidcConfigQuery = queryOptions({
  queryKey: ['oidc', 'config'],
  queryFn: () => http.get<OidcConfig>('/oidc/config', undefined, { silent: true }),
  staleTime: 5 * 60_000,
  retry: false,
});

export function useOidcConfig() {
  return useQuery(oidcConfigQuery);
}

/** Browser navigation to the server, which redirects to the identity provider. */
export function oidcLoginUrl(redirect: string): string {
  return `${API_BASE}/oidc/login?redirect=${encodeURIComponent(redirect)}`;
}
