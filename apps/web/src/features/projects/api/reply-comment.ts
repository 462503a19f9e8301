import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';

/** POST /comment/reply_comment {id, reply}: the creator answers a comment on their project. */
export function replyComment(body: { id: number; reply: string }) {
  return http.post<null>('/comment/reply_comment', body);
}

export function useReplyComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyComment,
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.comments }),
  });
}
