import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { BanPageParams, UnbanBody, WorldBan } from '@xr/contract/world';
import { http } from '../../../lib/http';
import { worldKeys } from './keys';

const bansKey = (entryId: number) => [...worldKeys.all, 'bans', entryId] as const;

/** GET /explore/ban_page: who the room's hosts banned, newest first. */
export function useBanPage(params: BanPageParams & { entry_id: number; page: number; limit: number }) {
  return useQuery({
    queryKey: [...bansKey(params.entry_id), params.page, params.limit],
    queryFn: ({ signal }) => http.get<Page<WorldBan>>('/explore/ban_page', params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /explore/unban: lifts a ban (the person may enter again). */
export function useUnban() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UnbanBody) => http.post<null>('/explore/unban', body),
    onSettled: (_d, _e, body) => client.invalidateQueries({ queryKey: bansKey(Number(body.entry_id)) }),
  });
}
