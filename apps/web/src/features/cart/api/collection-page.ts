import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { CollectionItem } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /collection/collection_page: the wish list, newest first. */
export function collectionPageQuery(page: number, limit: number) {
  return queryOptions({
    queryKey: ['cart', 'collection', page, limit],
    queryFn: ({ signal }) => http.get<Page<CollectionItem>>('/collection/collection_page', { page, limit }, { signal }),
    placeholderData: keepPreviousData,
  });
}
