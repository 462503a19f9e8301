import { useMutation } from '@tanstack/react-query';
import type { CheckLivePasswordBody, LiveTicket } from '@xr/contract/live';
import { http } from '../../../lib/http';

/** POST /live/check_password: a signed, short-lived playback URL and chat ticket (errors shown by the form). */
export function checkPassword(body: CheckLivePasswordBody) {
  return http.post<LiveTicket>('/live/check_password', body, { silent: true });
}

export function useCheckPassword() {
  return useMutation({ mutationFn: checkPassword });
}
