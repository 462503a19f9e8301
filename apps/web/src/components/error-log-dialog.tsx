import { DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/dates';
import { clearErrorLog, type ErrorLogEntry, useErrorLog } from '../lib/error-log';

/** The error log's table (newest first, stack traces expandable) in a dialog; loaded when first opened. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('layout');
  const log = useErrorLog();
  const rows = [...log].reverse().map((e, i) => ({ ...e, key: `${e.time}-${i}` }));
  return (
    <Modal
      open={open}
      title={t('errorLog.title')}
      onCancel={() => onClose()}
      width={960}
      footer={[
        <Button
          key="clear"
          danger
          icon={<DeleteOutlined />}
          disabled={log.length === 0}
          onClick={() => {
            clearErrorLog();
          }}
        >
          {t('errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={() => onClose()}>
          {t('errorLog.close')}
        </Button>,
      ]}
    >
      {rows.length === 0 ? (
        <Empty description={t('errorLog.empty')} />
      ) : (
        <Table<ErrorLogEntry & { key: string }>
          size="small"
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 720 }}
          columns={[
            {
              title: t('errorLog.time'),
              dataIndex: 'time',
              width: 180,
              render: (v: string) => formatTime(v, { seconds: true }),
            },
            {
              title: t('errorLog.message'),
              dataIndex: 'message',
              render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
            },
            {
              title: t('errorLog.url'),
              dataIndex: 'url',
              width: 260,
              render: (v?: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v ?? '—'}</Typography.Text>,
            },
          ]}
          expandable={{
            rowExpandable: (r) => !!r.stack,
            expandedRowRender: (r) => <pre className="xr-stack-trace">{r.stack}</pre>,
          }}
        />
      )}
    </Modal>
  );
}
