import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteCode, SetCodeEnabledBody } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/set_invite_code {id, enabled}: the start/stop switch of a campaign code. */
export function setInviteCode(body: SetCodeEnabledBody) {
  return http.post<InviteCode>('/user/set_invite_code', body);
}

export function useSetInviteCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setInviteCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.invites }) });
}
