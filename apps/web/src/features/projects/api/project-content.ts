import { useQuery } from '@tanstack/react-query';
import { fetchProjectContent } from '../../../components/api/project-content';
import { projectsKeys } from './keys';

export const projectContentKey = (id: number | undefined) => [...projectsKeys.status, 'content', id];

/** GET /project/content?id: the project's files as signed, expiring URLs (full for the owner). */
export function useProjectContent(id: number | undefined) {
  return useQuery({
    queryKey: projectContentKey(id),
    queryFn: ({ signal }) => fetchProjectContent(id as number, signal),
    enabled: !!id,
    retry: false,
  });
}
