import { queryOptions } from '@tanstack/react-query';
import type { TagRef } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /home_page/tag_list: the enabled tags (the market's tag chips). */
export const tagListQuery = queryOptions({
  queryKey: ['market', 'tags'],
  queryFn: ({ signal }) => http.get<TagRef[]>('/home_page/tag_list', undefined, { signal }),
  staleTime: 5 * 60_000,
});
