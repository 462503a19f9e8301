import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@xr/contract/contact';
import { http } from '../../../lib/http';

/** POST /send_contact_us: sends the contact form to the team. */
export function sendContactUs(body: ContactBody) {
  return http.post<unknown>('/send_contact_us', body, { silent: true });
}

export function useSendContactUs() {
  return useMutation({ mutationFn: sendContactUs });
}
