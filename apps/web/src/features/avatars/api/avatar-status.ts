import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarItem, AvatarStatus } from '@xr/contract/avatars';
import { http } from '../../../lib/http';
import { avatarsKeys } from './keys';

/** POST /avatar/set_avatar_status {id, status}: in use (the others become alternative) or alternative. */
export function setAvatarStatus(id: number, status: AvatarStatus) {
  return http.post<AvatarItem>('/avatar/set_avatar_status', { id, status });
}

/** POST /avatar/del_avatar {id}. */
export function delAvatar(id: number) {
  return http.post<null>('/avatar/del_avatar', { id });
}

export function useSetAvatarStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; status: AvatarStatus }) => setAvatarStatus(v.id, v.status),
    onSettled: () => client.invalidateQueries({ queryKey: avatarsKeys.all }),
  });
}

export function useDelAvatar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delAvatar, onSettled: () => client.invalidateQueries({ queryKey: avatarsKeys.all }) });
}
