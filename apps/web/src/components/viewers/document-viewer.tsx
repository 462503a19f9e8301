import './viewers.css';
import { useQuery } from '@tanstack/react-query';
import type { DocumentKind, ResolvedProduct } from '@xr/contract/scenes';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSceneDetails, sceneKeys } from '../api/scenes';
import { SceneCredits } from '../library/library-credit';
import { Notice, Spinner } from '../lite/lite';
import type { SceneViewerProps } from './scene-viewer-props';

type ViewerModule = { default: ComponentType<SceneViewerProps> };

// The 3D scene viewer is another part's file: found at build time when it is there, so the build works either way.
const scene3d = import.meta.glob<ViewerModule>('./scene3d/scene-viewer.tsx');
const scene3dLoader = Object.values(scene3d)[0];

const LOADERS: Record<DocumentKind, (() => Promise<ViewerModule>) | null> = {
  tour: () => import('./tour/tour-viewer'),
  scene: scene3dLoader ?? null,
};
const VIEWERS: Record<DocumentKind, ComponentType<SceneViewerProps> | null> = {
  tour: LOADERS.tour && lazy(LOADERS.tour),
  scene: LOADERS.scene && lazy(LOADERS.scene),
};

export interface DocumentViewerProps {
  projectId: number;
  /** The `/project/content` reply's `scene` (kind and version), or null when the content is not a document. */
  scene: { kind: DocumentKind; version: number };
  /** Who is looking (the details page, the library, the review drawer): scene_details answers each differently. */
  audience: string;
  /** Moderators look at the version sent for review. */
  version?: number | 'submitted';
  height?: number | string;
  /** "Add to cart" of a product hotspot, with the product card the scene details resolved; absent where there is no cart. */
  onAddToCart?(product: ResolvedProduct): unknown;
  className?: string;
}

/**
 * A project's scene document (360 tour or 3D scene) in its viewer: fetches `scene_details` (signed URLs of every
 * referenced asset) while the viewer's chunk loads, so the pages that show it stay light and the viewer starts early.
 */
export function DocumentViewer({
  projectId,
  scene,
  audience,
  version,
  height = 480,
  onAddToCart,
  className,
}: DocumentViewerProps) {
  const { t } = useTranslation('viewer');
  // The kind is known before the details arrive: fetch the viewer's chunk (three.js, Photo Sphere Viewer) meanwhile
  // instead of after them (the module loader caches it, so lazy() finds it there).
  useEffect(() => {
    void LOADERS[scene.kind]?.().catch(() => undefined);
  }, [scene.kind]);
  const details = useQuery({
    queryKey: [...sceneKeys.details(projectId, version), audience, scene.version],
    queryFn: ({ signal }) => fetchSceneDetails(projectId, version, signal),
    retry: false,
  });
  const fallback = (
    <div className="xr-viewer xr-viewer--loading" style={{ height }} role="status" aria-label={t('loading')}>
      <Spinner size={28} />
    </div>
  );
  if (details.isLoading) return fallback;
  if (details.isError || !details.data)
    return <Notice status="warning" title={t('failed')} subTitle={details.error?.message} data-testid="document-failed" />;
  const Viewer = VIEWERS[details.data.kind];
  if (!Viewer) return <Notice status="info" title={t('notFound')} />;
  const products = details.data.products;
  const addToCart = onAddToCart
    ? (id: number) => {
        const product = products[String(id)];
        return product ? onAddToCart(product) : undefined;
      }
    : undefined;
  // the credits of the imported library models the scene uses (pack, author, licence, link), under the viewer
  const libraryIds = Object.keys(details.data.library ?? {}).map(Number);
  return (
    <Suspense fallback={fallback}>
      <Viewer details={details.data} height={height} onAddToCart={addToCart} className={className} />
      {libraryIds.length > 0 && <SceneCredits libraryIds={libraryIds} />}
    </Suspense>
  );
}
