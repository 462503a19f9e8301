import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { useProjectContent } from '../api/project-content';

/** The project's delivered content in the matching viewer (360 or 3D), loaded lazily. */
export function ContentPreview({ projectId, height = 320 }: { projectId: number; height?: number }) {
  const { t } = useTranslation('projects');
  const content = useProjectContent(projectId);
  const views = viewsOf(content.data);
  if (views.length === 0) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} className="xr-mb">
      {views.map((v) => (
        <AssetViewer key={v.src} {...v} height={height} errorText={t('viewer.failed')} />
      ))}
    </Space>
  );
}
