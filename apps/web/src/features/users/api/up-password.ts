import { useMutation } from '@tanstack/react-query';
import type { UpPasswordBody } from '@xr/contract/auth';
import { http } from '../../../lib/http';

/** POST /user/up_password: changes the password; this session stays signed in, the others end. */
export function upPassword(body: UpPasswordBody) {
  return http.post<unknown>('/user/up_password', body, { silent: true });
}

export function useUpPassword() {
  return useMutation({ mutationFn: upPassword });
}
