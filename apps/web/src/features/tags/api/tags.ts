import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { AddTagBody, AdminTag, MergeTagBody, MergeTagReply, TagPageQuery, UpTagBody } from '@xr/contract/tags';
import { http } from '../../../lib/http';

const KEY = ['tags-admin'] as const;

/** GET /tag/tag_page: the catalogue by order, with usage counts. */
export function useTagPage(params: TagPageQuery & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, 'page', params],
    queryFn: ({ signal }) =>
      http.get<Page<AdminTag>>('/tag/tag_page', { ...params, keyword: params.keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every change reloads the list and the market's and project form's tag lists. */
function useTagMutation<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['market', 'tags'] });
      void client.invalidateQueries({ queryKey: ['projects', 'tags'] });
    },
  });
}

/** POST /tag/add_tag (silent: a taken name shows under its field). */
export const useAddTag = () => useTagMutation((b: AddTagBody) => http.post<AdminTag>('/tag/add_tag', b, { silent: true }));
/** POST /tag/up_tag. */
export const useUpTag = () => useTagMutation((b: UpTagBody) => http.post<AdminTag>('/tag/up_tag', b, { silent: true }));
/** POST /tag/set_tag: start / close. */
export const useSetTag = () => useTagMutation((b: { id: number; enabled: boolean }) => http.post<AdminTag>('/tag/set_tag', b));
/** POST /tag/merge_tag: answers how many projects moved. */
export const useMergeTag = () => useTagMutation((b: MergeTagBody) => http.post<MergeTagReply>('/tag/merge_tag', b));
