import { useMutation } from '@tanstack/react-query';
import { loadUserInfo } from '../../../lib/auth/session';
import { http } from '../../../lib/http';

/** POST /user/up_forum_name_info: the name shown in the forum. */
export function upForumName(forum_name: string) {
  return http.post<unknown>('/user/up_forum_name_info', { forum_name }, { silent: true });
}

export function useUpForumName() {
  return useMutation({ mutationFn: upForumName, onSuccess: () => loadUserInfo() });
}
