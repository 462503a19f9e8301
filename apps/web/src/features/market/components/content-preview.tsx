import { FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { DocumentViewer } from '../../../components/viewers/document-viewer';
import { fullScreenViewerUrl } from '../../../lib/viewer-url';
import { projectContentQuery } from '../api/project-content';

/**
 * The details page's preview: the project's content in the 360 / 3D viewer for whoever may see it (visitors
 * only when the creator switched anonymous preview on). A project whose content is a scene document (360 tour or
 * 3D scene) opens in its document viewer, with a link to the full-screen page. Nothing is shown when there is
 * nothing to view.
 */
export function ContentPreview({ projectId, signedIn }: { projectId: number; signedIn: boolean }) {
  const { t } = useTranslation(['market', 'viewer']);
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  const views = viewsOf(data);
  if (!data || data.access === 'none') return null;
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
  if (views.length === 0) return null;
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
