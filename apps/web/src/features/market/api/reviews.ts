import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { Review, ScoreSummary, SetScoreBody } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /home_page/score_page: the reviews (scores with their text) of a project. */
export function scorePageQuery(projectId: number, page: number, limit = 5) {
  return queryOptions({
    queryKey: ['market', 'reviews', projectId, page, limit],
    queryFn: ({ signal }) => http.get<Page<Review>>('/home_page/score_page', { project_id: projectId, page, limit }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /home_page/set_score: adds or changes the caller's score (1 to 5) with an optional review. */
export function useSetScore(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SetScoreBody, 'project_id'>) =>
      http.post<ScoreSummary>('/home_page/set_score', { project_id: projectId, ...body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['market', 'reviews', projectId] });
      void qc.invalidateQueries({ queryKey: ['market', 'details', projectId] });
    },
  });
}
