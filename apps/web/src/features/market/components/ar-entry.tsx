import { useQuery } from '@tanstack/react-query';
import { MODEL_USDZ_OUTPUT } from '@xr/contract/model-outputs';
import { lazy, Suspense } from 'react';
import { fetchSceneDetails, sceneKeys } from '../../../components/api/scenes';
import { arTargetOf } from '../../../components/viewers/ar/scene-ar-content';
import { projectContentQuery } from '../api/project-content';

// antd's Modal and QRCode come with the button, not with the page
const ArButton = lazy(() => import('../../../components/viewers/ar/ar-button').then((m) => ({ default: m.ArButton })));

/**
 * The details page's "View in AR" for what the caller may view (the same signed URLs as the preview: owner, buyers
 * and admins, or anyone under anonymous preview): the project's one model at its real size (alone or as a scene's
 * only object), or a 3D scene of several models (in the document's arrangement) as a tabletop view (`arTargetOf`).
 * A scene's details are the query the page's viewer makes.
 */
export function ArEntry({ projectId, signedIn, highlight }: { projectId: number; signedIn: boolean; highlight: boolean }) {
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  const scene = data && data.access !== 'none' && data.scene?.kind === 'scene' ? data.scene : null;
  const details = useQuery({
    queryKey: [...sceneKeys.details(projectId), signedIn ? 'market-user' : 'market-visitor', scene?.version ?? 0],
    queryFn: ({ signal }) => fetchSceneDetails(projectId, undefined, signal),
    retry: false,
    enabled: !!scene,
  });
  if (!data || data.access === 'none' || data.scene?.kind === 'tour') return null;
  if (scene && !details.data) return null;
  const models = data.assets.filter((a) => a.kind === 'model3d' && a.outputs.model);
  const one = models.length === 1 ? models[0]?.outputs : undefined;
  const target = arTargetOf(one?.model ? { glbUrl: one.model, usdzUrl: one[MODEL_USDZ_OUTPUT] } : null, details.data);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ArButton size="large" target={target} thumbnailUrl={thumbnailOf(data)} highlight={highlight} />
    </Suspense>
  );
}

function thumbnailOf(data: { cover: string; assets: { kind: string; outputs: Record<string, string | undefined> }[] }) {
  return data.assets.find((a) => a.kind === 'model3d')?.outputs.thumbnail ?? data.cover;
}
