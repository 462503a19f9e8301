import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ForumBoard, ThreadDetails, ThreadPage, ThreadPageQuery } from '@xr/contract/forum';
import { http } from '../../../lib/http';
import { forumKeys } from './keys';

/** GET /forum/board_list: the boards (moderators: with `all`, also the switched-off ones). */
export const boardListQuery = (all = false) =>
  queryOptions({
    queryKey: [...forumKeys.boards, all],
    queryFn: () => http.get<ForumBoard[]>('/forum/board_list', all ? { all: '1' } : undefined),
    staleTime: 30_000,
  });

/** GET /forum/thread_page: threads of a board (or all boards), optionally matching a keyword. */
export const threadPageQuery = (
  params: { page: number; limit: number; board_id?: number; keyword?: string },
  signedIn: boolean,
) =>
  queryOptions({
    queryKey: [...forumKeys.threads, params, signedIn],
    queryFn: () =>
      http.get<ThreadPage>('/forum/thread_page', {
        ...params,
        keyword: params.keyword || undefined,
      } satisfies ThreadPageQuery),
    placeholderData: keepPreviousData,
  });

/** GET /forum/thread_details: a thread and one page of its posts (opening it marks it read). */
export const threadDetailsQuery = (id: number, page: number, signedIn: boolean) =>
  queryOptions({
    queryKey: [...forumKeys.thread(id), page, signedIn],
    queryFn: () => http.get<ThreadDetails>('/forum/thread_details', { id, page, limit: 20 }, { silent: true }),
    placeholderData: keepPreviousData,
  });
