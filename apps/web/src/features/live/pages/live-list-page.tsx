import { KeyOutlined, PlayCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import { LIVE_STATES, type LiveIngest, type LiveState, type LiveStream } from '@xr/contract/live';
import { Button, Card, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, Confirm, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDateTime } from '../../../lib/dates';
import { useDelLive } from '../api/del-live';
import { useEndLive } from '../api/end-live';
import { useLivePage } from '../api/live-page';
import { useRotateKey } from '../api/rotate-key';
import { IngestDialog } from '../components/ingest-dialog';
import { LiveFormDialog } from '../components/live-form-dialog';
import { LiveStateTag } from '../components/live-state-tag';
import '../components/live.css';
import { useFeedback } from '../../../lib/feedback';

/** The public watch link of a stream (hash route), to share with the password. */
export function watchLink(id: number): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#/live?id=${id}`;
}

/**
 * /explore/live-streaming-list (time-limited: an active membership): the caller's live streams (administrators:
 * everyone's) with their state, viewers and password; create (then the RTMP URL and stream key with a how-to), edit,
 * new key, end and delete (both asked first), share link and watch.
 */
export default function LiveListPage() {
  const { t } = useTranslation('live');
  const { message } = useFeedback();
  const when = useDateTime();
  const { draft, edit, query, setQuery, search, reset } = useListQuery<{ keyword: string; state?: LiveState }>({ keyword: '' });
  const list = useLivePage(query);
  const [editing, setEditing] = useState<{ stream?: LiveStream } | null>(null);
  const [ingest, setIngest] = useState<LiveIngest | null>(null);
  const rotate = useRotateKey();
  const end = useEndLive();
  const remove = useDeleteRow(useDelLive(), t('deleted'), { rowsOnPage: list.data?.list.length, setQuery });

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
    } catch {
      // the HTTP client showed why
    }
  };

  const columns: TableColumnsType<LiveStream> = [
    { title: t('col.id'), dataIndex: 'id', width: 70 },
    { title: t('col.name'), dataIndex: 'name', ellipsis: true, width: 200 },
    {
      title: t('col.password'),
      dataIndex: 'password',
      width: 120,
      render: (v: string) => (
        <Typography.Text code copyable={{ tooltips: [t('copy'), t('copied')] }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('col.state'), dataIndex: 'state', width: 100, render: (v: LiveState) => <LiveStateTag state={v} /> },
    { title: t('col.projection'), dataIndex: 'projection', width: 90, render: (v: string) => t(`projection.${v}`) },
    {
      title: t('col.viewers'),
      key: 'viewers',
      width: 110,
      render: (_: unknown, r: LiveStream) => t('viewersOf', { now: r.viewers, peak: r.viewer_peak }),
    },
    { title: t('col.owner'), dataIndex: 'owner_name', width: 130, ellipsis: true },
    { title: t('col.startedAt'), dataIndex: 'started_at', width: 150, render: (v: string | null) => when(v) || '—' },
    { title: t('col.createdAt'), dataIndex: 'created_at', width: 150, render: (v: string) => when(v) },
    actionsColumn(
      (r) => (
        <>
          <Button type="link" size="small" icon={<PlayCircleOutlined />} href={`#/live?id=${r.id}`} target="_blank">
            {t('watch.open')}
          </Button>
          <Typography.Text copyable={{ text: watchLink(r.id), tooltips: [t('shareLink'), t('copied')] }} />
          {r.state !== 'ended' && (
            <>
              <EditAction onClick={() => setEditing({ stream: r })} />
              <Confirm
                hint={t('rotateHint')}
                onConfirm={() =>
                  void rotate.mutateAsync(r.id).then(
                    (made) => setIngest(made),
                    () => undefined,
                  )
                }
              >
                <Button type="link" size="small" icon={<KeyOutlined />}>
                  {t('rotate')}
                </Button>
              </Confirm>
              <Confirm hint={t('endHint')} onConfirm={() => void run(() => end.mutateAsync(r.id), t('endedDone'))}>
                <Button type="link" size="small" danger icon={<PoweroffOutlined />}>
                  {t('end')}
                </Button>
              </Confirm>
            </>
          )}
          <DeleteAction hint={t('deleteHint')} onConfirm={() => remove(r.id)} />
        </>
      ),
      { width: 260, fixed: true, wrap: true },
    ),
  ];

  return (
    <Card title={t('listTitle')} extra={<span className="xr-muted">{t('listHint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('search')}
        />
        <Select<LiveState>
          allowClear
          value={draft.state}
          onChange={(state) => edit({ state })}
          placeholder={t('col.state')}
          aria-label={t('col.state')}
          style={{ width: 140 }}
          options={LIVE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total, count: total })}
        scrollX={1400}
        locale={{ emptyText: t('empty') }}
      />
      {editing && (
        <LiveFormDialog
          key={editing.stream?.id ?? 'new'}
          stream={editing.stream}
          onClose={() => setEditing(null)}
          onCreated={(made) => setIngest(made)}
        />
      )}
      {ingest && <IngestDialog ingest={ingest} onClose={() => setIngest(null)} />}
    </Card>
  );
}
