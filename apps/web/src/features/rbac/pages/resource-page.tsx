import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Permission, PermissionNode } from '@xr/contract/rbac';
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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelPermission } from '../api/del-permission';
import { usePermissionTree } from '../api/permission-tree';
import { usePermissionsPage } from '../api/permissions-page';
import { useTopLevelPermissions } from '../api/top-level-permissions';
import { usePermissionLabel } from '../components/labels';
import { PermissionFormDialog } from '../components/permission-form-dialog';

/** A table row: tree rows carry their children (antd nests them); leaves have none, so no expander shows. */
type Row = Permission & { children?: Row[] };

const toRows = (nodes: readonly PermissionNode[]): Row[] =>
  nodes.map(({ children, ...p }) => (children.length ? { ...p, children: toRows(children) } : p));

/**
 * /system/auth/resource: the permissions (one per admin screen, keyed by `http_path`) as a tree, or as a
 * paged list while searching; add, add child, edit and delete.
 */
export default function ResourcePage() {
  const { t } = useTranslation('rbac');
  const { message } = App.useApp();
  const label = usePermissionLabel();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState({ name: '', page: 1, limit: 20 });
  const [group, setGroup] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ permission?: Permission; parentId?: number | null } | null>(null);
  const tree = usePermissionTree();
  const groups = useTopLevelPermissions();
  const searching = search.name !== '';
  const page = usePermissionsPage(search, searching);
  const del = useDelPermission();

  const rows = useMemo(() => {
    const all = toRows(tree.data ?? []);
    return group === undefined ? all : all.filter((r) => r.id === group);
  }, [tree.data, group]);
  const childCount = useMemo(() => {
    const counts = new Map<number, number>();
    const walk = (nodes: readonly PermissionNode[]) => {
      for (const n of nodes) {
        counts.set(n.id, n.children.length);
        walk(n.children);
      }
    };
    walk(tree.data ?? []);
    return counts;
  }, [tree.data]);

  const remove = async (p: Permission) => {
    try {
      await del.mutateAsync(p.id);
      void message.success(t('resource.deleted'));
    } catch {
      // the HTTP client already showed the server's reason
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('resource.name'),
      dataIndex: 'name',
      render: (_: string, p) => <Typography.Text strong={p.parent_id === null}>{label(p)}</Typography.Text>,
    },
    { title: t('resource.path'), dataIndex: 'http_path', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('resource.sort'), dataIndex: 'sort', width: 90, align: 'right' },
    {
      title: t('resource.type'),
      dataIndex: 'builtin',
      width: 110,
      render: (builtin: boolean) =>
        builtin ? <Tag color="blue">{t('resource.builtin')}</Tag> : <Tag>{t('resource.custom')}</Tag>,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 300,
      render: (_: unknown, p) => {
        const blocked = p.builtin
          ? t('resource.builtinLocked')
          : (childCount.get(p.id) ?? 0) > 0
            ? t('resource.hasChildren')
            : null;
        return (
          <Space size={4} wrap>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: p.id })}>
              {t('resource.addChild')}
            </Button>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ permission: p })}>
              {t('common:edit')}
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
                onConfirm={() => remove(p)}
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

  const runSearch = (name: string) => setSearch((s) => ({ ...s, name: name.trim(), page: 1 }));

  return (
    <Card title={t('resource.title')}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Select<number | undefined>
            allowClear
            value={group}
            onChange={(v) => setGroup(v ?? undefined)}
            placeholder={t('resource.allGroups')}
            aria-label={t('resource.group')}
            style={{ width: 180 }}
            disabled={searching}
            loading={groups.isPending}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: label(g) }))}
          />
          <Input
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => runSearch(draft)}
            placeholder={t('resource.searchPlaceholder')}
            aria-label={t('resource.searchPlaceholder')}
            style={{ width: 220 }}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => runSearch(draft)}>
            {t('common:search')}
          </Button>
          <Button
            onClick={() => {
              setDraft('');
              setGroup(undefined);
              runSearch('');
            }}
          >
            {t('common:reset')}
          </Button>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: group ?? null })}>
          {t('resource.add')}
        </Button>
      </Flex>
      {searching ? (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 900 }}
          pagination={{
            current: search.page,
            pageSize: search.limit,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('resource.total', { total }),
            onChange: (p, limit) => setSearch((s) => ({ ...s, page: limit === s.limit ? p : 1, limit })),
          }}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={tree.isFetching}
          scroll={{ x: 900 }}
          pagination={false}
          key={group ?? 'all'}
          expandable={{ defaultExpandAllRows: group !== undefined }}
        />
      )}
      {editing && (
        <PermissionFormDialog
          key={editing.permission?.id ?? `new-${editing.parentId ?? 'top'}`}
          permission={editing.permission}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
