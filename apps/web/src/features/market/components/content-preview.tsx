import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { projectContentQuery } from '../api/project-content';

/**
 * The details page's preview: the project's content in the 360 / 3D viewer for whoever may see it (visitors
 * only when the creator switched anonymous preview on). Nothing is shown when there is nothing to view.
 */
export function ContentPreview({ projectId, signedIn }: { projectId: number; signedIn: boolean }) {
  const { t } = useTranslation('market');
  const content = useQuery(projectContentQuery(projectId, signedIn));
  const data = content.data;
  const views = viewsOf(data);
  if (!data || data.access === 'none' || views.length === 0) return null;
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
