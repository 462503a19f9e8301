import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCode, InviteCodeListParams } from '@xr/contract/codes';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

export interface InviteCodeListFilter {
  page: number;
  limit: number;
  keyword?: string;
  enabled?: 'true' | 'false';
}

/** GET /user/get_invite_code_list: one page of campaign invite codes (keyword, on/off). */
export const inviteCodeListQuery = (params: InviteCodeListFilter) =>
  queryOptions({
    queryKey: [...codesKeys.invites, 'list', params],
    queryFn: () =>
      http.get<Page<InviteCode>>('/user/get_invite_code_list', {
        ...params,
        keyword: params.keyword || undefined,
      } satisfies InviteCodeListParams),
    placeholderData: keepPreviousData,
  });

export function useInviteCodeList(params: InviteCodeListFilter) {
  return useQuery(inviteCodeListQuery(params));
}
