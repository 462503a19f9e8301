import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { reviewKeys } from './keys';
import type { ReviewDecision, ReviewRecord } from './types';

export interface RecordFilter {
  page: number;
  limit: number;
  project_id?: number;
  decision?: ReviewDecision;
}

/** GET /approval/review_record_page: who decided what, when. */
export function useReviewRecordPage(params: RecordFilter) {
  return useQuery({
    queryKey: [...reviewKeys.records, params],
    queryFn: ({ signal }) => http.get<Page<ReviewRecord>>('/approval/review_record_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}
