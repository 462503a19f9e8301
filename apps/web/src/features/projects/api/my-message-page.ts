import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { SystemMessage } from './types';

/** GET /message/my_message_page: the signed-in user's system messages, newest first. */
export function useMyMessagePage(limit = 5) {
  return useQuery({
    queryKey: [...projectsKeys.messages, limit],
    queryFn: ({ signal }) =>
      http.get<Page<SystemMessage> & { unread: number }>(
        '/message/my_message_page',
        { page: 1, limit },
        { signal, silent: true },
      ),
  });
}

/** POST /message/read_message {id}: marks a message read. */
export function useReadMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>('/message/read_message', { id }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.messages }),
  });
}
