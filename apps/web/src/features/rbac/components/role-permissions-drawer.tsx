import type { PermissionNode, Role } from '@xr/contract/rbac';
import { Alert, Button, Drawer, Flex, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { getSession, loadUserInfo } from '../../../lib/auth/session';
import { useFeedback } from '../../../lib/feedback';
import { ADMIN_ROLE } from '../../../lib/permissions';
import { usePermissionTree } from '../api/permission-tree';
import { useRoleDistributionPower } from '../api/role-distribution-power';
import { useRolePermissionDetails } from '../api/role-permission-details';
import { usePermissionLabel, useRoleLabel } from './labels';
import { ancestorsOf, indexTree, toggleSelection } from './permission-tree-utils';

/** The permission that guards this very screen; the admin role must keep it (the server refuses otherwise). */
const AUTH_PATH = '/system/auth';

interface Props {
  role: Role | null;
  onClose: () => void;
}

/**
 * The role's permission editor: the whole permission tree with checkboxes, saved in one call
 * (POST /role/role_distribution_power) that replaces the role's set.
 */
export function RolePermissionsDrawer({ role, onClose }: Props) {
  const { t } = useTranslation('rbac');
  const roleLabel = useRoleLabel();
  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      size={520}
      destroyOnHidden
      title={role ? t('power.title', { name: roleLabel(role) }) : ''}
    >
      {role && <Editor key={role.id} role={role} onClose={onClose} />}
    </Drawer>
  );
}

function Editor({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation('rbac');
  const { message } = useFeedback();
  const label = usePermissionLabel();
  const tree = usePermissionTree();
  const held = useRolePermissionDetails(role.id);
  const save = useRoleDistributionPower();

  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const locked = useMemo(() => {
    if (!(role.builtin && role.name === ADMIN_ROLE)) return new Set<number>();
    const auth = index.ids.find((id) => index.byId.get(id)?.http_path === AUTH_PATH);
    return new Set(auth === undefined ? [] : [auth, ...ancestorsOf(index, auth)]);
  }, [index, role]);

  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  useEffect(() => {
    if (held.data && selected === null) setSelected(new Set(held.data.permission_ids));
  }, [held.data, selected]);

  const treeData = useMemo(() => {
    const map = (nodes: readonly PermissionNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span>
            {label(n)} <Typography.Text type="secondary">{n.http_path}</Typography.Text>
          </span>
        ),
        disableCheckbox: locked.has(n.id),
        children: map(n.children),
      }));
    return map(tree.data ?? []);
  }, [tree.data, label, locked]);

  if (tree.isPending || held.isPending || selected === null) return <Skeleton active paragraph={{ rows: 10 }} />;

  const onSave = async () => {
    try {
      await save.mutateAsync({ role_id: role.id, permission_ids: [...selected].sort((a, b) => a - b) });
      void message.success(t('power.saved'));
      // the signed-in admin may have changed their own role: refresh the menu and the guard's permissions
      if (getSession().roles.includes(role.name)) void loadUserInfo().catch(() => undefined);
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={role.builtin && role.name === ADMIN_ROLE ? t('power.adminHint') : t('power.hint')} />
      <Flex gap={8} wrap align="center">
        <Button size="small" onClick={() => setSelected(new Set([...index.ids]))}>
          {t('power.all')}
        </Button>
        <Button size="small" onClick={() => setSelected(new Set(locked))}>
          {t('power.none')}
        </Button>
        <Button size="small" onClick={() => setExpanded(index.ids.filter((id) => (index.childrenOf.get(id) ?? []).length > 0))}>
          {t('power.expand')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('power.collapse')}
        </Button>
        <Typography.Text type="secondary" data-testid="power-count">
          {t('power.selected', { count: selected.size })}
        </Typography.Text>
      </Flex>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        treeData={treeData}
        checkedKeys={{ checked: [...selected], halfChecked: [] }}
        expandedKeys={expanded ?? index.ids}
        onExpand={(keys) => setExpanded(keys as number[])}
        onCheck={(_keys, info) => setSelected(toggleSelection(index, selected, Number(info.node.key), info.checked, locked))}
      />
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={onSave}>
          {t('power.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
