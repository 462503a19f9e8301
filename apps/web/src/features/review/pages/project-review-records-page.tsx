import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { type RecordFilter, useReviewRecordPage } from '../api/review-record-page';
import type { ReviewDecision, ReviewRecord } from '../api/types';

/** /approval/project-review-records: who decided what, when (and why, for rejections). */
export default function ProjectReviewRecordsPage() {
  const { t } = useTranslation('review');
  const [decision, setDecision] = useState<ReviewDecision>();
  const [query, setQuery] = useState<RecordFilter>({ page: 1, limit: 10 });
  const list = useReviewRecordPage(query);
  const search = () => setQuery((q) => ({ ...q, decision, page: 1 }));

  const columns: TableColumnsType<ReviewRecord> = [
    { title: t('name'), dataIndex: 'project_name', ellipsis: true },
    {
      title: t('decision'),
      dataIndex: 'decision',
      width: 120,
      render: (v: ReviewDecision) => <Tag color={v === 'approved' ? 'success' : 'error'}>{t(`decisions.${v}`)}</Tag>,
    },
    { title: t('reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('reviewer'), dataIndex: ['reviewer', 'name'], width: 140 },
    { title: t('decidedAt'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
  ];

  return (
    <Card title={t('recordsTitle')}>
      <Flex gap={8} wrap className="xr-mb">
        <Select
          allowClear
          value={decision}
          onChange={setDecision}
          placeholder={t('decision')}
          aria-label={t('decision')}
          style={{ width: 150 }}
          options={(['approved', 'rejected'] as const).map((d) => ({ value: d, label: t(`decisions.${d}`) }))}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('common:search')}
        </Button>
      </Flex>
      <Table<ReviewRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
    </Card>
  );
}
