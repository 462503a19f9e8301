import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /send_email_code: mails a password-reset code. */
export function sendResetEmailCode(email: string) {
  return http.post<unknown>('/send_email_code', { email, purpose: 'reset' }, { silent: true });
}

export function useSendResetEmailCode() {
  return useMutation({ mutationFn: sendResetEmailCode });
}
