import { BugOutlined, DeleteOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Modal, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/dates';
import { clearErrorLog, type ErrorLogEntry, useErrorLog } from '../lib/error-log';

/** Top-bar error-log viewer: a bug icon with the number of logged errors, opening a table that can be cleared. */
export function ErrorLogButton() {
  const { t } = useTranslation('layout');
  const log = useErrorLog();
  const [open, setOpen] = useState(false);
  const rows = [...log].reverse().map((e, i) => ({ ...e, key: `${e.time}-${i}` }));

  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={log.length} size="small" offset={[-4, 4]} overflowCount={99}>
          <Button
            type="text"
            danger={log.length > 0}
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
            aria-label={t('errorLog.title')}
            data-tour="error-log"
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        title={t('errorLog.title')}
        onCancel={() => setOpen(false)}
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
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
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
    </>
  );
}
