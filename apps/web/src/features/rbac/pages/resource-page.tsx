import { PlusOutlined } from '@ant-design/icons';
import type { Permission, PermissionNode } from '@xr/contract/rbac';
import { Button, Card, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
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
  const label = usePermissionLabel();
  const { draft, edit, query, setQuery, search, reset } = useListQuery({ name: '' }, { name: '', page: 1, limit: 20 });
  const [group, setGroup] = useState<number | undefined>();
  const [editing, setEditing] = useState<{ permission?: Permission; parentId?: number | null } | null>(null);
  const tree = usePermissionTree();
  const groups = useTopLevelPermissions();
  const searching = !!query.name;
  const page = usePermissionsPage(query, searching);
  // a refusal (built-in, has children) was already shown by the HTTP client
  const remove = useDeleteRow(useDelPermission(), t('resource.deleted'));

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
    actionsColumn(
      (p) => {
        const blocked = p.builtin
          ? t('resource.builtinLocked')
          : (childCount.get(p.id) ?? 0) > 0
            ? t('resource.hasChildren')
            : null;
        return (
          <>
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: p.id })}>
              {t('resource.addChild')}
            </Button>
            <EditAction onClick={() => setEditing({ permission: p })} />
            <DeleteAction disabledReason={blocked} onConfirm={() => remove(p.id)} />
          </>
        );
      },
      { width: 300, wrap: true },
    ),
  ];

  return (
    <Card title={t('resource.title')}>
      <FilterBar
        onSearch={search}
        onReset={() => {
          setGroup(undefined);
          reset();
        }}
        extra={<AddButton label={t('resource.add')} onClick={() => setEditing({ parentId: group ?? null })} />}
      >
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
        <SearchInput
          value={draft.name}
          onChange={(name) => edit({ name })}
          onSearch={search}
          placeholder={t('resource.searchPlaceholder')}
        />
      </FilterBar>
      {searching ? (
        <PagedTable
          columns={columns}
          result={page}
          query={query}
          setQuery={setQuery}
          showTotal={(total) => t('resource.total', { total })}
          scrollX={900}
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
