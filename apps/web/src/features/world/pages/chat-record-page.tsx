import { DownloadOutlined } from '@ant-design/icons';
import type { ChatRecord } from '@xr/contract/world';
import { Button, Card, DatePicker, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useListQuery } from '../../../components/admin/list-page';
import { Confirm, DeleteAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDateTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { downloadChatCsv, useChatRecords, useDelChatRecords } from '../api/chat-records';
import { RoomSelect } from '../components/room-select';

interface Filter {
  keyword: string;
  entry_id?: number;
  date_from?: string;
  date_to?: string;
}

/** /explore/chat-record-list: room, user, time, message; search; delete (one or selected) with confirmation; CSV. */
export default function ChatRecordPage() {
  const { t } = useTranslation('world');
  const { message } = useFeedback();
  const dateTime = useDateTime();
  const { draft, edit, query, setQuery, search, reset } = useListQuery<Filter>({ keyword: '' });
  const list = useChatRecords(query);
  const del = useDelChatRecords();
  const [selected, setSelected] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);

  const remove = async (ids: number[]) => {
    try {
      const r = await del.mutateAsync(ids);
      void message.success(t('chat.deleted', { count: r.deleted }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      if (ids.length >= (list.data?.list.length ?? 0)) setQuery((q) => (q.page > 1 ? { ...q, page: q.page - 1 } : q));
    } catch {
      // the HTTP client already showed the reason
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...filter } = query;
      await downloadChatCsv(filter);
    } catch {
      void message.error(t('chat.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<ChatRecord> = [
    { title: t('chat.room'), dataIndex: 'entry_name', width: 160, ellipsis: true },
    { title: t('chat.user'), dataIndex: 'name', width: 140, ellipsis: true },
    { title: t('chat.time'), dataIndex: 'created_at', width: 170, render: (v: string) => dateTime(v) },
    { title: t('chat.message'), dataIndex: 'text', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span> },
    actionsColumn((r) => <DeleteAction hint={t('chat.deleteHint')} onConfirm={() => void remove([r.id])} />, {
      width: 100,
      fixed: true,
    }),
  ];

  return (
    <Card title={t('chat.title')} extra={<span className="xr-muted">{t('chat.hint')}</span>}>
      <FilterBar
        onSearch={search}
        onReset={reset}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('chat.export')}
          </Button>
        }
      >
        <RoomSelect value={draft.entry_id} onChange={(entry_id) => edit({ entry_id })} />
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('chat.search')}
        />
        <DatePicker.RangePicker
          aria-label={t('chat.time')}
          onChange={(_, s) => edit({ date_from: s[0] || undefined, date_to: s[1] || undefined })}
        />
      </FilterBar>
      {selected.length > 0 && (
        <div className="xr-mb">
          <Confirm hint={t('chat.deleteHint')} onConfirm={() => void remove(selected)}>
            <Button danger>{t('chat.deleteSelected', { count: selected.length })}</Button>
          </Confirm>
        </div>
      )}
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('chat.total', { total })}
        scrollX={900}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        locale={{ emptyText: t('empty') }}
      />
    </Card>
  );
}
