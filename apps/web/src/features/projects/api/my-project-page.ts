import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { MyProject, ReviewStatus } from './types';

export interface MyProjectFilter {
  page: number;
  limit: number;
  keyword?: string;
  review_status?: ReviewStatus;
}

/**
 * GET /project/my_project_page: the signed-in creator's projects (search, review state, paging). Reviewers change
 * the review state elsewhere, so the list is fetched again each time it is shown (no 30 s cache).
 */
export const myProjectPageQuery = (params: MyProjectFilter) =>
  queryOptions({
    queryKey: [...projectsKeys.mine, params],
    queryFn: ({ signal }) =>
      http.get<Page<MyProject>>('/project/my_project_page', { ...params, keyword: params.keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useMyProjectPage(params: MyProjectFilter) {
  return useQuery(myProjectPageQuery(params));
}
