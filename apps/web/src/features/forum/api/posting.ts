import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddPostBody,
  AddPostReply,
  AddThreadBody,
  AddThreadReply,
  LikePostBody,
  LikePostReply,
  SolveThreadBody,
  UpPostBody,
} from '@xr/contract/forum';
import { http } from '../../../lib/http';
import { forumKeys } from './keys';

/** Invalidates what a post changes: the thread, the thread lists and the boards' counters. */
function useForumMutation<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: forumKeys.all }) });
}

/** POST /forum/add_thread. */
export const useAddThread = () =>
  useForumMutation((body: AddThreadBody) => http.post<AddThreadReply>('/forum/add_thread', body, { silent: true }));
/** POST /forum/add_post: answers the new post's id and the page it is on. */
export const useAddPost = () =>
  useForumMutation((body: AddPostBody) => http.post<AddPostReply>('/forum/add_post', body, { silent: true }));
/** POST /forum/up_post. */
export const useUpdatePost = () =>
  useForumMutation((body: UpPostBody) => http.post<null>('/forum/up_post', body, { silent: true }));
/** POST /forum/del_post. */
export const useDeletePost = () => useForumMutation((id: number) => http.post<null>('/forum/del_post', { id }));
/** POST /forum/like_post. */
export const useLikePost = () => useForumMutation((body: LikePostBody) => http.post<LikePostReply>('/forum/like_post', body));
/** POST /forum/solve_thread. */
export const useSolveThread = () => useForumMutation((body: SolveThreadBody) => http.post<null>('/forum/solve_thread', body));
