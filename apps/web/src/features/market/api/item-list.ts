import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MarketPage, MarketSort } from '@xr/contract/market';
import { http } from '../../../lib/http';

export interface ItemListParams {
  page: number;
  limit: number;
  catalog?: string;
  /** Comma-joined tag ids. */
  tag_ids?: string;
  min_price?: number;
  max_price?: number;
  sort?: MarketSort;
  keyword?: string;
}

/** GET /home_page/item_list: one page of approved, public market items (`total_exact: false`: more than `total`). */
export function itemListQuery(params: ItemListParams) {
  return queryOptions({
    queryKey: ['market', 'items', params],
    queryFn: ({ signal }) => http.get<MarketPage>('/home_page/item_list', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}
