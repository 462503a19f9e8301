import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { ChatRecord, ChatRecordParams, DelChatRecordReply } from '@xr/contract/world';
import { getToken } from '../../../lib/auth/session';
import { buildUrl, http } from '../../../lib/http';
import { worldKeys } from './keys';

export interface ChatFilter {
  page: number;
  limit: number;
  entry_id?: number;
  keyword?: string;
  date_from?: string;
  date_to?: string;
}

const paramsOf = (f: ChatFilter): ChatRecordParams => ({ ...f, keyword: f.keyword || undefined });

/** GET /explore/chat_record_page: room, user, time and message, newest first; search by text or name. */
export const chatRecordQuery = (params: ChatFilter) =>
  queryOptions({
    queryKey: [...worldKeys.chat, params],
    queryFn: ({ signal }) => http.get<Page<ChatRecord>>('/explore/chat_record_page', paramsOf(params), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useChatRecords(params: ChatFilter) {
  return useQuery(chatRecordQuery(params));
}

/** POST /explore/del_chat_record {ids}. */
export function useDelChatRecords() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => http.post<DelChatRecordReply>('/explore/del_chat_record', { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: worldKeys.chat }),
  });
}

/** GET /explore/chat_record_export: the filtered records as a CSV file, saved by the browser. */
export async function downloadChatCsv(filter: Omit<ChatFilter, 'page' | 'limit'>): Promise<void> {
  const { page: _p, limit: _l, ...rest } = paramsOf({ ...filter, page: 1, limit: 1 });
  const token = getToken();
  const res = await fetch(buildUrl('/explore/chat_record_export', rest), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `chat-records-${new Date().toISOString().slice(0, 10)}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
