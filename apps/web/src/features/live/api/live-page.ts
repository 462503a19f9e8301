import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { LivePageQuery, LiveState, LiveStream } from '@xr/contract/live';
import { http } from '../../../lib/http';
import { liveKeys } from './keys';

export interface LiveListFilter {
  page: number;
  limit: number;
  keyword?: string;
  state?: LiveState;
}

/** GET /live/live_page: one page of the caller's streams (administrators: everyone's). Refreshed every 10 s (state, viewers). */
export const livePageQuery = (params: LiveListFilter) =>
  queryOptions({
    queryKey: [...liveKeys.list, params],
    queryFn: () =>
      http.get<Page<LiveStream>>('/live/live_page', {
        ...params,
        keyword: params.keyword || undefined,
      } satisfies LivePageQuery),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useLivePage(params: LiveListFilter) {
  return useQuery(livePageQuery(params));
}
