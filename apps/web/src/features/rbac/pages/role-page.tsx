import { SafetyOutlined } from '@ant-design/icons';
import type { Role } from '@xr/contract/rbac';
import { Button, Card, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDelRole } from '../api/del-role';
import { useRolePage } from '../api/role-page';
import { useDateTime, useRoleLabel } from '../components/labels';
import { RoleFormDialog } from '../components/role-form-dialog';
import { RolePermissionsDrawer } from '../components/role-permissions-drawer';

/** /system/auth/role: roles with search and paging, add / edit / delete, and each role's permissions. */
export default function RolePage() {
  const { t } = useTranslation('rbac');
  const roleLabel = useRoleLabel();
  const dateTime = useDateTime();
  const { draft, edit, query, setQuery, search, reset } = useListQuery({ name: '' }, { name: '', page: 1, limit: 10 });
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);
  const roles = useRolePage(query);
  // a refusal (built-in, still held) was already shown by the HTTP client
  const remove = useDeleteRow(useDelRole(), t('role.deleted'), { rowsOnPage: roles.data?.list.length, setQuery });

  const columns: TableColumnsType<Role> = [
    { title: t('role.id'), dataIndex: 'id', width: 80 },
    {
      title: t('role.name'),
      dataIndex: 'name',
      render: (_: string, r) => (
        <Space size={6} wrap>
          <Typography.Text strong>{roleLabel(r)}</Typography.Text>
          {r.builtin && roleLabel(r) !== r.name && <Typography.Text type="secondary">{r.name}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('role.description'), dataIndex: 'description', ellipsis: true },
    { title: t('role.users'), dataIndex: 'user_count', width: 100, align: 'right' },
    {
      title: t('role.type'),
      dataIndex: 'builtin',
      width: 110,
      render: (builtin: boolean) => (builtin ? <Tag color="blue">{t('role.builtin')}</Tag> : <Tag>{t('role.custom')}</Tag>),
    },
    { title: t('role.createdAt'), dataIndex: 'created_at', width: 190, render: (v: string) => dateTime(v) },
    actionsColumn(
      (r) => {
        const blocked = r.builtin ? t('role.builtinLocked') : r.user_count > 0 ? t('role.inUse', { count: r.user_count }) : null;
        return (
          <>
            <EditAction onClick={() => setEditing({ role: r })} />
            <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGranting(r)}>
              {t('role.permissions')}
            </Button>
            <DeleteAction disabledReason={blocked} onConfirm={() => remove(r.id)} />
          </>
        );
      },
      { width: 300, wrap: true },
    ),
  ];

  return (
    <Card title={t('role.title')}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('role.add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.name}
          onChange={(name) => edit({ name })}
          onSearch={search}
          placeholder={t('role.searchPlaceholder')}
        />
      </FilterBar>
      <PagedTable
        columns={columns}
        result={roles}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('role.total', { total })}
        scrollX={960}
      />
      {editing && <RoleFormDialog key={editing.role?.id ?? 'new'} open role={editing.role} onClose={() => setEditing(null)} />}
      <RolePermissionsDrawer role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
