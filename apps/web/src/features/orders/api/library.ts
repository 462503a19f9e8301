import { queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { LibraryItem } from '@xr/contract/orders';
import { http } from '../../../lib/http';

/** GET /order/library: the projects the user bought, newest first (the buyer library). */
export function libraryQuery(page = 1, limit = 6) {
  return queryOptions({
    queryKey: ['orders', 'library', page, limit],
    queryFn: ({ signal }) => http.get<Page<LibraryItem>>('/order/library', { page, limit }, { signal }),
  });
}
