import { useMessages, useReadMessages } from '../../../lib/messages';

/**
 * GET /message/my_message_page: the signed-in user's system messages, newest first. The same query as the top bar's
 * bell (one request for both, refreshed together by realtime notices).
 */
export function useMyMessagePage(limit = 5) {
  return useMessages(limit);
}

/** POST /message/read_message {id}: marks a message read. */
export function useReadMessage() {
  const read = useReadMessages();
  return { ...read, mutate: (id: number) => read.mutate(id), mutateAsync: (id: number) => read.mutateAsync(id) };
}
