import { useMutation } from '@tanstack/react-query';
import { loadUserInfo } from '../../../lib/auth/session';
import { http } from '../../../lib/http';

/** POST /user/up_info_avatar_patch (multipart `file`): replaces the profile picture. */
export function upAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<unknown>('/user/up_info_avatar_patch', form, { silent: true });
}

export function useUpAvatar() {
  return useMutation({ mutationFn: upAvatar, onSuccess: () => loadUserInfo() });
}
