import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import { projectContentKey } from './project-content';
import type { AssetStatus } from './types';

const POLL_MS = 2000;

/** Which assets are finished (ready or failed): when this changes, the delivered content changed too. */
const finished = (s: AssetStatus | undefined) =>
  (s?.assets ?? [])
    .filter((a) => a.status === 'ready' || a.status === 'failed')
    .map((a) => `${a.id}:${a.status}`)
    .join(',');

/**
 * Fetches the project's content again. The HTTP client refuses a second request to a URL that is still in flight,
 * and cancelling one does not free its URL at once: a running fetch is left to finish first, then one more is made.
 */
async function refreshContent(client: QueryClient, id: number | undefined) {
  const queryKey = projectContentKey(id);
  if (client.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    await client.refetchQueries({ queryKey }, { cancelRefetch: false }).catch(() => undefined);
  }
  await client.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/**
 * GET /project/asset_status?project_id: the project's assets with processing state, progress and reports; polls
 * while any runs. When an asset finishes, the project's content (viewer URLs, thumbnails) is fetched again.
 */
export function useAssetStatus(id: number | undefined) {
  const client = useQueryClient();
  const queryKey = [...projectsKeys.status, id];
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const next = await http.get<AssetStatus>('/project/asset_status', { project_id: id }, { signal, silent: true });
      const before = client.getQueryData<AssetStatus>(queryKey);
      if (before && finished(before) !== finished(next)) void refreshContent(client, id);
      return next;
    },
    enabled: !!id,
    refetchInterval: (q) =>
      q.state.data?.assets.some((a) => a.status === 'queued' || a.status === 'processing') ? POLL_MS : false,
  });
}
