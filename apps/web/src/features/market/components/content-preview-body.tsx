import { FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectContent } from '../../../components/api/project-content';
import { AssetViewer } from '../../../components/viewers/asset-viewer';
import { DocumentViewer } from '../../../components/viewers/document-viewer';
import type { AssetViewerProps } from '../../../components/viewers/views';
import { fullScreenViewerUrl } from '../../../lib/viewer-url';

/**
 * The details page's preview once there is something to show (content-preview.tsx decides): the project's content
 * in the 360 / 3D viewer, or its scene document (360 tour or 3D scene) with a link to the full-screen page.
 */
export default function ContentPreviewBody({
  projectId,
  signedIn,
  data,
  views,
}: {
  projectId: number;
  signedIn: boolean;
  data: ProjectContent;
  views: AssetViewerProps[];
}) {
  const { t } = useTranslation(['market', 'viewer']);
  if (data.scene)
    return (
      <section className="xr-details__card" data-testid="content-preview" aria-label={t('details.preview')}>
        <h2>
          {t('details.preview')}{' '}
          <a
            href={fullScreenViewerUrl(projectId, data.scene.kind)}
            className="xr-details__fullscreen"
            data-testid="view-fullscreen"
          >
            <FullscreenOutlined /> {t('viewer:fullScreen')}
          </a>
        </h2>
        {data.access === 'preview' && data.message ? <p className="xr-muted">{data.message}</p> : null}
        <DocumentViewer
          projectId={projectId}
          scene={data.scene}
          audience={signedIn ? 'market-user' : 'market-visitor'}
          height={420}
        />
      </section>
    );
  return (
    <section className="xr-details__card" data-testid="content-preview" aria-label={t('details.preview')}>
      <h2>{t('details.preview')}</h2>
      {data.access === 'preview' && data.message ? <p className="xr-muted">{data.message}</p> : null}
      {views.map((v) => (
        <AssetViewer key={v.src} {...v} height={360} errorText={t('details.previewFailed')} />
      ))}
    </section>
  );
}
