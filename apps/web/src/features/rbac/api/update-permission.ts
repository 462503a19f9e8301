import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Permission, UpdatePermissionBody } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /permissions/permissions_update: changes a permission (built-in ones keep path and parent). */
export function updatePermission(body: UpdatePermissionBody) {
  return http.post<Permission>('/permissions/permissions_update', body, { silent: true });
}

export function useUpdatePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePermission,
    onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.permissions }),
  });
}
