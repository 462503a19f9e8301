import { UploadOutlined } from '@ant-design/icons';
import { type AdminUser, USER_STATUSES } from '@xr/contract/rbac';
import { Button, Card, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useSession } from '../../../lib/auth/session';
import { useDelUser } from '../api/del-user';
import { useRoles } from '../api/get-role';
import { useUserPage } from '../api/user-page';
import { ImportDialog } from '../components/import-dialog';
import { StatusTag, useDateFormat, useRoleLabel } from '../components/labels';
import { MemberFormDialog } from '../components/member-form-dialog';
import { StatisticCards } from '../components/statistic-cards';
import '../members.css';

interface Filters {
  keyword: string;
  status?: AdminUser['status'];
  role_id?: number;
}

/**
 * /member: user management. Statistic cards, search by keyword with status and role filters, paging, an edit
 * dialog (roles, status, membership end), delete with confirmation and CSV import. Organisation admins see
 * and manage only their own members (the server decides).
 */
/**
 * Column widths: every column has one, and the table scrolls sideways below their sum, so no column is squeezed
 * (names broken over lines) and none slides under the fixed Actions column.
 */
const COL = {
  id: 70,
  user: 260,
  forumName: 130,
  accountType: 130,
  roles: 180,
  status: 110,
  vipDate: 130,
  createdAt: 120,
  lastLogin: 150,
  actions: 170,
};
const TABLE_WIDTH = Object.values(COL).reduce((a, b) => a + b, 0);

export default function MemberPage() {
  const { t } = useTranslation('members');
  const roleLabel = useRoleLabel();
  const date = useDateFormat();
  const session = useSession();
  const { draft, edit, query, setQuery, search, reset } = useListQuery<Filters>({ keyword: '' });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [importing, setImporting] = useState(false);
  const users = useUserPage(query);
  const roles = useRoles();
  const remove = useDeleteRow(useDelUser(), t('deleted'), { rowsOnPage: users.data?.list.length, setQuery });

  const columns: TableColumnsType<AdminUser> = [
    { title: t('col.id'), dataIndex: 'id', width: COL.id },
    {
      title: t('col.user'),
      dataIndex: 'username',
      width: COL.user,
      // one line each for the name and the e-mail, cut with … (the whole text on hover)
      render: (_: string, r) => (
        <div className="xr-members__user">
          <Typography.Text strong ellipsis={{ tooltip: r.username }}>
            {r.username}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: r.email }}>
            {r.email}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('col.forumName'), dataIndex: 'forum_name', width: COL.forumName, ellipsis: true },
    {
      title: t('col.accountType'),
      dataIndex: 'account_type',
      width: COL.accountType,
      render: (v: string) => t(`accountType.${v}`, { defaultValue: v }),
    },
    {
      title: t('col.roles'),
      dataIndex: 'roles',
      width: COL.roles,
      render: (v: AdminUser['roles']) =>
        v.length ? (
          <Space size={[4, 4]} wrap>
            {v.map((r) => (
              <Tag key={r.id} color="blue">
                {roleLabel(r.name)}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="xr-muted">{t('noRoles')}</span>
        ),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: COL.status,
      render: (v: AdminUser['status']) => <StatusTag status={v} />,
    },
    {
      title: t('col.vipDate'),
      dataIndex: 'vip_date',
      width: COL.vipDate,
      render: (v: string | null) =>
        v ? (
          <span className={new Date(v).getTime() > Date.now() ? undefined : 'xr-muted'}>{date(v)}</span>
        ) : (
          <span className="xr-muted">{t('noMembership')}</span>
        ),
    },
    { title: t('col.createdAt'), dataIndex: 'created_at', width: COL.createdAt, render: (v: string) => date(v) },
    {
      title: t('col.lastLogin'),
      dataIndex: 'last_login_at',
      width: COL.lastLogin,
      render: (v: string | null) => (v ? date(v, true) : <span className="xr-muted">{t('never')}</span>),
    },
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing(r)} />
          <DeleteAction
            hint={t('deleteHint', { name: r.username })}
            disabledReason={session.user?.id === r.id ? t('selfDelete') : null}
            onConfirm={() => remove(r.id)}
          />
        </>
      ),
      { fixed: true, width: COL.actions },
    ),
  ];

  return (
    <Card title={t('title')}>
      <StatisticCards />
      <FilterBar
        onSearch={search}
        onReset={reset}
        extra={
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
        }
      >
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('searchPlaceholder')}
          width={240}
        />
        <Select
          allowClear
          value={draft.status}
          onChange={(status) => edit({ status })}
          placeholder={t('col.status')}
          aria-label={t('filterStatus')}
          style={{ width: 170 }}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select
          allowClear
          value={draft.role_id}
          onChange={(role_id) => edit({ role_id })}
          placeholder={t('col.roles')}
          aria-label={t('filterRole')}
          style={{ width: 190 }}
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={users}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={TABLE_WIDTH}
      />
      {editing && <MemberFormDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Card>
  );
}
