import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitee } from '@xr/contract/codes';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** GET /user/invite_code_info_list (page, limit): the accounts that registered with my invite codes. */
export const inviteCodeInfoListQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...codesKeys.myInvitees, params],
    queryFn: () => http.get<Page<Invitee>>('/user/invite_code_info_list', params),
    placeholderData: keepPreviousData,
  });

export function useInviteCodeInfoList(params: { page: number; limit: number }) {
  return useQuery(inviteCodeInfoListQuery(params));
}
