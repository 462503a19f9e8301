import { ReloadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@xr/contract/errors';
import type { OutboxMail } from '@xr/contract/system';
import { Alert, Button, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { formatTime } from '../../../lib/dates';
import { HttpError } from '../../../lib/http';
import { useMailOutbox } from '../api/mail-outbox';
import '../system.css';

/** How many of the newest kept mails the tab lists (the server allows up to 200). */
export const OUTBOX_LIMIT = 100;

/** A kept mail's plain text, as written and selectable, with a button copying all of it. */
function MailText({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation('system');
  if (!mail.text) return <span className="xr-muted">{t('logs.noText')}</span>;
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" copyable={{ text: mail.text, tooltips: [t('logs.copyText'), t('logs.copied')] }}>
        {t('logs.plainText')}
      </Typography.Text>
      <pre className="xr-mail-text">{mail.text}</pre>
    </Flex>
  );
}

/**
 * The mails the platform kept because no mail server is configured (registration and reset codes, links), newest
 * first, searched by recipient; each row opens on the mail's plain text. With a mail server the call does not exist
 * (404): then the tab says the mails are delivered instead.
 */
export function MailOutboxTab() {
  const { t } = useTranslation('system');
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const list = useMailOutbox({ to, limit: OUTBOX_LIMIT });

  if (list.error instanceof HttpError && list.error.code === ErrorCode.NOT_FOUND) {
    return <Alert type="info" showIcon title={t('logs.smtpTitle')} description={t('logs.smtpText')} />;
  }

  const columns: TableColumnsType<OutboxMail> = [
    { title: t('logs.time'), dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v, { seconds: true }) },
    { title: t('logs.to'), dataIndex: 'to', width: 280, ellipsis: true },
    { title: t('logs.subject'), dataIndex: 'subject', ellipsis: true },
  ];

  return (
    <>
      <p className="xr-muted">{t('logs.outboxHint', { limit: OUTBOX_LIMIT })}</p>
      <FilterBar
        onSearch={() => setTo(draft.trim())}
        onReset={() => {
          setDraft('');
          setTo('');
        }}
        extra={
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('logs.refresh')}
          </Button>
        }
      >
        <SearchInput
          value={draft}
          onChange={setDraft}
          onSearch={() => setTo(draft.trim())}
          placeholder={t('logs.recipient')}
          width={280}
        />
      </FilterBar>
      {list.error && <Alert type="error" showIcon className="xr-mb" title={t('logs.failed', { error: list.error.message })} />}
      <Table<OutboxMail>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 700 }}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true, showTotal: (total) => t('total', { total }) }}
        expandable={{ expandedRowRender: (mail) => <MailText mail={mail} /> }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={to ? t('logs.noneTo', { to }) : t('logs.none')} />,
        }}
      />
    </>
  );
}
