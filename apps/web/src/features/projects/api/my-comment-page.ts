import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { MyComment } from './types';

export interface MyCommentFilter {
  page: number;
  limit: number;
  state?: 'no_reply' | 'replied';
  project_id?: number;
}

/** GET /comment/my_comment_page: comments on the creator's projects (no reply yet / replied). */
export function useMyCommentPage(params: MyCommentFilter) {
  return useQuery({
    queryKey: [...projectsKeys.comments, params],
    queryFn: ({ signal }) => http.get<Page<MyComment>>('/comment/my_comment_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}
