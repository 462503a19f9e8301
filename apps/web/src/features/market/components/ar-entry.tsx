// the button's few styles ride in the page's stylesheet: an AR project's page then fetches one small file more, not two
import '../../../components/viewers/ar/ar.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSceneDetails, sceneKeys } from '../../../components/api/scenes';
import { projectArTarget } from '../../../components/viewers/ar/scene-ar-content';
import { currentLang } from '../../../lib/i18n';
import { projectContentQuery } from '../api/project-content';

// the button (a few KiB) comes only for a project it can show; the AR code itself comes on the tap (ArButton)
const ArButton = lazy(() => import('../../../components/viewers/ar/ar-button').then((m) => ({ default: m.ArButton })));

/**
 * The details page's "View in AR" for what the caller may view (the same signed URLs as the preview: owner, buyers
 * and admins, or anyone under anonymous preview): the project's one model at its real size (alone or as a scene's
 * only object), or a 3D scene of several models (in the document's arrangement) as a tabletop view (`projectArTarget`).
 * A scene's details are the query the page's viewer makes. The full-screen viewer shows the same `ArButton`.
 */
export function ArEntry({ projectId, signedIn, highlight }: { projectId: number; signedIn: boolean; highlight: boolean }) {
  const { t } = useTranslation('viewer');
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  const scene = data && data.access !== 'none' && data.scene?.kind === 'scene' ? data.scene : null;
  const details = useQuery({
    queryKey: [...sceneKeys.details(projectId), signedIn ? 'market-user' : 'market-visitor', scene?.version ?? 0],
    queryFn: ({ signal }) => fetchSceneDetails(projectId, undefined, signal),
    retry: false,
    enabled: !!scene,
  });
  const target = projectArTarget(data, details.data);
  if (!data || !target) return null;
  return (
    <Suspense fallback={null}>
      <ArButton
        target={target}
        lang={currentLang()}
        label={t('viewInAr')}
        thumbnailUrl={thumbnailOf(data)}
        highlight={highlight}
      />
    </Suspense>
  );
}

function thumbnailOf(data: { cover: string; assets: { kind: string; outputs: Record<string, string | undefined> }[] }) {
  return data.assets.find((a) => a.kind === 'model3d')?.outputs.thumbnail ?? data.cover;
}
