import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** GET /permissions/permissions_details?id: one permission. */
export const permissionDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...rbacKeys.permissions, 'details', id],
    queryFn: () => http.get<Permission>('/permissions/permissions_details', { id }),
    staleTime: 0,
  });

export function usePermissionDetails(id: number | undefined) {
  return useQuery({ ...permissionDetailsQuery(id ?? 0), enabled: id !== undefined });
}
