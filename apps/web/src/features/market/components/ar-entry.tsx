import { useQuery } from '@tanstack/react-query';
import { MODEL_USDZ_OUTPUT } from '@xr/contract/model-outputs';
import { lazy, Suspense } from 'react';
import { projectContentQuery } from '../api/project-content';

// antd's Modal and QRCode come with the button, not with the page
const ArButton = lazy(() => import('../../../components/viewers/ar/ar-button').then((m) => ({ default: m.ArButton })));

/**
 * The details page's "View in AR" for a 3D model project of one model that the caller may view (the same signed URLs as
 * the preview: owner, buyers and admins, or anyone under anonymous preview when the model is part of it).
 */
export function ArEntry({ projectId, signedIn, highlight }: { projectId: number; signedIn: boolean; highlight: boolean }) {
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  if (!data || data.access === 'none' || data.scene?.kind === 'tour') return null;
  const models = data.assets.filter((a) => a.kind === 'model3d' && a.outputs.model);
  // one model (alone or as a scene's only object) shows at its real size; a scene arranging several models needs
  // the scene's layout, which the model files do not carry
  const model = models.length === 1 ? models[0] : undefined;
  if (!model?.outputs.model) return null;
  return (
    <Suspense fallback={null}>
      <ArButton
        size="large"
        glbUrl={model.outputs.model}
        usdzUrl={model.outputs[MODEL_USDZ_OUTPUT]}
        thumbnailUrl={model.outputs.thumbnail ?? data.cover}
        highlight={highlight}
      />
    </Suspense>
  );
}
