import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { LibraryCategory, LibraryKind, LibraryModel } from '@xr/contract/library';
import { http } from '../../../lib/http';
import { libraryKeys } from './keys';

/** Filters of a library page; empty values mean "any". */
export interface ModelPageFilter {
  page: number;
  limit: number;
  keyword?: string;
  category?: LibraryCategory;
  tag?: string;
  kind?: LibraryKind;
}

/**
 * GET /library/model_page: the platform models a signed-in creator can place (hidden ones left out), names in the
 * interface language (the `accept-language` header the client sends), `url` and `thumbnail` ready for loaders and `<img>`. The library
 * changes rarely, so a page is reused for a minute.
 */
export const modelPageQuery = (params: ModelPageFilter) =>
  queryOptions({
    queryKey: [...libraryKeys.models, params],
    queryFn: ({ signal }) =>
      http.get<Page<LibraryModel>>(
        '/library/model_page',
        {
          ...params,
          keyword: params.keyword?.trim() || undefined,
          category: params.category || undefined,
          tag: params.tag || undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useModelPage(params: ModelPageFilter) {
  return useQuery(modelPageQuery(params));
}
