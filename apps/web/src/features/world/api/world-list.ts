import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { MetaWorldCard, MetaWorldListParams } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { roomKeys } from './keys';

/** How often the /meta cards refresh their "online now" figures (ms). */
export const META_LIST_REFRESH_MS = 15_000;

/** GET /meta/world_list: the public world entries, weight first, with online totals across instances. */
export const worldListQuery = (params: MetaWorldListParams) =>
  queryOptions({
    queryKey: roomKeys.list(params),
    queryFn: ({ signal }) => http.get<Page<MetaWorldCard>>('/meta/world_list', params, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: META_LIST_REFRESH_MS,
  });

export function useWorldList(params: MetaWorldListParams) {
  return useQuery(worldListQuery(params));
}
