import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvatarPageReply } from '@xr/contract/avatars';
import { http } from '../../../lib/http';
import { avatarsKeys } from './keys';

/** GET /avatar/avatar_page: my avatars (default first, then newest) with my allowance. */
export const avatarPageQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...avatarsKeys.page, params],
    queryFn: () => http.get<AvatarPageReply>('/avatar/avatar_page', params),
    placeholderData: keepPreviousData,
    // While an uploaded model is being checked, look again every 2 seconds.
    refetchInterval: (q) => (q.state.data?.list.some((a) => a.model?.status === 'processing') ? 2000 : false),
  });

export function useAvatarPage(params: { page: number; limit: number }) {
  return useQuery(avatarPageQuery(params));
}
