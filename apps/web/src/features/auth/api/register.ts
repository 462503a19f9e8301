import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@xr/contract/auth';
import { http } from '../../../lib/http';

/** POST /register: creates a pending account and mails the activation link. */
export function register(body: RegisterBody) {
  return http.post<unknown>('/register', body, { silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
