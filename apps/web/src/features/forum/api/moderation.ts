import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddBoardBody, ForumBoard, ModerateThreadBody, UpBoardBody } from '@xr/contract/forum';
import { http } from '../../../lib/http';
import { forumKeys } from './keys';

function useModeration<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: forumKeys.all }) });
}

/** POST /forum/add_board (moderators). */
export const useAddBoard = () =>
  useModeration((body: AddBoardBody) => http.post<ForumBoard>('/forum/add_board', body, { silent: true }));
/** POST /forum/up_board (moderators). */
export const useUpdateBoard = () =>
  useModeration((body: UpBoardBody) => http.post<ForumBoard>('/forum/up_board', body, { silent: true }));
/** POST /forum/moderate_thread (moderators): pin, unpin, lock, unlock, move, delete. */
export const useModerateThread = () =>
  useModeration((body: ModerateThreadBody) => http.post<null>('/forum/moderate_thread', body));
