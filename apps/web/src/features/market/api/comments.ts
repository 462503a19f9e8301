import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { Comment } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /comment/home_comment_page: the comments of a project, with the creator's replies. */
export function commentPageQuery(projectId: number, page: number, limit = 5) {
  return queryOptions({
    queryKey: ['market', 'comments', projectId, page, limit],
    queryFn: ({ signal }) =>
      http.get<Page<Comment>>('/comment/home_comment_page', { project_id: projectId, page, limit }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /comment/add_comment. */
export function useAddComment(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => http.post<Comment>('/comment/add_comment', { project_id: projectId, content }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['market', 'comments', projectId] }),
  });
}
