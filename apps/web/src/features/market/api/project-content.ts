import { queryOptions } from '@tanstack/react-query';
import { fetchProjectContent } from '../../../components/api/project-content';

/**
 * GET /project/content?id: what the caller may view of the project's files (signed, expiring URLs): everything
 * for the owner, buyers and admins, previews only for anyone when the anonymous-preview switch is on, else none.
 */
export function projectContentQuery(id: number, signedIn: boolean) {
  return queryOptions({
    // the access level depends on who asks
    queryKey: ['market', 'content', id, signedIn],
    queryFn: ({ signal }) => fetchProjectContent(id, signal),
    retry: false,
  });
}
