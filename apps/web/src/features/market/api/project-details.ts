import { queryOptions } from '@tanstack/react-query';
import type { ProjectDetails } from '@xr/contract/market';
import { http } from '../../../lib/http';

/** GET /project/front_project_details?id: the details page (flags describe the caller). */
export function projectDetailsQuery(id: number, signedIn: boolean) {
  return queryOptions({
    // the flags (in_cart, purchased, can_score…) depend on who asks
    queryKey: ['market', 'details', id, signedIn],
    queryFn: ({ signal }) => http.get<ProjectDetails>('/project/front_project_details', { id }, { signal, silent: true }),
  });
}
