import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRoleBody, Role } from '@xr/contract/rbac';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /role/add_role: a new role without permissions (name unique, 40904 when taken). */
export function addRole(body: AddRoleBody) {
  return http.post<Role>('/role/add_role', body, { silent: true });
}

export function useAddRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addRole, onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.roles }) });
}
