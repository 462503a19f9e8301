import './viewers.css';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LiteIcon } from '../lite/icons';
import { EmptyState, Spinner } from '../lite/lite';
import type { AssetViewerProps } from './views';

const PanoramaViewer = lazy(() => import('./panorama-viewer'));
const ModelViewer = lazy(() => import('./model-viewer'));

export type { AssetViewerProps, DeliveredAsset, ViewerKind } from './views';
export { viewerKindOf, viewerPropsOf, viewsOf } from './views';

/**
 * One entry to the viewers: the three.js and Photo Sphere Viewer code is split into chunks that load only when
 * a viewer is shown, so public pages stay light.
 */
export function AssetViewer({ download, ...props }: AssetViewerProps) {
  const { t } = useTranslation('common');
  if (!download) return <ViewerBody {...props} />;
  return (
    <div>
      <ViewerBody {...props} />
      <a className="xr-viewer__download" href={download.url} download={download.filename} data-testid="download-original">
        <LiteIcon name="download" /> {t('downloadOriginal', { name: download.filename })}
      </a>
    </div>
  );
}

function ViewerBody({
  kind,
  src,
  preview,
  tiles,
  poster,
  height = 420,
  caption,
  emptyText,
  errorText,
}: Omit<AssetViewerProps, 'download'>) {
  if (!src) return <EmptyState description={emptyText} />;
  const fallback = (
    <div className="xr-viewer xr-viewer--loading" style={{ height }}>
      <Spinner size={28} />
    </div>
  );
  if (kind === 'video')
    // biome-ignore lint/a11y/useMediaCaption: user content without caption tracks
    return <video src={src} poster={poster} controls className="xr-viewer" style={{ width: '100%', height }} />;
  if (kind === 'image')
    return <img src={src} alt={caption ?? ''} className="xr-viewer" style={{ width: '100%', height, objectFit: 'contain' }} />;
  return (
    <Suspense fallback={fallback}>
      {kind === 'panorama' ? (
        <PanoramaViewer src={src} preview={preview} tiles={tiles} height={height} caption={caption} />
      ) : (
        <ModelViewer src={src} height={height} errorText={errorText} />
      )}
    </Suspense>
  );
}
