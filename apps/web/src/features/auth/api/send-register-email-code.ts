import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /send_register_email_code: mails a registration code to the address. */
export function sendRegisterEmailCode(email: string) {
  return http.post<unknown>('/send_register_email_code', { email }, { silent: true });
}

export function useSendRegisterEmailCode() {
  return useMutation({ mutationFn: sendRegisterEmailCode });
}
