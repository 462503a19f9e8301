import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { OrderRow } from '@xr/contract/orders';
import { http } from '../../../lib/http';

export interface OrderPageParams {
  page: number;
  limit: number;
  order_on?: string;
  user_email?: string;
  start_date?: string;
  end_date?: string;
}

/** GET /order/order_page: the caller's orders, or everyone's (with search) for holders of `/orderlist/all`. */
export function orderPageQuery(params: OrderPageParams) {
  return queryOptions({
    queryKey: ['orders', 'page', params],
    queryFn: ({ signal }) => http.get<Page<OrderRow>>('/order/order_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}
