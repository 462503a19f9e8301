import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteCode, UpInviteCodeBody } from '@xr/contract/codes';
import { http } from '../../../lib/http';
import { codesKeys } from './keys';

/** POST /user/up_invite_code: edits a campaign code (the limit cannot go below the uses so far). */
export function upInviteCode(body: UpInviteCodeBody) {
  return http.post<InviteCode>('/user/up_invite_code', body, { silent: true });
}

export function useUpInviteCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: upInviteCode, onSuccess: () => client.invalidateQueries({ queryKey: codesKeys.invites }) });
}
