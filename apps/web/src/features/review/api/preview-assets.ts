import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { ProjectContent } from './types';

/** GET /project/content?id: a reviewer gets the full content (signed, expiring URLs) for the preview. */
export function usePreviewContent(id: number | undefined) {
  return useQuery({
    queryKey: ['review', 'preview', id],
    queryFn: ({ signal }) => http.get<ProjectContent>('/project/content', { id }, { signal, silent: true }),
    enabled: !!id,
    retry: false,
  });
}
