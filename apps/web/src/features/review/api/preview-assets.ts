import { useQuery } from '@tanstack/react-query';
import { fetchProjectContent } from '../../../components/api/project-content';

/** GET /project/content?id: a reviewer gets the full content (signed, expiring URLs) for the preview. */
export function usePreviewContent(id: number | undefined) {
  return useQuery({
    queryKey: ['review', 'preview', id],
    queryFn: ({ signal }) => fetchProjectContent(id as number, signal),
    enabled: !!id,
    retry: false,
  });
}
