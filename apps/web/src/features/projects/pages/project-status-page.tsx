import { formatBytes } from '@xr/contract/format';
import { Alert, Card, Empty, Flex, List, Progress, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetStatus } from '../api/asset-status';
import { useMyProjectPage } from '../api/my-project-page';
import { useProjectContent } from '../api/project-content';
import { type AssetView, formatDuration, mediaFactsOf, modelReportOf } from '../api/types';
import { ModelReportView } from '../components/model-report';
import { ProjectPicker } from '../components/project-picker';
import { ReviewStateTag } from '../components/review-state-tag';
import '../components/projects.css';

/** The smallest `preview_<px>` output (the status list shows it as the thumbnail). */
const smallestPreview = (outputs: Record<string, string>) =>
  Object.entries(outputs)
    .filter(([name]) => name.startsWith('preview'))
    .sort(([a], [b]) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')))[0]?.[1];

const STATE_COLOR: Record<AssetView['status'], string> = {
  queued: 'default',
  processing: 'processing',
  ready: 'success',
  failed: 'error',
};

/** A panorama's size, 2:1 check and tiles, or a video's format, duration, size and codec, in words. */
function MediaFacts({ facts }: { facts: NonNullable<ReturnType<typeof mediaFactsOf>> }) {
  const { t } = useTranslation('projects');
  const size = t('meta.size', { width: facts.width, height: facts.height });
  if (facts.kind === 'panorama') {
    return (
      <Flex gap={8} wrap align="center" className="xr-mt" data-testid="media-facts">
        <Typography.Text type="secondary">{size}</Typography.Text>
        {facts.ratioOk ? <Tag color="success">{t('meta.ratioOk')}</Tag> : <Tag color="warning">{t('meta.ratioOff')}</Tag>}
        {facts.tiles && <Tag color="processing">{t('meta.tiles', { cols: facts.tiles.cols, rows: facts.tiles.rows })}</Tag>}
      </Flex>
    );
  }
  const parts = [
    facts.container.toUpperCase(),
    facts.durationSeconds > 0 ? formatDuration(facts.durationSeconds) : t('meta.durationUnknown'),
    size,
    facts.codec && t('meta.codecIs', { codec: facts.codec }),
  ].filter(Boolean);
  return (
    <Typography.Paragraph type="secondary" className="xr-mt" data-testid="media-facts">
      {parts.join(' · ')}
    </Typography.Paragraph>
  );
}

function AssetRow({ asset, thumbnail }: { asset: AssetView; thumbnail?: string }) {
  const { t } = useTranslation('projects');
  const job = asset.job;
  const report = modelReportOf(job?.result);
  const facts = report ? null : mediaFactsOf(job?.result);
  return (
    <div className="xr-asset">
      {thumbnail ? <img className="xr-asset__thumb" src={thumbnail} alt={asset.filename} /> : <div className="xr-asset__thumb" />}
      <div className="xr-asset__body">
        <Flex gap={8} wrap align="center">
          <Typography.Text strong ellipsis={{ tooltip: asset.filename }} style={{ maxWidth: 320 }}>
            {asset.filename}
          </Typography.Text>
          <Tag>{t(`assetKind.${asset.kind}`)}</Tag>
          <Tag color={STATE_COLOR[asset.status]}>{t(`assetState.${asset.status}`)}</Tag>
          <Typography.Text type="secondary">{formatBytes(asset.bytes)}</Typography.Text>
        </Flex>
        {(asset.status === 'processing' || asset.status === 'queued') && (
          <Progress percent={Math.round(job?.progress ?? 0)} status="active" aria-label={t('assetState.processing')} />
        )}
        {asset.status === 'failed' && (
          <Alert type="error" showIcon title={job?.error || t('assetState.failed')} className="xr-mt" />
        )}
        {facts && <MediaFacts facts={facts} />}
        {report && <ModelReportView report={report} />}
      </div>
    </div>
  );
}

/** /vrdata/status: per project, the assets with processing state and progress (polled while running), reports and review state. */
export default function ProjectStatusPage() {
  const { t } = useTranslation('projects');
  const [projectId, setProjectId] = useState<number>();
  const status = useAssetStatus(projectId);
  const content = useProjectContent(projectId);
  const project = useMyProjectPage({ page: 1, limit: 100 }).data?.list.find((p) => p.id === projectId);
  const thumbs = new Map(
    (content.data?.assets ?? []).map((a) => [a.id, a.outputs.thumbnail ?? a.outputs.poster ?? smallestPreview(a.outputs)]),
  );
  const data = status.data;
  return (
    <Card title={t('statusTitle')}>
      <div className="xr-mb">
        <ProjectPicker value={projectId} onChange={setProjectId} />
      </div>
      {!projectId ? (
        <Empty description={t('noProjects')} />
      ) : status.isLoading ? (
        <Skeleton active />
      ) : status.isError ? (
        <Alert type="warning" showIcon title={t('statusUnavailable')} />
      ) : data ? (
        <>
          <Flex gap={8} align="center" wrap className="xr-mb">
            <Typography.Text strong>{project?.name}</Typography.Text>
            <ReviewStateTag status={data.review_status} reason={project?.review_reason} />
          </Flex>
          <List
            dataSource={data.assets}
            locale={{ emptyText: <Empty description={t('noAssets')} /> }}
            renderItem={(a) => (
              <List.Item key={a.id}>
                <AssetRow asset={a} thumbnail={thumbs.get(a.id)} />
              </List.Item>
            )}
          />
        </>
      ) : null}
    </Card>
  );
}
