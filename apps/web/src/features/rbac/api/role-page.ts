import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { Role } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

export interface RolePageParams {
  name?: string;
  page: number;
  limit: number;
}

/** GET /role/role_page?name&page&limit: one page of roles with how many users hold each. */
export const rolePageQuery = (params: RolePageParams) =>
  queryOptions({
    queryKey: [...rbacKeys.roles, 'page', params],
    queryFn: () => http.get<Page<Role>>('/role/role_page', { ...params, name: params.name || undefined }),
    placeholderData: keepPreviousData,
  });

export function useRolePage(params: RolePageParams) {
  return useQuery(rolePageQuery(params));
}
