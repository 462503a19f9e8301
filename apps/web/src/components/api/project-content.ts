import type { projectContent } from '@xr/contract/creator';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type ProjectContent = z.infer<typeof projectContent>;

/**
 * GET /project/content?id (silent: callers show their own empty state): what the caller may view of the project's
 * files as signed, expiring URLs — everything for the owner, buyers and admins, previews when the anonymous-preview
 * switch is on, else only the cover and a message. The answer depends on who asks, so each screen keys its query by
 * its own audience (creator status page, review drawer, market details page).
 */
export function fetchProjectContent(id: number, signal?: AbortSignal): Promise<ProjectContent> {
  return http.get<ProjectContent>('/project/content', { id }, { signal, silent: true });
}
