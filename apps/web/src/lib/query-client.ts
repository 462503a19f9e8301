import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient. The HTTP client already shows each failure, so queries do not retry (a retry
 * would repeat the toast); logout and token reset clear the cache so the next user never sees old data.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
