import type { WorldEntry } from '@xr/contract/world';
import { Button, Card, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDelWorld, useWorldPage } from '../api/entries';
import { BansDialog } from '../components/bans-dialog';
import { formatDuration } from '../components/duration';
import { WorldFormDialog } from '../components/world-form-dialog';

/** /explore/list: meta world entries (weight first) with live online totals; add, edit, invite link, delete. */
export default function WorldListPage() {
  const { t } = useTranslation('world');
  const { t: tt } = useTranslation('roomtools');
  const [bansOf, setBansOf] = useState<WorldEntry | null>(null);
  const { draft, edit, query, setQuery, search, reset } = useListQuery<{ keyword: string }>({ keyword: '' });
  const [editing, setEditing] = useState<{ entry?: WorldEntry } | null>(null);
  const list = useWorldPage(query);
  const remove = useDeleteRow(useDelWorld(), t('list.deleted'), { rowsOnPage: list.data?.list.length, setQuery });

  const columns: TableColumnsType<WorldEntry> = [
    {
      title: t('col.name'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, r) => (
        <>
          <Typography.Text strong>{name}</Typography.Text>
          {r.locked && (
            <Tag color="orange" style={{ marginInlineStart: 6 }}>
              {t('col.locked')}
            </Tag>
          )}
          <div className="xr-muted">{r.project_name || `#${r.project_id}`}</div>
        </>
      ),
    },
    { title: t('col.author'), dataIndex: 'author_name', width: 140, ellipsis: true },
    { title: t('col.account'), dataIndex: 'account', width: 200, ellipsis: true },
    { title: t('col.weight'), dataIndex: 'weight', width: 90 },
    { title: t('col.online'), dataIndex: 'online_users', width: 110 },
    { title: t('col.views'), dataIndex: 'views', width: 90 },
    {
      title: t('col.averageTime'),
      dataIndex: 'average_online_time',
      width: 150,
      render: (v: number) => formatDuration(v, t),
    },
    {
      title: t('col.roomId'),
      dataIndex: 'room_id',
      width: 140,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('col.type'), dataIndex: 'room_type', width: 110, render: (v: WorldEntry['room_type']) => t(`type.${v}`) },
    { title: t('col.access'), dataIndex: 'access', width: 130, render: (v: WorldEntry['access']) => t(`access.${v}`) },
    { title: t('col.capacity'), dataIndex: 'capacity', width: 90 },
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ entry: r })} />
          <Button size="small" type="link" onClick={() => setBansOf(r)} data-testid="world-bans">
            {tt('bans.action')}
          </Button>
          <DeleteAction hint={t('list.deleteHint')} onConfirm={() => remove(r.id)} />
        </>
      ),
      { fixed: true, width: 230 },
    ),
  ];

  return (
    <Card title={t('list.title')} extra={<span className="xr-muted">{t('list.hint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('list.add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('list.search')}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('list.total', { total })}
        scrollX={1600}
        locale={{ emptyText: t('empty') }}
      />
      {bansOf && <BansDialog entry={bansOf} onClose={() => setBansOf(null)} />}
      {editing && <WorldFormDialog key={editing.entry?.id ?? 'new'} entry={editing.entry} onClose={() => setEditing(null)} />}
    </Card>
  );
}
