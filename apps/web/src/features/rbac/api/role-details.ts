import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** GET /role/role_details?id: one role. */
export const roleDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: [...rbacKeys.roles, 'details', id],
    queryFn: () => http.get<Role>('/role/role_details', { id }),
    staleTime: 0,
  });

export function useRoleDetails(id: number | undefined) {
  return useQuery({ ...roleDetailsQuery(id ?? 0), enabled: id !== undefined });
}
