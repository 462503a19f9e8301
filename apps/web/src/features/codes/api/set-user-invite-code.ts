import { useMutation } from '@tanstack/react-query';
import type { MyInviteCodeReply } from '@xr/contract/codes';
import { loadUserInfo } from '../../../lib/auth/session';
import { http } from '../../../lib/http';

/** POST /user/set_user_invite_code (no payload): a new personal invite code; the old one stops working. */
export function setUserInviteCode() {
  return http.post<MyInviteCodeReply>('/user/set_user_invite_code');
}

/** Regenerates the code, then refetches user info (which carries `invite_code`). */
export function useSetUserInviteCode() {
  return useMutation({ mutationFn: setUserInviteCode, onSuccess: () => loadUserInfo() });
}
