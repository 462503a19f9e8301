import { LockOutlined } from '@ant-design/icons';
import { upPasswordBody } from '@xr/contract/auth';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, errorText, zodRules } from '../../../components/form/zod-rules';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const change = useUpPassword();

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await change.mutateAsync(upPasswordBody.parse(values));
      void message.success(t('password.done'));
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('password.submit')}
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <p className="xr-muted">{t('password.hint')}</p>
      <Form<Values> form={form} layout="vertical" requiredMark onFinish={onOk} aria-label={t('password.title')}>
        <Form.Item name="old_password" label={t('password.old')} rules={rules.old_password} required>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label={t('password.new')} rules={rules.new_password} required>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={t('password.newPlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('password.confirm')} rules={rules.password} dependencies={['new_password']} required>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
