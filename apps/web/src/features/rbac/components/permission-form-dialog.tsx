import { addPermissionBody, type Permission, type PermissionNode } from '@xr/contract/rbac';
import { Alert, App, Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, blankToUndefined, errorText, zodRules } from '../../../components/form/zod-rules';
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
  const { message } = App.useApp();
  const label = usePermissionLabel();
  const [form] = Form.useForm<Values>();
  const tree = usePermissionTree();
  const details = usePermissionDetails(permission?.id);
  const add = useAddPermission();
  const update = useUpdatePermission();
  const locked = !!permission?.builtin;

  useEffect(() => {
    if (details.data && !form.isFieldsTouched()) {
      const { name, http_path, parent_id, sort } = details.data;
      form.setFieldsValue({ name, http_path, parent_id, sort });
    }
  }, [details.data, form]);

  const parents = useMemo(() => {
    const map = (nodes: readonly PermissionNode[], inside: boolean): ParentOption[] =>
      nodes.map((n) => {
        const self = inside || n.id === permission?.id;
        return { value: n.id, title: `${label(n)} (${n.http_path})`, disabled: self, children: map(n.children, self) };
      });
    return map(tree.data ?? [], false);
  }, [tree.data, label, permission?.id]);

  const onOk = async () => {
    let values: Values;
    try {
      values = blankToUndefined(await form.validateFields());
    } catch {
      return;
    }
    const body = {
      name: values.name,
      http_path: values.http_path,
      parent_id: values.parent_id ?? null,
      sort: values.sort ?? 0,
    };
    try {
      if (permission) {
        await update.mutateAsync(
          locked ? { id: permission.id, name: body.name, sort: body.sort } : { id: permission.id, ...body },
        );
        void message.success(t('resource.saved'));
      } else {
        await add.mutateAsync(body);
        void message.success(t('resource.added'));
      }
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  const title = permission ? t('resource.editTitle') : t('resource.addTitle');
  return (
    <Modal
      open
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      {locked && <Alert type="info" showIcon className="xr-mb" title={t('resource.builtinNote')} />}
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={
          permission
            ? { name: permission.name, http_path: permission.http_path, parent_id: permission.parent_id, sort: permission.sort }
            : { parent_id: parentId ?? null, sort: 0 }
        }
        onFinish={onOk}
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
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
