import { useQuery } from '@tanstack/react-query';
import type { TagRef } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /home_page/tag_list: the enabled tags a project can carry. */
export function useTagOptions() {
  return useQuery({
    queryKey: ['projects', 'tags'],
    queryFn: ({ signal }) => http.get<TagRef[]>('/home_page/tag_list', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
