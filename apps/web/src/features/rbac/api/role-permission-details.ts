import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

export interface RolePermissions {
  role_id: number;
  permission_ids: number[];
}

/** GET /role/role_permission_details?id: the permission ids a role holds. */
export const rolePermissionDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...rbacKeys.rolePermissions, id],
    queryFn: () => http.get<RolePermissions>('/role/role_permission_details', { id }),
    staleTime: 0,
  });

export function useRolePermissionDetails(id: number | undefined) {
  return useQuery({ ...rolePermissionDetailsQuery(id ?? 0), enabled: id !== undefined });
}
