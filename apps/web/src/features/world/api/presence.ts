import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { KickBody, KickReply, OnlinePageParams, OnlineUserRow } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { worldKeys } from './keys';

export interface OnlineFilter {
  page: number;
  limit: number;
  entry_id?: number;
  keyword?: string;
  date_from?: string;
  date_to?: string;
}

/** GET /explore/online_page: per person and room, first / last login, total online time and messages. */
export const onlinePageQuery = (params: OnlineFilter) =>
  queryOptions({
    queryKey: [...worldKeys.online, params],
    queryFn: ({ signal }) =>
      http.get<Page<OnlineUserRow>>(
        '/explore/online_page',
        { ...params, keyword: params.keyword || undefined } satisfies OnlinePageParams,
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOnlinePage(params: OnlineFilter) {
  return useQuery(onlinePageQuery(params));
}

/** POST /explore/kick: removes the person from every instance of the room (not a ban). */
export function useKick() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KickBody) => http.post<KickReply>('/explore/kick', body),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.online }),
  });
}
