import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { ProjectContent } from './types';

/** GET /project/content?id: the project's files as signed, expiring URLs (full for the owner). */
export function useProjectContent(id: number | undefined) {
  return useQuery({
    queryKey: [...projectsKeys.status, 'content', id],
    queryFn: ({ signal }) => http.get<ProjectContent>('/project/content', { id }, { signal, silent: true }),
    enabled: !!id,
    retry: false,
  });
}
