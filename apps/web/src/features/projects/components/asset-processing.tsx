import { Alert, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../api/types';

/**
 * Where an upload happened, what became of it: the latest asset's processing progress, its success, or its failure
 * with the server's translated reason. A failed replacement says that the previous content is still live (the
 * server only swaps content once the new file is ready).
 */
export function AssetProcessing({ assets }: { assets: AssetView[] }) {
  const { t } = useTranslation('pipeline');
  const latest = assets.reduce<AssetView | undefined>((a, b) => (!a || b.id > a.id ? b : a), undefined);
  if (!latest) return null;
  if (latest.status === 'queued' || latest.status === 'processing') {
    return (
      <div className="xr-mt" data-testid="asset-processing">
        <Typography.Text type="secondary">{t(`processing.${latest.status === 'queued' ? 'queued' : 'running'}`)}</Typography.Text>
        <Progress percent={latest.job?.progress ?? 0} status="active" aria-label={t('processing.running')} />
      </div>
    );
  }
  if (latest.status === 'failed') {
    const kept = assets.some((a) => a.id !== latest.id && a.kind === latest.kind && a.status === 'ready');
    return (
      <Alert
        type="error"
        showIcon
        className="xr-mt"
        data-testid="asset-processing"
        title={t('processing.failed', { name: latest.filename })}
        description={
          <>
            <div>{latest.job?.error}</div>
            <div>{kept ? t('processing.keptOld') : t('processing.nothingLive')}</div>
            <div>{t('processing.retry')}</div>
          </>
        }
      />
    );
  }
  return (
    <div className="xr-mt" data-testid="asset-processing">
      <Typography.Text type="success">{t('processing.ready')}</Typography.Text>
    </div>
  );
}
