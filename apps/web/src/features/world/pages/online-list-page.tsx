import type { OnlineUserRow } from '@xr/contract/world';
import { Card, DatePicker, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useListQuery } from '../../../components/admin/list-page';
import { DeleteAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDateTime } from '../../../lib/dates';
import { useKick, useOnlinePage } from '../api/presence';
import { formatDuration } from '../components/duration';
import { RoomSelect } from '../components/room-select';

interface Filter {
  keyword: string;
  entry_id?: number;
  date_from?: string;
  date_to?: string;
}

/** /explore/onlinelist: per person and room, first / last login, total online time, messages; filter; kick. */
export default function OnlineListPage() {
  const { t } = useTranslation('world');
  const dateTime = useDateTime();
  const { draft, edit, query, setQuery, search, reset } = useListQuery<Filter>({ keyword: '' });
  const list = useOnlinePage(query);
  const kick = useKick();

  const columns: TableColumnsType<OnlineUserRow & { id: string }> = [
    { title: t('online.name'), dataIndex: 'name', width: 150, ellipsis: true },
    { title: t('online.room'), dataIndex: 'entry_name', width: 160, ellipsis: true },
    { title: t('online.firstLogin'), dataIndex: 'first_login', width: 170, render: (v: string) => dateTime(v) },
    { title: t('online.lastLogin'), dataIndex: 'last_login', width: 170, render: (v: string) => dateTime(v) },
    { title: t('online.totalTime'), dataIndex: 'total_online_time', width: 150, render: (v: number) => formatDuration(v, t) },
    { title: t('online.messages'), dataIndex: 'messages', width: 100 },
    {
      title: t('online.status'),
      dataIndex: 'online',
      width: 110,
      render: (v: boolean) => (v ? <Tag color="green">{t('online.inRoom')}</Tag> : <Tag>{t('online.away')}</Tag>),
    },
    actionsColumn(
      (r) =>
        r.online ? (
          <DeleteAction
            label={t('online.kick')}
            hint={t('online.kickHint', { name: r.name })}
            onConfirm={() => void kick.mutateAsync({ entry_id: r.entry_id, user_id: r.user_id }).catch(() => undefined)}
          />
        ) : null,
      { width: 110, fixed: true },
    ),
  ];

  const rows = (list.data?.list ?? []).map((r) => ({ ...r, id: `${r.user_id}:${r.entry_id}` }));

  return (
    <Card title={t('online.title')} extra={<span className="xr-muted">{t('online.hint')}</span>}>
      <FilterBar onSearch={search} onReset={reset}>
        <RoomSelect value={draft.entry_id} onChange={(entry_id) => edit({ entry_id })} />
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('online.search')}
        />
        <DatePicker.RangePicker
          aria-label={t('online.dates')}
          onChange={(_, s) => edit({ date_from: s[0] || undefined, date_to: s[1] || undefined })}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={{ data: list.data ? { ...list.data, list: rows } : undefined, isFetching: list.isFetching }}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('online.total', { total })}
        scrollX={1100}
        locale={{ emptyText: t('empty') }}
      />
    </Card>
  );
}
