import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /resend_activation: mails the activation link again. */
export function resendActivation(email: string) {
  return http.post<unknown>('/resend_activation', { email }, { silent: true });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
