import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { MarketItem } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /home_page/item_list: market projects a product hotspot may show (search by keyword). */
export function productSearchQuery(keyword: string, page = 1) {
  return queryOptions({
    queryKey: ['scene-editor', 'products', keyword, page],
    queryFn: ({ signal }) =>
      http.get<Page<MarketItem>>(
        '/home_page/item_list',
        { page, limit: 20, keyword: keyword || undefined },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}
