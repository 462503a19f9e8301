import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarItem, LibraryAvatarPageReply } from '@xr/contract/avatars';
import { http } from '../../../lib/http';
import { avatarsKeys } from './keys';

/** GET /avatar/library_avatar_page: the library's rigged characters, each with my avatar made from it (or null). */
export const libraryAvatarPageQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...avatarsKeys.library, params],
    queryFn: () => http.get<LibraryAvatarPageReply>('/avatar/library_avatar_page', params),
    placeholderData: keepPreviousData,
  });

export function useLibraryAvatarPage(params: { page: number; limit: number }, enabled: boolean) {
  return useQuery({ ...libraryAvatarPageQuery(params), enabled });
}

/** POST /avatar/use_library_avatar {model_id}: takes a library character as avatar and puts it in use. */
export function useUseLibraryAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (modelId: number) => http.post<AvatarItem>('/avatar/use_library_avatar', { model_id: modelId }),
    onSettled: () => client.invalidateQueries({ queryKey: avatarsKeys.all }),
  });
}
