import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { Permission } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

export interface PermissionPageParams {
  name?: string;
  page: number;
  limit: number;
}

/** GET /permissions/permissions_page?name&page&limit: a flat page of permissions matching name or path. */
export const permissionsPageQuery = (params: PermissionPageParams) =>
  queryOptions({
    queryKey: [...rbacKeys.permissions, 'page', params],
    queryFn: () => http.get<Page<Permission>>('/permissions/permissions_page', { ...params, name: params.name || undefined }),
    placeholderData: keepPreviousData,
  });

export function usePermissionsPage(params: PermissionPageParams, enabled = true) {
  return useQuery({ ...permissionsPageQuery(params), enabled });
}
