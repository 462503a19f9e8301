import { addRoleBody, type Role } from '@xr/contract/rbac';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, useLoadedValues } from '../../../components/admin/form-dialog';
import { blankToUndefined, zodRules } from '../../../components/form/zod-rules';
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
  const [form] = Form.useForm<Values>();
  const add = useAddRole();
  const update = useUpdateRole();
  const details = useRoleDetails(open ? role?.id : undefined);

  useLoadedValues(form, details.data, (d) => ({ name: d.name, description: d.description }));

  const onSubmit = async (entered: Values) => {
    const values = blankToUndefined(entered);
    if (!role) {
      await add.mutateAsync({ name: values.name, description: values.description });
      return t('role.added');
    }
    await update.mutateAsync({ id: role.id, name: values.name, description: values.description ?? '' });
    return t('role.saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={role ? t('role.editTitle') : t('role.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      initialValues={role ? { name: role.name, description: role.description } : undefined}
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
    </FormDialog>
  );
}
