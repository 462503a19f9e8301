import type { InviteCode } from '@xr/contract/codes';
import { useTranslation } from 'react-i18next';
import { useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { useDelInviteCode } from '../api/del-invite-code';
import { useInviteCodeList } from '../api/invite-code-list';
import { useSetInviteCode } from '../api/set-invite-code';
import { CodeAdminCard, type CodeFilters } from '../components/code-admin-card';
import { useCodeColumns } from '../components/code-columns';
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
  const list = useListQuery<CodeFilters>({ keyword: '' });
  const result = useInviteCodeList(list.query);
  const remove = useDeleteRow(useDelInviteCode(), t('deleted'), {
    rowsOnPage: result.data?.list.length,
    setQuery: list.setQuery,
  });
  const col = useCodeColumns<InviteCode>(useSetInviteCode(), 'code', t('invite.code'));

  return (
    <CodeAdminCard<InviteCode, CodeFilters>
      kind="invite"
      list={list}
      result={result}
      remove={remove}
      columns={[
        col.code,
        { title: t('note'), dataIndex: 'note', ellipsis: true },
        col.uses,
        col.expiresAt,
        col.state,
        col.enabled,
        { title: t('createdBy'), dataIndex: 'created_by', width: 140, render: (v: InviteCode['created_by']) => v?.name ?? '—' },
        col.createdAt,
      ]}
      dialog={(code, close) => <InviteCodeFormDialog key={code?.id ?? 'new'} open code={code} onClose={close} />}
    />
  );
}
