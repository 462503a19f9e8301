import { DeleteOutlined, EditOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { type AdminUser, USER_STATUSES } from '@xr/contract/rbac';
import {
  App,
  Button,
  Card,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth/session';
import { useDelUser } from '../api/del-user';
import { useRoles } from '../api/get-role';
import { type UserPageParams, useUserPage } from '../api/user-page';
import { ImportDialog } from '../components/import-dialog';
import { StatusTag, useDateFormat, useRoleLabel } from '../components/labels';
import { MemberFormDialog } from '../components/member-form-dialog';
import { StatisticCards } from '../components/statistic-cards';

interface Draft {
  keyword: string;
  status?: AdminUser['status'];
  role_id?: number;
}

/**
 * /member: user management. Statistic cards, search by keyword with status and role filters, paging, an edit
 * dialog (roles, status, membership end), delete with confirmation and CSV import. Organisation admins see
 * and manage only their own members (the server decides).
 */
export default function MemberPage() {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const roleLabel = useRoleLabel();
  const date = useDateFormat();
  const session = useSession();
  const [draft, setDraft] = useState<Draft>({ keyword: '' });
  const [query, setQuery] = useState<UserPageParams>({ page: 1, limit: 10 });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [importing, setImporting] = useState(false);
  const users = useUserPage(query);
  const roles = useRoles();
  const del = useDelUser();

  const search = () =>
    setQuery((q) => ({ ...q, keyword: draft.keyword.trim(), status: draft.status, role_id: draft.role_id, page: 1 }));
  const reset = () => {
    setDraft({ keyword: '' });
    setQuery((q) => ({ page: 1, limit: q.limit }));
  };

  const remove = async (user: AdminUser) => {
    try {
      await del.mutateAsync(user.id);
      void message.success(t('deleted'));
      if (users.data && users.data.list.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    } catch {
      // the HTTP client already showed the reason
    }
  };

  const columns: TableColumnsType<AdminUser> = [
    { title: t('col.id'), dataIndex: 'id', width: 70 },
    {
      title: t('col.user'),
      dataIndex: 'username',
      render: (_: string, r) => (
        <div>
          <Typography.Text strong>{r.username}</Typography.Text>
          <div className="xr-muted">{r.email}</div>
        </div>
      ),
    },
    { title: t('col.forumName'), dataIndex: 'forum_name', width: 120 },
    {
      title: t('col.accountType'),
      dataIndex: 'account_type',
      width: 140,
      render: (v: string) => t(`accountType.${v}`, { defaultValue: v }),
    },
    {
      title: t('col.roles'),
      dataIndex: 'roles',
      width: 200,
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
    { title: t('col.status'), dataIndex: 'status', width: 150, render: (v: AdminUser['status']) => <StatusTag status={v} /> },
    {
      title: t('col.vipDate'),
      dataIndex: 'vip_date',
      width: 150,
      render: (v: string | null) =>
        v ? (
          <span className={new Date(v).getTime() > Date.now() ? undefined : 'xr-muted'}>{date(v)}</span>
        ) : (
          <span className="xr-muted">{t('noMembership')}</span>
        ),
    },
    { title: t('col.createdAt'), dataIndex: 'created_at', width: 140, render: (v: string) => date(v) },
    {
      title: t('col.lastLogin'),
      dataIndex: 'last_login_at',
      width: 170,
      render: (v: string | null) => (v ? date(v, true) : <span className="xr-muted">{t('never')}</span>),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => {
        const self = session.user?.id === r.id;
        return (
          <Space size={4}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>
              {t('common:edit')}
            </Button>
            {self ? (
              <Tooltip title={t('selfDelete')}>
                <Button type="link" size="small" danger disabled icon={<DeleteOutlined />}>
                  {t('common:delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('common:confirmAction')}
                description={t('deleteHint', { name: r.username })}
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
    <Card title={t('title')}>
      <StatisticCards />
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Input
            allowClear
            value={draft.keyword}
            onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
            onPressEnter={search}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v }))}
            placeholder={t('col.status')}
            aria-label={t('filterStatus')}
            style={{ width: 170 }}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <Select
            allowClear
            value={draft.role_id}
            onChange={(v) => setDraft((d) => ({ ...d, role_id: v }))}
            placeholder={t('col.roles')}
            aria-label={t('filterRole')}
            style={{ width: 190 }}
            loading={roles.isPending}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r.name) }))}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('common:search')}
          </Button>
          <Button onClick={reset}>{t('common:reset')}</Button>
        </Flex>
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('import.open')}
        </Button>
      </Flex>
      <Table<AdminUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: 1400 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && <MemberFormDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Card>
  );
}
