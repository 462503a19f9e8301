import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type {
  LibraryCategory,
  LibraryCategoryItem,
  LibraryKind,
  LibraryModel,
  LibrarySummary,
  ModelCredit,
} from '@xr/contract/library';
import { http } from '../../lib/http';

/**
 * The platform model library as the web reads it: the scene editor's asset panel (creators place models and NPCs)
 * and the admin curation screen (/system/library) share these queries, so a curation edit refreshes both.
 */

/** Query keys of the library; curation invalidates by the `all` prefix. */
export const libraryKeys = {
  all: ['library'] as const,
  models: ['library', 'models'] as const,
  categories: ['library', 'categories'] as const,
  manage: ['library', 'manage'] as const,
};

/** Filters of a library page; empty values mean "any". */
export interface ModelPageFilter {
  page: number;
  limit: number;
  keyword?: string;
  category?: LibraryCategory;
  tag?: string;
  kind?: LibraryKind;
  /** One card per model (its first variant, `variants` counting them). */
  grouped?: boolean;
  /** Only the variants of this group. */
  group?: string;
}

/**
 * GET /library/model_page: the platform models a signed-in creator can place (hidden ones left out), names in the
 * interface language, `url` and `thumbnail` ready for loaders and `<img>`. The library changes rarely, so a page is
 * reused for a minute.
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
          grouped: params.grouped ? '1' : undefined,
          group: params.group || undefined,
        },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useModelPage(params: ModelPageFilter) {
  return useQuery(modelPageQuery(params));
}

/** GET /library/category_list: every category (menu order) with its name and its number of visible models. */
export const categoryListQuery = () =>
  queryOptions({
    queryKey: libraryKeys.categories,
    queryFn: ({ signal }) => http.get<LibraryCategoryItem[]>('/library/category_list', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

export function useCategoryList() {
  return useQuery(categoryListQuery());
}

/** GET /library/summary: distinct models, variants, imported models and packs (what the library really holds). */
export const librarySummaryQuery = () =>
  queryOptions({
    queryKey: [...libraryKeys.all, 'summary'],
    queryFn: ({ signal }) => http.get<LibrarySummary>('/library/summary', undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });

/** GET /library/credit_list: names and credits (pack, author, licence, link) of the library models a scene uses. */
export const creditListQuery = (ids: number[]) =>
  queryOptions({
    queryKey: [...libraryKeys.all, 'credits', ids],
    queryFn: ({ signal }) => http.get<ModelCredit[]>('/library/credit_list', { ids: ids.join(',') }, { signal, silent: true }),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
