import { queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '@xr/contract/errors';
import type { ShareInfo } from '@xr/contract/share';
import { http } from '../../lib/http';

/**
 * GET /share/info?id (silent): the share link, the embed address and the tour's scenes of a public project; 40401 for
 * any project that cannot be shared (not published, private, or without anonymous preview), which callers show as
 * "cannot be shared yet" or hide.
 */
export function shareInfoQuery(id: number) {
  return queryOptions({
    queryKey: ['share', 'info', id] as const,
    queryFn: ({ signal }) =>
      http.get<ShareInfo>(
        '/share/info',
        { id },
        {
          signal,
          silent: true,
          // "cannot be shared" is an answer, not an error worth the error log
          expectedCodes: [ErrorCode.NOT_FOUND],
        },
      ),
    retry: false,
    staleTime: 60_000,
  });
}
