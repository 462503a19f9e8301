import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailOutboxQuery, OutboxMail } from '@xr/contract/system';
import { http } from '../../../lib/http';
import { systemKeys } from './keys';

/**
 * GET /system/mail_outbox: the mails kept because no mail server is configured, newest first (`to` one recipient).
 * Silent: the screen shows the failure itself, since a 404 is no error there but means SMTP delivers the mails.
 * Mails arrive any time, so the list is fetched again each time it is shown (no 30 s cache).
 */
export const mailOutboxListQuery = (params: MailOutboxQuery) =>
  queryOptions({
    queryKey: [...systemKeys.mailOutbox, params],
    queryFn: ({ signal }) =>
      http.get<OutboxMail[]>('/system/mail_outbox', { ...params, to: params.to || undefined }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMailOutbox(params: MailOutboxQuery) {
  return useQuery(mailOutboxListQuery(params));
}
