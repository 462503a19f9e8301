import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import type { Role } from '@xr/contract/rbac';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelRole } from '../api/del-role';
import { useRolePage } from '../api/role-page';
import { useDateTime, useRoleLabel } from '../components/labels';
import { RoleFormDialog } from '../components/role-form-dialog';
import { RolePermissionsDrawer } from '../components/role-permissions-drawer';

/** /system/auth/role: roles with search and paging, add / edit / delete, and each role's permissions. */
export default function RolePage() {
  const { t } = useTranslation('rbac');
  const { message } = App.useApp();
  const roleLabel = useRoleLabel();
  const dateTime = useDateTime();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ name: '', page: 1, limit: 10 });
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);
  const roles = useRolePage(query);
  const del = useDelRole();

  const remove = async (role: Role) => {
    try {
      await del.mutateAsync(role.id);
      void message.success(t('role.deleted'));
      // the last row of a page went: step back so the table is not left empty
      if (roles.data && roles.data.list.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    } catch {
      // the HTTP client already showed the server's reason (built-in, still held)
    }
  };

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
    {
      title: t('common:actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, r) => {
        const blocked = r.builtin ? t('role.builtinLocked') : r.user_count > 0 ? t('role.inUse', { count: r.user_count }) : null;
        return (
          <Space size={4} wrap>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ role: r })}>
              {t('common:edit')}
            </Button>
            <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGranting(r)}>
              {t('role.permissions')}
            </Button>
            {blocked ? (
              <Tooltip title={blocked}>
                <Button type="link" size="small" danger disabled icon={<DeleteOutlined />}>
                  {t('common:delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('common:confirmAction')}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                onConfirm={() => remove(r)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('common:delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('role.title')}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Input
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => setQuery((q) => ({ ...q, name: draft.trim(), page: 1 }))}
            placeholder={t('role.searchPlaceholder')}
            aria-label={t('role.searchPlaceholder')}
            style={{ width: 220 }}
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => setQuery((q) => ({ ...q, name: draft.trim(), page: 1 }))}
          >
            {t('common:search')}
          </Button>
          <Button
            onClick={() => {
              setDraft('');
              setQuery((q) => ({ ...q, name: '', page: 1 }));
            }}
          >
            {t('common:reset')}
          </Button>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('role.add')}
        </Button>
      </Flex>
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.isFetching}
        scroll={{ x: 960 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: roles.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('role.total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && <RoleFormDialog key={editing.role?.id ?? 'new'} open role={editing.role} onClose={() => setEditing(null)} />}
      <RolePermissionsDrawer role={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
