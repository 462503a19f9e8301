import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { SystemMessage } from '@xr/contract/creator';
import { http } from './http';

/** Query key prefix of the signed-in user's system messages: the top bar's bell and /profile share it. */
export const MESSAGES_KEY = ['messages'] as const;

/** GET /message/my_message_page: the newest system messages and the unread count (refreshed by realtime notices). */
export function useMessages(limit: number, enabled = true) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, limit],
    queryFn: ({ signal }) =>
      http.get<Page<SystemMessage> & { unread: number }>(
        '/message/my_message_page',
        { page: 1, limit },
        { signal, silent: true },
      ),
    enabled,
    // a fallback for when the realtime channel is down (proxies without WebSocket)
    refetchInterval: 120_000,
  });
}

/** POST /message/read_message: one message read, or all of them without an id. */
export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => http.post<null>('/message/read_message', id ? { id } : {}, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
