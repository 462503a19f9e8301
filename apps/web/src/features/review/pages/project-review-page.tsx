import { CheckOutlined, CloseOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { formatPrice } from '@xr/contract/format';
import { Button, Card, Flex, Image, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { useApproveProject } from '../api/decide';
import { type ReviewFilter, useProjectReviewPage } from '../api/project-review-page';
import type { ReviewItem } from '../api/types';
import { RejectDialog } from '../components/reject-dialog';
import { ReviewPreview } from '../components/review-preview';

/** /approval/project-review: projects waiting for review; preview, approve, reject with a reason. */
export default function ProjectReviewPage() {
  const { t } = useTranslation('review');
  const { message } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<ReviewFilter>({ page: 1, limit: 10 });
  const [previewing, setPreviewing] = useState<ReviewItem | null>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const list = useProjectReviewPage(query);
  const approve = useApproveProject();

  const doApprove = async (item: ReviewItem) => {
    try {
      await approve.mutateAsync(item.id);
      void message.success(t('approved'));
      setPreviewing(null);
    } catch {
      // shown by the HTTP client
    }
  };

  const actions = (r: ReviewItem, withPreview: boolean) => (
    <Space size={4} wrap>
      {withPreview && (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(r)}>
          {t('preview')}
        </Button>
      )}
      <Popconfirm
        title={t('approveConfirm')}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        onConfirm={() => doApprove(r)}
      >
        <Button type="link" size="small" icon={<CheckOutlined />}>
          {t('approve')}
        </Button>
      </Popconfirm>
      <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(r)}>
        {t('reject')}
      </Button>
    </Space>
  );

  const columns: TableColumnsType<ReviewItem> = [
    {
      title: t('cover'),
      dataIndex: 'cover',
      width: 100,
      render: (v: string) =>
        v ? <Image src={v} width={72} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : null,
    },
    { title: t('name'), dataIndex: 'name', ellipsis: true },
    { title: t('owner'), dataIndex: ['creator', 'name'], width: 140 },
    { title: t('catalog'), dataIndex: 'catalog', width: 130, render: (v: string) => t(`catalogs.${v}`) },
    { title: t('price'), dataIndex: 'price', width: 110, align: 'right', render: (v: number) => formatPrice(v) },
    { title: t('submittedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => formatTime(v) },
    { title: t('common:actions'), key: 'actions', width: 240, fixed: 'right', render: (_: unknown, r) => actions(r, true) },
  ];

  return (
    <Card title={t('pendingTitle')}>
      <Flex gap={8} wrap className="xr-mb">
        <Input
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => setQuery((q) => ({ ...q, keyword: keyword.trim(), page: 1 }))}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          style={{ width: 240 }}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => setQuery((q) => ({ ...q, keyword: keyword.trim(), page: 1 }))}
        >
          {t('common:search')}
        </Button>
      </Flex>
      <Table<ReviewItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1000 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {previewing && <ReviewPreview item={previewing} onClose={() => setPreviewing(null)} actions={actions(previewing, false)} />}
      {rejecting && (
        <RejectDialog
          projectId={rejecting.id}
          name={rejecting.name}
          onClose={(done) => {
            setRejecting(null);
            if (done) setPreviewing(null);
          }}
        />
      )}
    </Card>
  );
}
