import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionNode } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** GET /permissions/permission_tree: every permission nested under its parent, in menu order. */
export const permissionTreeQuery = queryOptions({
  queryKey: [...rbacKeys.permissions, 'tree'],
  queryFn: () => http.get<PermissionNode[]>('/permissions/permission_tree'),
});

export function usePermissionTree() {
  return useQuery(permissionTreeQuery);
}
