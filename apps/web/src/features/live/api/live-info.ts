import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveInfo } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

/** GET /live/live_info?id=: the public facts of a stream (never its password). */
export const liveInfoQuery = (id: number) =>
  queryOptions({
    queryKey: liveKeys.info(id),
    // The signal lets a refetch cancel the call still in flight instead of colliding with it (one call per URL).
    queryFn: ({ signal }) => http.get<LiveInfo>('/live/live_info', { id }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });

export function useLiveInfo(id: number) {
  return useQuery(liveInfoQuery(id));
}
