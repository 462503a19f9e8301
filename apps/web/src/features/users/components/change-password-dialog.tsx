import { upPasswordBody } from '@xr/contract/auth';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { PasswordField } from '../../../components/form/password-field';
import { zodRules } from '../../../components/form/zod-rules';
import { useUpPassword } from '../api/up-password';

const FIELDS = ['old_password', 'new_password', 'password'] as const;
const rules = zodRules(upPasswordBody, FIELDS);

interface Values {
  old_password: string;
  new_password: string;
  password: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Change-password dialog (spec "Change-password form" and its section 5 messages). */
export function ChangePasswordDialog({ open, onClose }: Props) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const change = useUpPassword();

  const onSubmit = async (values: Values) => {
    await change.mutateAsync(upPasswordBody.parse(values));
    return t('password.done');
  };

  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={t('password.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      okText={t('password.submit')}
      requiredMark
      above={<p className="xr-muted">{t('password.hint')}</p>}
    >
      <PasswordField
        name="old_password"
        label={t('password.old')}
        rules={rules.old_password}
        autoComplete="current-password"
        required
      />
      <PasswordField
        name="new_password"
        label={t('password.new')}
        rules={rules.new_password}
        placeholder={t('password.newPlaceholder')}
        required
      />
      <PasswordField name="password" label={t('password.confirm')} rules={rules.password} confirms="new_password" required />
    </FormDialog>
  );
}
