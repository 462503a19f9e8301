import { useMutation } from '@tanstack/react-query';
import type { RetrievePasswordBody } from '@xr/contract/auth';
import { http } from '../../../lib/http';

/** POST /retrieve_password: sets a new password with an emailed code. */
export function retrievePassword(body: RetrievePasswordBody) {
  return http.post<unknown>('/retrieve_password', body, { silent: true });
}

export function useRetrievePassword() {
  return useMutation({ mutationFn: retrievePassword });
}
