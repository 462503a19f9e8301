import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddInviteCodeBody, InviteCode } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/add_invite_code: a campaign code (generated when `code` is blank; 40932 when taken). */
export function addInviteCode(body: AddInviteCodeBody) {
  return http.post<InviteCode>('/user/add_invite_code', body, { silent: true });
}

export function useAddInviteCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addInviteCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.invites }) });
}
