import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UpdateRoleBody } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /role/role_update: renames or re-describes a role (built-in roles keep their names). */
export function updateRole(body: UpdateRoleBody) {
  return http.post<Role>('/role/role_update', body, { silent: true });
}

export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateRole, onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.roles }) });
}
