import { useQuery } from '@tanstack/react-query';
import type { ForumBoard } from '@xr/contract/forum';
import { Button, Card, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionsColumn, useEnabledColumn } from '../../../components/admin/list-page';
import { AddButton, EditAction } from '../../../components/admin/table-parts';
import { formatTime } from '../../../lib/dates';
import { currentLang } from '../../../lib/i18n';
import { useUpdateBoard } from '../api/moderation';
import { boardListQuery } from '../api/queries';
import { BoardDialog } from '../components/board-dialog';

/**
 * /forum/manage (moderators, permission `/forum/manage`): the boards with their names in three languages, order,
 * on/off switch and counts. Boards are switched off rather than deleted: their threads stay for moderators and links
 * keep answering. Threads and posts are moderated on the forum pages themselves (the moderator's menu).
 */
export default function ForumManagePage() {
  const { t } = useTranslation('forum');
  const lang = currentLang();
  const boards = useQuery(boardListQuery(true));
  const update = useUpdateBoard();
  const [editing, setEditing] = useState<{ board?: ForumBoard } | null>(null);
  const enabled = useEnabledColumn<ForumBoard>(
    {
      mutateAsync: ({ id, enabled: on }) => {
        const b = boards.data?.find((x) => x.id === id);
        if (!b) return Promise.resolve();
        return update.mutateAsync({ id, names: b.names, descriptions: b.descriptions, sort: b.sort, enabled: on });
      },
      isPending: update.isPending,
      variables: update.variables,
    },
    {
      title: t('manage.enabled'),
      on: t('manage.switchedOn'),
      off: t('manage.switchedOff'),
      label: (b) => t('manage.switchFor', { name: b.names[lang] }),
      failed: t('common:failed'),
    },
  );
  const columns: TableColumnsType<ForumBoard> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('manage.names'),
      render: (_: unknown, b) => (
        <div>
          <Link to={`/forum/board?id=${b.id}`}>{b.names[lang]}</Link>
          <div className="xr-muted">{(['zh', 'tc', 'en'] as const).map((l) => b.names[l]).join(' · ')}</div>
        </div>
      ),
    },
    { title: t('manage.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    { title: t('manage.threads'), dataIndex: 'thread_count', width: 90, align: 'right' },
    { title: t('manage.posts'), dataIndex: 'post_count', width: 90, align: 'right' },
    { title: t('manage.lastPost'), dataIndex: 'last_post_at', width: 170, render: (v: string | null) => formatTime(v) },
    enabled,
    actionsColumn((b) => <EditAction onClick={() => setEditing({ board: b })} />, { width: 100 }),
  ];
  return (
    <Card title={t('manage.title')} extra={<span className="xr-muted">{t('manage.hint')}</span>}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Link to="/forum">
          <Button>{t('manage.open')}</Button>
        </Link>
        <AddButton label={t('manage.add')} onClick={() => setEditing({})} />
      </Flex>
      <Table<ForumBoard>
        rowKey="id"
        columns={columns}
        dataSource={boards.data ?? []}
        loading={boards.isLoading}
        pagination={false}
        scroll={{ x: 900 }}
      />
      {editing ? <BoardDialog board={editing.board} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
