import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { emailField, retrievePasswordBody } from '@xr/contract/auth';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldError, errorText, zodRules } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useRetrievePassword } from '../api/retrieve-password';
import { sendResetEmailCode } from '../api/send-email-code';
import { SendCodeButton } from './send-code-button';

const FIELDS = ['email', 'email_code', 'new_password', 'password'] as const;
const rules = zodRules(retrievePasswordBody, FIELDS);

interface Values {
  email: string;
  email_code: string;
  new_password: string;
  password: string;
}

interface Props {
  initialEmail?: string;
  /** Back to sign-in, with the address the password was reset for. */
  onDone: (email?: string) => void;
}

/** Forgot password: email code, then a new password twice (spec "Login / reset form"). */
export function ResetPasswordForm({ initialEmail, onDone }: Props) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const reset = useRetrievePassword();

  const getEmail = async () => {
    try {
      await form.validateFields(['email']);
      return emailField.parse(form.getFieldValue('email'));
    } catch {
      return null;
    }
  };

  const onFinish = async (values: Values) => {
    try {
      const body = retrievePasswordBody.parse(values);
      await reset.mutateAsync(body);
      void message.success(t('reset.done'));
      onDone(body.email);
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={onFinish}
      aria-label={t('reset.title')}
    >
      <Form.Item name="email" label={t('field.email')} rules={rules.email} validateTrigger="onBlur">
        <Input prefix={<MailOutlined />} placeholder={t('field.emailPlaceholder')} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label={t('field.emailCode')} htmlFor="email_code" required>
        <Space.Compact block>
          <Form.Item name="email_code" noStyle rules={rules.email_code} validateTrigger="onBlur">
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('field.emailCodePlaceholder')}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SendCodeButton
            getEmail={getEmail}
            send={sendResetEmailCode}
            onError={(err) => applyServerFieldError(form, err, FIELDS)}
          />
        </Space.Compact>
      </Form.Item>
      <PasswordField
        name="new_password"
        label={t('field.newPassword')}
        rules={rules.new_password}
        placeholder={t('field.passwordPlaceholder')}
        hasFeedback
      />
      <PasswordField
        name="password"
        label={t('field.confirmPassword')}
        rules={rules.password}
        placeholder={t('field.confirmPasswordPlaceholder')}
        confirms="new_password"
        hasFeedback
      />
      <Button type="primary" htmlType="submit" block loading={reset.isPending} className="xr-auth__submit">
        {t('reset.submit')}
      </Button>
      <div className="xr-auth__foot">
        <Button type="link" onClick={() => onDone()}>
          {t('reset.back')}
        </Button>
      </div>
    </Form>
  );
}
