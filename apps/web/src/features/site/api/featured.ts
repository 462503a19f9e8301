import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { MarketItem, MarketSort } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** Featured works for the public pages: one page of GET /home_page/item_list in the given order. */
export function featuredQuery(sort: MarketSort, limit: number, page = 1, catalog?: string) {
  return queryOptions({
    queryKey: ['site', 'featured', sort, limit, page, catalog ?? 'all'],
    queryFn: ({ signal }) =>
      http.get<Page<MarketItem>>('/home_page/item_list', { sort, limit, page, catalog }, { signal, silent: true }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
