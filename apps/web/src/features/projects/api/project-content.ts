import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { ProjectContent } from './types';

export const projectContentKey = (id: number | undefined) => [...projectsKeys.status, 'content', id];

/** GET /project/content?id: the project's files as signed, expiring URLs (full for the owner). */
export function useProjectContent(id: number | undefined) {
  return useQuery({
    queryKey: projectContentKey(id),
    queryFn: ({ signal }) => http.get<ProjectContent>('/project/content', { id }, { signal, silent: true }),
    enabled: !!id,
    retry: false,
  });
}
