import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { OrderRow } from '@xr/contract/orders';
import { http } from '../../lib/http';

/**
 * One order of the caller by its number (GET /order/order_page?order_on=), for the notice shown when the buyer
 * comes back from the payment page; refetched every 2 s while the payment is still being confirmed.
 */
export const orderStatusQuery = (orderOn: string) =>
  queryOptions({
    queryKey: ['orders', 'status', orderOn],
    queryFn: async ({ signal }) =>
      (await http.get<Page<OrderRow>>('/order/order_page', { order_on: orderOn, page: 1, limit: 1 }, { signal, silent: true }))
        .list[0] ?? null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 15 ? 2000 : false),
  });
