import { Avatar, Button, Card, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { type MyCommentFilter, useMyCommentPage } from '../api/my-comment-page';
import type { MyComment } from '../api/types';
import { ReplyDialog } from '../components/reply-dialog';

/** /vrdata/commentlist: comments on the creator's projects (no reply yet / replied) with reply. */
export default function CommentListPage() {
  const { t } = useTranslation('projects');
  const [query, setQuery] = useState<MyCommentFilter>({ page: 1, limit: 10 });
  const [replying, setReplying] = useState<MyComment | null>(null);
  const list = useMyCommentPage(query);
  const date = (v: string | null) => formatTime(v);

  const columns: TableColumnsType<MyComment> = [
    {
      title: t('comments.user'),
      dataIndex: 'user',
      width: 160,
      render: (u: MyComment['user']) => (
        <Flex gap={8} align="center">
          <Avatar size="small" src={u.avatar || undefined}>
            {u.name.slice(0, 1)}
          </Avatar>
          {u.name}
        </Flex>
      ),
    },
    { title: t('comments.project'), dataIndex: 'project_name', width: 160, ellipsis: true },
    {
      title: t('comments.content'),
      dataIndex: 'content',
      render: (v: string) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }}>{v}</Typography.Paragraph>,
    },
    {
      title: t('comments.state'),
      key: 'state',
      width: 120,
      render: (_: unknown, r) =>
        r.reply ? <Tag color="success">{t('comments.stateReplied')}</Tag> : <Tag color="warning">{t('comments.stateNone')}</Tag>,
    },
    { title: t('comments.reply'), dataIndex: 'reply', ellipsis: true },
    { title: t('comments.time'), dataIndex: 'created_at', width: 170, render: date },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setReplying(r)}>
          {r.reply ? t('comments.editReply') : t('comments.replyAction')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('comments.title')}
      extra={
        <Select
          allowClear
          value={query.state}
          placeholder={t('comments.state')}
          aria-label={t('comments.state')}
          style={{ width: 150 }}
          onChange={(v) => setQuery((q) => ({ ...q, state: v, page: 1 }))}
          options={[
            { value: 'no_reply', label: t('comments.stateNone') },
            { value: 'replied', label: t('comments.stateReplied') },
          ]}
        />
      }
    >
      <Table<MyComment>
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
      {replying && <ReplyDialog comment={replying} onClose={() => setReplying(null)} />}
    </Card>
  );
}
