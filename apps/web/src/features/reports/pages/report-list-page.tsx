import { CheckSquareOutlined } from '@ant-design/icons';
import { REPORT_TARGETS, type ReportItem, type ReportState, type ReportTarget } from '@xr/contract/reports';
import { Button, Card, Flex, Segmented, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/dates';
import { useReportPage } from '../api/reports';
import { DecideReportDialog } from '../components/decide-report-dialog';

const STATE_COLOR: Record<ReportState, string> = { open: 'processing', resolved: 'error', dismissed: 'default' };

/**
 * /ReportList: reports of projects, forum posts and meta world chat messages (text, room, author). Open ones first, oldest first (a queue); each opens its target
 * and is decided once, with a note: dismissed, or actioned (hide, warn, disable). Decided tabs show who, when, what.
 */
export default function ReportListPage() {
  const { t } = useTranslation('reports');
  const [query, setQuery] = useState<{ page: number; limit: number; status: ReportState; target_type?: ReportTarget }>({
    page: 1,
    limit: 10,
    status: 'open',
  });
  const [deciding, setDeciding] = useState<ReportItem | null>(null);
  const list = useReportPage(query);
  /** The owner or author; a guest's chat message has only the name chatted under. */
  const authorOf = (r: ReportItem) => r.owner?.name ?? (r.author_name ? `${r.author_name} ${t('guest')}` : '—');

  const columns: TableColumnsType<ReportItem> = [
    {
      title: t('target'),
      key: 'target',
      width: 280,
      render: (_: unknown, r) =>
        r.target_type === 'chat' ? (
          <div data-testid="report-chat-target">
            <Tag>{t('targets.chat')}</Tag>
            {r.target_title ? <span>{t('chatRoom', { room: r.target_title })}</span> : null}
            {r.target_excerpt ? <div>{r.target_excerpt}</div> : <Typography.Text delete>{t('untitled')}</Typography.Text>}
            <div className="xr-muted">{t('chatAuthor', { name: authorOf(r) })}</div>
            {!r.target_visible ? <Tag color="warning">{t('hidden')}</Tag> : null}
          </div>
        ) : (
          <div>
            <Tag>{t(`targets.${r.target_type}`)}</Tag>
            {r.target_path ? (
              <Link to={r.target_path} target="_blank">
                {r.target_title || t('untitled')}
              </Link>
            ) : (
              <Typography.Text delete>{r.target_title || t('untitled')}</Typography.Text>
            )}
            {r.target_excerpt ? <div className="xr-muted">{r.target_excerpt}</div> : null}
            {!r.target_visible ? <Tag color="warning">{t('hidden')}</Tag> : null}
          </div>
        ),
    },
    { title: t('owner'), key: 'owner', width: 130, render: (_: unknown, r) => authorOf(r) },
    {
      title: t('report'),
      key: 'report',
      width: 300,
      render: (_: unknown, r) => (
        <div>
          <Tag color="volcano">{t(`reasons.${r.reason}`)}</Tag>
          <span>{r.content}</span>
          <div className="xr-muted">
            {r.reporter.name} · {formatTime(r.created_at)}
          </div>
        </div>
      ),
    },
    {
      title: t('state'),
      key: 'state',
      width: 240,
      render: (_: unknown, r) => (
        <div>
          <Tag color={STATE_COLOR[r.status]}>{t(`states.${r.status}`)}</Tag>
          {r.action ? <Tag>{t(`actions.${r.action}`)}</Tag> : null}
          {r.handled_at ? (
            <div className="xr-muted">
              {r.handler} · {formatTime(r.handled_at)}
            </div>
          ) : null}
          {r.note ? <div>{r.note}</div> : null}
        </div>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.status === 'open' ? (
          <Button type="link" size="small" icon={<CheckSquareOutlined />} onClick={() => setDeciding(r)}>
            {t('decide')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title={t('title')}>
      <Flex gap={8} wrap className="xr-mb" align="center">
        <Segmented<ReportState>
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, status, page: 1 }))}
          options={(['open', 'resolved', 'dismissed'] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <Select
          allowClear
          value={query.target_type}
          onChange={(target_type) => setQuery((q) => ({ ...q, target_type, page: 1 }))}
          placeholder={t('allTargets')}
          aria-label={t('targetFilter')}
          style={{ width: 160 }}
          options={REPORT_TARGETS.map((x) => ({ value: x, label: t(`targets.${x}`) }))}
        />
      </Flex>
      <Table<ReportItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t(query.status === 'open' ? 'emptyOpen' : 'empty') }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {deciding && <DecideReportDialog report={deciding} onClose={() => setDeciding(null)} />}
    </Card>
  );
}
