import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { formatHkd } from '@xr/contract/money';
import { App, Button, Card, Flex, Image, Input, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDelProject } from '../api/del-project';
import { type MyProjectFilter, useMyProjectPage } from '../api/my-project-page';
import { type MyProject, REVIEW_STATUSES, type ReviewStatus } from '../api/types';
import { ProjectFormDrawer } from '../components/project-form-drawer';
import { ReviewStateTag } from '../components/review-state-tag';
import '../components/projects.css';

/** /vrdata/list: the creator's projects with review state, search, state filter and paging; add / edit / delete. */
export default function ProjectListPage() {
  const { t } = useTranslation('projects');
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [params] = useSearchParams();
  const initial = REVIEW_STATUSES.find((s) => s === params.get('review_status'));
  const [state, setState] = useState<ReviewStatus | undefined>(initial);
  const [query, setQuery] = useState<MyProjectFilter>({ page: 1, limit: 10, review_status: initial });
  const [editing, setEditing] = useState<{ project?: MyProject } | null>(null);
  const list = useMyProjectPage(query);
  const del = useDelProject();

  const search = () => setQuery((q) => ({ ...q, keyword: keyword.trim(), review_status: state, page: 1 }));
  const reset = () => {
    setKeyword('');
    setState(undefined);
    setQuery((q) => ({ page: 1, limit: q.limit }));
  };
  const remove = async (p: MyProject) => {
    try {
      await del.mutateAsync(p.id);
      void message.success(t('deleted'));
      if (list.data?.list.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    } catch {
      // the HTTP client showed the reason
    }
  };

  const onOff = (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('on') : t('off')}</Tag>;
  const columns: TableColumnsType<MyProject> = [
    {
      title: t('field.cover'),
      dataIndex: 'cover',
      width: 100,
      render: (v: string) =>
        v ? <Image src={v} width={72} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : null,
    },
    { title: t('field.name'), dataIndex: 'name', ellipsis: true },
    { title: t('field.catalog'), dataIndex: 'catalog', width: 130, render: (v: string) => t(`catalog.${v}`) },
    { title: t('field.price'), dataIndex: 'price', width: 110, align: 'right', render: (v: number) => `HK$${formatHkd(v)}` },
    { title: t('field.forSale'), dataIndex: 'for_sale', width: 90, render: onOff },
    { title: t('field.isPublic'), dataIndex: 'is_public', width: 90, render: onOff },
    { title: t('field.anonymousPreview'), dataIndex: 'anonymous_preview', width: 110, render: onOff },
    {
      title: t('review.title'),
      dataIndex: 'review_status',
      width: 200,
      render: (v: ReviewStatus, r) => <ReviewStateTag status={v} reason={r.review_reason} />,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ project: r })}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('common:confirmAction')}
            description={t('deleteHint')}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('listTitle')}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Input
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={search}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            value={state}
            onChange={setState}
            placeholder={t('review.title')}
            aria-label={t('review.title')}
            style={{ width: 160 }}
            options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`review.${s}`) }))}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('common:search')}
          </Button>
          <Button onClick={reset}>{t('common:reset')}</Button>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Flex>
      <Table<MyProject>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && (
        <ProjectFormDrawer key={editing.project?.id ?? 'new'} open project={editing.project} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
