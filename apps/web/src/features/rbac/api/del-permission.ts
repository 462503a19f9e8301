import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { rbacKeys } from './keys';

/** POST /permissions/del_permissions {id}: refused for built-in permissions and parents. */
export function delPermission(id: number) {
  return http.post<null>('/permissions/del_permissions', { id });
}

export function useDelPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: delPermission,
    onSuccess: () => client.invalidateQueries({ queryKey: rbacKeys.all }),
  });
}
