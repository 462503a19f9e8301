import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryCategoryItem } from '@xr/contract/library';
import { http } from '../../../lib/http';
import { libraryKeys } from './keys';

/** GET /library/category_list: every category (menu order) with its name and its number of visible models. */
export const categoryListQuery = () =>
  queryOptions({
    queryKey: libraryKeys.categories,
    queryFn: ({ signal }) => http.get<LibraryCategoryItem[]>('/library/category_list', undefined, { signal }),
    staleTime: 5 * 60_000,
  });

export function useCategoryList() {
  return useQuery(categoryListQuery());
}
