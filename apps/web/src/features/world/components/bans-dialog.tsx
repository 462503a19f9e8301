import type { WorldBan, WorldEntry } from '@xr/contract/world';
import { Button, Modal, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { useBanPage, useUnban } from '../api/bans';

const LIMIT = 10;

/**
 * The people a room's hosts banned (from the people list in the room), with "Lift ban" after a confirmation: the
 * person may enter again. Opened from /explore/list.
 */
export function BansDialog({ entry, onClose }: { entry: Pick<WorldEntry, 'id' | 'name'>; onClose(): void }) {
  const { t } = useTranslation('roomtools');
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const bans = useBanPage({ entry_id: entry.id, page, limit: LIMIT });
  const unban = useUnban();
  const columns: TableColumnsType<WorldBan> = [
    { title: t('bans.person'), dataIndex: 'name', render: (name: string, r) => name || `#${r.user_id}` },
    { title: t('bans.account'), dataIndex: 'account', ellipsis: true, responsive: ['sm'] },
    { title: t('bans.by'), dataIndex: 'banned_by_name', responsive: ['md'] },
    { title: t('bans.at'), dataIndex: 'created_at', render: (v: string) => formatDay(v), width: 120 },
    {
      key: 'lift',
      width: 110,
      render: (_: unknown, r) => (
        <Popconfirm
          title={t('bans.liftConfirm', { name: r.name || `#${r.user_id}` })}
          okText={t('bans.lift')}
          onConfirm={() =>
            unban
              .mutateAsync({ entry_id: entry.id, user_id: r.user_id })
              .then(() => void message.success(t('bans.lifted', { name: r.name })))
              .catch(() => undefined)
          }
        >
          <Button size="small" data-testid="ban-lift">
            {t('bans.lift')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Modal open title={t('bans.title', { name: entry.name })} onCancel={onClose} footer={null} width={720}>
      <Table<WorldBan>
        size="small"
        rowKey="user_id"
        columns={columns}
        dataSource={bans.data?.list ?? []}
        loading={bans.isFetching}
        locale={{ emptyText: bans.isError ? t('bans.failed') : t('bans.none') }}
        pagination={{
          current: page,
          pageSize: LIMIT,
          total: bans.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
      />
    </Modal>
  );
}
