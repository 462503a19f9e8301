import { useQuery } from '@tanstack/react-query';
import type { assetStatus } from '@xr/contract/creator';
import type { z } from 'zod';
import { fetchProjectContent } from '../../../components/api/project-content';
import { http } from '../../../lib/http';

type AssetStatus = z.infer<typeof assetStatus>;

export const projectAssetsKey = (id: number) => ['scene-editor', 'assets', id] as const;

/**
 * The project's own files for the editor: processed models (with their GLB), images, 360 images, videos and
 * sounds for hotspots and the sky, from GET /project/content, plus processing state from GET /project/asset_status
 * (polled while an upload is being processed).
 */
export function useProjectAssets(id: number) {
  const status = useQuery({
    queryKey: [...projectAssetsKey(id), 'status'],
    queryFn: ({ signal }) => http.get<AssetStatus>('/project/asset_status', { project_id: id }, { signal, silent: true }),
    refetchInterval: (q) => (q.state.data?.assets.some((a) => a.status === 'queued' || a.status === 'processing') ? 2000 : false),
  });
  const ready = (status.data?.assets ?? [])
    .filter((a) => a.status === 'ready')
    .map((a) => a.id)
    .join(',');
  const content = useQuery({
    queryKey: [...projectAssetsKey(id), 'content', ready],
    queryFn: ({ signal }) => fetchProjectContent(id, signal),
    placeholderData: (prev) => prev,
  });
  return { status, content };
}
