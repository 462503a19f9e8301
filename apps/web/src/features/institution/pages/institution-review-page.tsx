import { CheckOutlined, CloseOutlined, FileProtectOutlined, SearchOutlined } from '@ant-design/icons';
import type { InstitutionApplication, InstitutionPageQuery, InstitutionState } from '@xr/contract/institution';
import { Button, Card, Flex, Input, Popconfirm, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { useDecideInstitution, useInstitutionPage } from '../api/institution';
import { RejectInstitutionDialog } from '../components/reject-institution-dialog';

const STATE_COLOR: Record<InstitutionState, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/**
 * /approval/institutional: organisation and group-admin applications. Pending ones first (oldest first, a queue);
 * the certificate opens in a new tab through a 15-minute signed link; approve after a confirmation, reject with a
 * required reason. The decided tabs show who decided, when and why.
 */
export default function InstitutionReviewPage() {
  const { t } = useTranslation('institution');
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<InstitutionPageQuery & { page: number; limit: number }>({
    state: 'pending',
    page: 1,
    limit: 10,
  });
  const [rejecting, setRejecting] = useState<InstitutionApplication | null>(null);
  const list = useInstitutionPage(query);
  const decide = useDecideInstitution();
  const search = () => setQuery((q) => ({ ...q, keyword: keyword.trim(), page: 1 }));

  const approve = async (r: InstitutionApplication) => {
    try {
      await decide.mutateAsync({ id: r.id, state: 'approved' });
      void message.success(t('approved'));
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<InstitutionApplication> = [
    {
      title: t('applicant'),
      key: 'applicant',
      width: 240,
      render: (_: unknown, r) => (
        <div>
          <Typography.Text strong>{r.username}</Typography.Text>
          <div className="xr-muted">{r.email}</div>
        </div>
      ),
    },
    { title: t('forumName'), dataIndex: 'forum_name', width: 130, ellipsis: true },
    {
      title: t('type'),
      dataIndex: 'account_type',
      width: 120,
      render: (v: InstitutionApplication['account_type']) => <Tag>{t(`types.${v}`)}</Tag>,
    },
    {
      title: t('certificate'),
      dataIndex: 'certificate_url',
      width: 120,
      render: (v: string | null) =>
        v ? (
          <a href={v} target="_blank" rel="noreferrer">
            <FileProtectOutlined /> {t('open')}
          </a>
        ) : (
          <span className="xr-muted">{t('none')}</span>
        ),
    },
    { title: t('submittedAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('state'),
      dataIndex: 'state',
      width: 110,
      render: (v: InstitutionState) => <Tag color={STATE_COLOR[v]}>{t(`states.${v}`)}</Tag>,
    },
    ...(query.state === 'pending'
      ? []
      : [
          {
            title: t('decision'),
            key: 'decision',
            width: 260,
            render: (_: unknown, r: InstitutionApplication) =>
              r.decided_at ? (
                <div>
                  <div>
                    {r.decider} · {formatTime(r.decided_at)}
                  </div>
                  {r.reason && <div className="xr-muted">{r.reason}</div>}
                </div>
              ) : null,
          },
        ]),
    {
      title: t('common:actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'pending' ? (
          <Space size={4} wrap>
            <Popconfirm
              title={t('approveConfirm', { name: r.username })}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              onConfirm={() => approve(r)}
            >
              <Button type="link" size="small" icon={<CheckOutlined />}>
                {t('approve')}
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(r)}>
              {t('reject')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card title={t('title')}>
      <Flex gap={8} wrap className="xr-mb" align="center">
        <Segmented<InstitutionState>
          value={query.state ?? 'pending'}
          onChange={(state) => setQuery((q) => ({ ...q, state, page: 1 }))}
          options={(['pending', 'approved', 'rejected'] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <Input
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          style={{ width: 240 }}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('common:search')}
        </Button>
      </Flex>
      <Table<InstitutionApplication>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: query.state === 'pending' ? 1100 : 1360 }}
        locale={{ emptyText: t(query.state === 'pending' ? 'emptyPending' : 'empty') }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {rejecting && <RejectInstitutionDialog id={rejecting.id} name={rejecting.username} onClose={() => setRejecting(null)} />}
    </Card>
  );
}
