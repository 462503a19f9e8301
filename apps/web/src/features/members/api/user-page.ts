import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { AdminUser, userPageQuery } from '@xr/contract/rbac';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

export type UserPageParams = z.input<typeof userPageQuery> & { page: number; limit: number };

/** GET /user/user_page: one page of accounts (keyword over email, user name, forum name; status; role). */
export const userPageQueryOptions = (params: UserPageParams) =>
  queryOptions({
    queryKey: [...membersKeys.users, 'page', params],
    queryFn: () => http.get<Page<AdminUser>>('/user/user_page', { ...params, keyword: params.keyword || undefined }),
    placeholderData: keepPreviousData,
  });

export function useUserPage(params: UserPageParams) {
  return useQuery(userPageQueryOptions(params));
}
