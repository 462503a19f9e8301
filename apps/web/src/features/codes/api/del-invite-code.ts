import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/del_invite_code {id}. */
export function delInviteCode(id: number) {
  return http.post<null>('/user/del_invite_code', { id });
}

export function useDelInviteCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delInviteCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.invites }) });
}
