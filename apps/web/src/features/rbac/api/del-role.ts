import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /role/del_role {id}: refused for built-in roles and roles users still hold. */
export function delRole(id: number) {
  return http.post<null>('/role/del_role', { id });
}

export function useDelRole() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delRole, onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.roles }) });
}
