import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { AssetStatus } from './types';

const POLL_MS = 2000;

/** GET /project/asset_status?project_id: the project's assets with processing state, progress and reports; polls while any runs. */
export function useAssetStatus(id: number | undefined) {
  return useQuery({
    queryKey: [...projectsKeys.status, id],
    queryFn: ({ signal }) => http.get<AssetStatus>('/project/asset_status', { project_id: id }, { signal, silent: true }),
    enabled: !!id,
    refetchInterval: (q) =>
      q.state.data?.assets.some((a) => a.status === 'queued' || a.status === 'processing') ? POLL_MS : false,
  });
}
