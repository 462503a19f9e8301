import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPermissionBody, Permission } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /permissions/add_permissions: a new permission (path unique, parent must exist). */
export function addPermission(body: AddPermissionBody) {
  return http.post<Permission>('/permissions/add_permissions', body, { silent: true });
}

export function useAddPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPermission,
    onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.permissions }),
  });
}
