import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { reviewKeys } from './keys';
import type { ReviewItem } from './types';

export interface ReviewFilter {
  page: number;
  limit: number;
  keyword?: string;
}

/** GET /approval/project_review_page: projects waiting for review, oldest first. */
export function useProjectReviewPage(params: ReviewFilter) {
  return useQuery({
    queryKey: [...reviewKeys.pending, params],
    queryFn: ({ signal }) =>
      http.get<Page<ReviewItem>>(
        '/approval/project_review_page',
        { ...params, keyword: params.keyword || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
