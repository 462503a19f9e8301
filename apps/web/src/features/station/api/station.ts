import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { AdminUser } from '@xr/contract/rbac';
import type { PushMessageBody, PushRecord } from '@xr/contract/station';
import { http } from '../../../lib/http';

const KEY = ['station'] as const;

/** GET /message/push_page: pushed messages, newest first. */
export function usePushPage(page: number, limit: number) {
  return useQuery({
    queryKey: [...KEY, 'pushes', page, limit],
    queryFn: () => http.get<Page<PushRecord>>('/message/push_page', { page, limit }),
    placeholderData: keepPreviousData,
    // a large audience is delivered in the background: watch it finish
    refetchInterval: (q) => (q.state.data?.list.some((p) => p.status === 'sending') ? 2000 : false),
  });
}

/** POST /message/push_message: answers the record (status `sent`, or `sending` for a large audience). */
export function usePushMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PushMessageBody) => http.post<PushRecord>('/message/push_message', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /user/user_page?keyword=: accounts to choose from (admins: everyone; organisation admins: their members). */
export function useAccountSearch(keyword: string) {
  return useQuery({
    queryKey: [...KEY, 'accounts', keyword],
    queryFn: () => http.get<Page<AdminUser>>('/user/user_page', { page: 1, limit: 20, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
}
