import { addPermissionBody, type Permission, type PermissionNode } from '@xr/contract/rbac';
import { Alert, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, useLoadedValues } from '../../../components/admin/form-dialog';
import { blankToUndefined, zodRules } from '../../../components/form/zod-rules';
import { useAddPermission } from '../api/add-permission';
import { usePermissionDetails } from '../api/permission-details';
import { usePermissionTree } from '../api/permission-tree';
import { useUpdatePermission } from '../api/update-permission';
import { usePermissionLabel } from './labels';

const FIELDS = ['name', 'http_path', 'parent_id', 'sort'] as const;
const rules = zodRules(addPermissionBody, FIELDS);

interface Values {
  name: string;
  http_path: string;
  parent_id?: number | null;
  sort?: number | null;
}

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

interface Props {
  /** The permission to edit; absent to add one. */
  permission?: Permission;
  /** Parent preselected when adding a child. */
  parentId?: number | null;
  onClose: () => void;
}

/** Add or edit a permission: name, path, parent (any permission but itself and its children) and order. */
export function PermissionFormDialog({ permission, parentId, onClose }: Props) {
  const { t } = useTranslation('rbac');
  const label = usePermissionLabel();
  const [form] = Form.useForm<Values>();
  const tree = usePermissionTree();
  const details = usePermissionDetails(permission?.id);
  const add = useAddPermission();
  const update = useUpdatePermission();
  const locked = !!permission?.builtin;

  useLoadedValues(form, details.data, ({ name, http_path, parent_id, sort }) => ({ name, http_path, parent_id, sort }));

  const parents = useMemo(() => {
    const map = (nodes: readonly PermissionNode[], inside: boolean): ParentOption[] =>
      nodes.map((n) => {
        const self = inside || n.id === permission?.id;
        return { value: n.id, title: `${label(n)} (${n.http_path})`, disabled: self, children: map(n.children, self) };
      });
    return map(tree.data ?? [], false);
  }, [tree.data, label, permission?.id]);

  const onSubmit = async (entered: Values) => {
    const values = blankToUndefined(entered);
    const body = {
      name: values.name,
      http_path: values.http_path,
      parent_id: values.parent_id ?? null,
      sort: values.sort ?? 0,
    };
    if (!permission) {
      await add.mutateAsync(body);
      return t('resource.added');
    }
    await update.mutateAsync(locked ? { id: permission.id, name: body.name, sort: body.sort } : { id: permission.id, ...body });
    return t('resource.saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      title={permission ? t('resource.editTitle') : t('resource.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      above={locked && <Alert type="info" showIcon className="xr-mb" title={t('resource.builtinNote')} />}
      initialValues={
        permission
          ? { name: permission.name, http_path: permission.http_path, parent_id: permission.parent_id, sort: permission.sort }
          : { parent_id: parentId ?? null, sort: 0 }
      }
    >
      <Form.Item name="name" label={t('resource.name')} rules={rules.name} required>
        <Input placeholder={t('resource.namePlaceholder')} maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item name="http_path" label={t('resource.path')} rules={rules.http_path} required>
        <Input placeholder={t('resource.pathPlaceholder')} maxLength={200} disabled={locked} autoComplete="off" />
      </Form.Item>
      <Form.Item name="parent_id" label={t('resource.parent')} rules={rules.parent_id}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          disabled={locked}
          placeholder={t('resource.parentNone')}
          treeData={parents}
          loading={tree.isPending}
        />
      </Form.Item>
      <Form.Item name="sort" label={t('resource.sort')} rules={rules.sort}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}
