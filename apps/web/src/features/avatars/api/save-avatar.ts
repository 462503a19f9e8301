import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddAvatarBody, AvatarItem, UpAvatarBody } from '@xr/contract/avatars';
import { http } from '../../../lib/http';
import { avatarsKeys } from './keys';

/** POST /avatar/add_avatar {name, look}: a new built-in figure. */
export function addAvatar(body: AddAvatarBody) {
  return http.post<AvatarItem>('/avatar/add_avatar', body);
}

/** POST /avatar/up_avatar {id, name?, look?}. */
export function upAvatar(body: UpAvatarBody) {
  return http.post<AvatarItem>('/avatar/up_avatar', body);
}

/** POST /avatar/up_avatar_preview?id= (multipart `file`): the editor's PNG render of the figure. */
export function upAvatarPreview(id: number, png: Blob) {
  const form = new FormData();
  form.append('file', png, 'preview.png');
  return http.post<AvatarItem>(`/avatar/up_avatar_preview?id=${id}`, form);
}

/** Saves a figure (new or edited), then its preview image when one was rendered. */
export function useSaveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id?: number; body: AddAvatarBody; preview: () => Promise<Blob | null> }) => {
      const saved = v.id ? await upAvatar({ id: v.id, ...v.body }) : await addAvatar(v.body);
      const png = await v.preview();
      return png ? upAvatarPreview(saved.id, png) : saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: avatarsKeys.all }),
  });
}
