import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';

/**
 * The platform model library as the editor's asset panel reads it. The library's contract
 * (`@xr/contract/library`) lands from another branch; until it is merged this feature mirrors the reply's shape
 * here (only the fields it uses) and calls the two endpoints itself, as a feature does not import another feature.
 */
export interface LibraryItem {
  id: number;
  name: string;
  category: string;
  tags: ({ id: string; name: string } | string)[];
  thumbnail: string;
  /** Public GLB URL. */
  url: string;
  triangles: number;
  bytes: number;
  kind: 'prop' | 'character';
  clips: string[];
}

export interface LibraryCategory {
  id: string;
  name: string;
  count: number;
}

export interface LibraryQuery {
  page: number;
  limit: number;
  keyword?: string;
  category?: string;
  tag?: string;
  kind?: 'prop' | 'character';
}

/** GET /library/model_page: one page of library models (search in English and Chinese, category, tag, kind). */
export function libraryPageQuery(q: LibraryQuery) {
  return queryOptions({
    queryKey: ['scene-editor', 'library', q],
    queryFn: ({ signal }) => http.get<Page<LibraryItem>>('/library/model_page', { ...q }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /library/category_list. */
export function libraryCategoriesQuery() {
  return queryOptions({
    queryKey: ['scene-editor', 'library-categories'],
    queryFn: ({ signal }) => http.get<LibraryCategory[]>('/library/category_list', {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
