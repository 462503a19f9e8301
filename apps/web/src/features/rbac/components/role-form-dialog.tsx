import { addRoleBody, type Role } from '@xr/contract/rbac';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, blankToUndefined, errorText, zodRules } from '../../../components/form/zod-rules';
import { useAddRole } from '../api/add-role';
import { useRoleDetails } from '../api/role-details';
import { useUpdateRole } from '../api/update-role';

const FIELDS = ['name', 'description'] as const;
const rules = zodRules(addRoleBody, FIELDS);

interface Values {
  name: string;
  description?: string;
}

interface Props {
  open: boolean;
  /** The role to edit; absent to add one. */
  role?: Role;
  onClose: () => void;
}

/** Add or edit a role: name (unique, fixed for built-in roles) and description. */
export function RoleFormDialog({ open, role, onClose }: Props) {
  const { t } = useTranslation('rbac');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddRole();
  const update = useUpdateRole();
  const details = useRoleDetails(open ? role?.id : undefined);

  useEffect(() => {
    if (details.data && !form.isFieldsTouched()) {
      form.setFieldsValue({ name: details.data.name, description: details.data.description });
    }
  }, [details.data, form]);

  const onOk = async () => {
    let values: Values;
    try {
      values = blankToUndefined(await form.validateFields());
    } catch {
      return;
    }
    try {
      if (role) {
        await update.mutateAsync({ id: role.id, name: values.name, description: values.description ?? '' });
        void message.success(t('role.saved'));
      } else {
        await add.mutateAsync({ name: values.name, description: values.description });
        void message.success(t('role.added'));
      }
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  const title = role ? t('role.editTitle') : t('role.addTitle');
  return (
    <Modal
      open={open}
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={role ? { name: role.name, description: role.description } : undefined}
        onFinish={onOk}
      >
        <Form.Item
          name="name"
          label={t('role.name')}
          rules={rules.name}
          required
          extra={role?.builtin ? t('role.builtinLocked') : t('role.nameHelp')}
        >
          <Input placeholder={t('role.namePlaceholder')} disabled={role?.builtin} maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('role.description')} rules={rules.description}>
          <Input.TextArea placeholder={t('role.descriptionPlaceholder')} maxLength={300} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
