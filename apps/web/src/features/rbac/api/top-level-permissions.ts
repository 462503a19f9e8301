import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** GET /permissions/top_level_permissions: permissions without a parent (the groups of the menu). */
export const topLevelPermissionsQuery = queryOptions({
  queryKey: [...rbacKeys.permissions, 'top-level'],
  queryFn: () => http.get<Permission[]>('/permissions/top_level_permissions'),
});

export function useTopLevelPermissions() {
  return useQuery(topLevelPermissionsQuery);
}
