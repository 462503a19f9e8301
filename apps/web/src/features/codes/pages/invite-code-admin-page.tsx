import type { InviteCode } from '@xr/contract/codes';
import { Card, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDelInviteCode } from '../api/del-invite-code';
import { useInviteCodeList } from '../api/invite-code-list';
import { useSetInviteCode } from '../api/set-invite-code';
import { EnabledSelect, useCodeColumns } from '../components/code-columns';
import { InviteCodeFormDialog } from '../components/invite-code-form-dialog';
import { ManagerOnly } from '../components/manager-only';

/** /invite-code/add-invite-code: campaign invite codes with search, paging, add / edit, on/off switch and delete. */
export default function InviteCodeAdminPage() {
  return (
    <ManagerOnly permission="/invite-code/add-invite-code">
      <InviteCodeAdmin />
    </ManagerOnly>
  );
}

function InviteCodeAdmin() {
  const { t } = useTranslation('codes');
  const { draft, edit, query, setQuery, search, reset } = useListQuery<{ keyword: string; enabled?: 'true' | 'false' }>({
    keyword: '',
  });
  const [editing, setEditing] = useState<{ code?: InviteCode } | null>(null);
  const list = useInviteCodeList(query);
  const remove = useDeleteRow(useDelInviteCode(), t('deleted'), { rowsOnPage: list.data?.list.length, setQuery });
  const col = useCodeColumns<InviteCode>(useSetInviteCode(), 'code', t('invite.code'));

  const columns: TableColumnsType<InviteCode> = [
    col.code,
    { title: t('note'), dataIndex: 'note', ellipsis: true },
    col.uses,
    col.expiresAt,
    col.state,
    col.enabled,
    { title: t('createdBy'), dataIndex: 'created_by', width: 140, render: (v: InviteCode['created_by']) => v?.name ?? '—' },
    col.createdAt,
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ code: r })} />
          <DeleteAction hint={t('invite.deleteHint')} onConfirm={() => remove(r.id)} />
        </>
      ),
      { fixed: true },
    ),
  ];

  return (
    <Card title={t('invite.adminTitle')} extra={<span className="xr-muted">{t('invite.adminHint')}</span>}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('invite.add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('invite.searchPlaceholder')}
        />
        <EnabledSelect value={draft.enabled} onChange={(enabled) => edit({ enabled })} />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={1200}
      />
      {editing && (
        <InviteCodeFormDialog key={editing.code?.id ?? 'new'} open code={editing.code} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
