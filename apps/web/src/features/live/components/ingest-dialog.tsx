import type { LiveIngest } from '@xr/contract/live';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A copyable value with its own tooltips. */
function Secret({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('live');
  return (
    <Typography.Text code className="xr-live-secret" data-testid={testId} copyable={{ tooltips: [t('copy'), t('copied')] }}>
      {text}
    </Typography.Text>
  );
}

/**
 * The ingest details of a new stream (or a new key): what to paste into OBS ("Server" and "Stream key") or into a 360
 * camera app that takes one RTMP URL (Insta360 and similar), with a short how-to. The key is shown only here.
 */
export function IngestDialog({ ingest, onClose }: { ingest: LiveIngest; onClose(): void }) {
  const { t } = useTranslation('live');
  return (
    <Modal open title={t('ingest.title')} onOk={onClose} onCancel={onClose} footer={(_, { OkBtn }) => <OkBtn />} width={640}>
      <Alert type="warning" showIcon message={t('ingest.once')} className="xr-mb" />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('ingest.server')}>
          <Secret text={ingest.rtmp_url} testId="ingest-server" />
        </Descriptions.Item>
        <Descriptions.Item label={t('ingest.key')}>
          <Secret text={ingest.stream_key} testId="ingest-key" />
        </Descriptions.Item>
        <Descriptions.Item label={t('ingest.url')}>
          <Secret text={ingest.publish_url} testId="ingest-url" />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('ingest.howTo')}
      </Typography.Title>
      <ol>
        <li>{t('ingest.obs')}</li>
        <li>{t('ingest.camera')}</li>
        <li>{t('ingest.share')}</li>
      </ol>
    </Modal>
  );
}
