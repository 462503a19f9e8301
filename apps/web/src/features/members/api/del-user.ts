import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

/** POST /user/del_user {id}: deletes an account (its sessions end). */
export function delUser(id: number) {
  return http.post<null>('/user/del_user', { id });
}

export function useDelUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delUser, onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.all }) });
}
