import {
  BankOutlined,
  GiftOutlined,
  MailOutlined,
  PhoneOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ACCOUNT_TYPES, type AccountType, emailField, GENDERS, registerBody } from '@xr/contract/auth';
import { FORUM_NAME_MAX } from '@xr/contract/constants';
import { Button, Checkbox, Col, Form, Input, Radio, Row, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/form/password-field';
import { applyServerFieldError, blankToUndefined, errorText, zodRules } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useRegister } from '../api/register';
import { sendRegisterEmailCode } from '../api/send-register-email-code';
import { ActivationPanel } from '../components/activation-panel';
import { AuthShell } from '../components/auth-shell';
import { CertificateUpload } from '../components/certificate-upload';
import { SendCodeButton } from '../components/send-code-button';

const FIELDS = [
  'account_type',
  'username',
  'password',
  'gender',
  'phone',
  'forum_name',
  'invite_code',
  'email',
  'email_code',
  'certificate',
  'terms',
] as const;
const rules = zodRules(registerBody, FIELDS);

const TYPE_ICONS: Record<AccountType, ReactNode> = {
  individual: <UserOutlined />,
  organisation: <BankOutlined />,
  group_admin: <TeamOutlined />,
};

interface Values {
  account_type: AccountType;
  username: string;
  password: string;
  gender?: string;
  phone: string;
  forum_name: string;
  invite_code?: string;
  email: string;
  email_code: string;
  certificate?: string;
  terms?: boolean;
}

/** /register: every field and rule of spec sections 3 and 5, then the activation step. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const accountType = Form.useWatch('account_type', form);
  const registerCall = useRegister();
  const [doneEmail, setDoneEmail] = useState<string | null>(null);
  const needsCertificate = accountType === 'organisation' || accountType === 'group_admin';

  const getEmail = async () => {
    try {
      await form.validateFields(['email']);
      return emailField.parse(form.getFieldValue('email'));
    } catch {
      return null;
    }
  };

  const onFinish = async (values: Values) => {
    const parsed = registerBody.safeParse(
      blankToUndefined({ ...values, certificate: needsCertificate ? values.certificate : undefined }),
    );
    if (!parsed.success) return;
    try {
      await registerCall.mutateAsync(parsed.data);
      setDoneEmail(parsed.data.email);
      window.scrollTo?.({ top: 0 });
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  if (doneEmail) {
    return (
      <AuthShell title={t('register.doneTitle')}>
        <ActivationPanel email={doneEmail} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')} wide>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ account_type: 'individual', invite_code: params.get('invite') ?? undefined }}
        onFinish={onFinish}
        scrollToFirstError
        aria-label={t('register.title')}
      >
        <Form.Item name="account_type" label={t('field.accountType')} rules={rules.account_type} required>
          <Radio.Group optionType="button" buttonStyle="solid" className="xr-auth__account-types">
            {ACCOUNT_TYPES.map((type) => (
              <Radio.Button key={type} value={type}>
                {TYPE_ICONS[type]}
                {t(`accountType.${type}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('field.username')} rules={rules.username} required>
              <Input prefix={<UserOutlined />} placeholder={t('field.usernamePlaceholder')} autoComplete="username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <PasswordField
              name="password"
              label={t('field.password')}
              rules={rules.password}
              placeholder={t('field.passwordPlaceholder')}
              required
              hasFeedback
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="forum_name"
              label={t('field.forumName')}
              rules={rules.forum_name}
              required
              tooltip={t('field.forumNameTip')}
            >
              <Input placeholder={t('field.forumNamePlaceholder')} showCount maxLength={FORUM_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('field.gender')} rules={rules.gender} required>
              <Radio.Group>
                {GENDERS.map((g) => (
                  <Radio key={g} value={g}>
                    {t(`gender.${g}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('field.phone')} rules={rules.phone} required>
              <Input prefix={<PhoneOutlined />} placeholder={t('field.phonePlaceholder')} autoComplete="tel" inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="invite_code" label={t('field.inviteCode')} rules={rules.invite_code}>
              <Input prefix={<GiftOutlined />} placeholder={t('field.inviteCodePlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('field.email')} rules={rules.email} required>
              <Input prefix={<MailOutlined />} placeholder={t('field.emailPlaceholder')} autoComplete="email" inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.emailCode')} htmlFor="email_code" required>
              <Space.Compact block>
                <Form.Item name="email_code" noStyle rules={rules.email_code}>
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
                  send={sendRegisterEmailCode}
                  onError={(err) => applyServerFieldError(form, err, FIELDS)}
                />
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>

        {needsCertificate && (
          <Form.Item
            name="certificate"
            label={t('field.certificate')}
            rules={rules.certificate}
            required
            extra={t('register.certificateWhy')}
          >
            <CertificateUpload />
          </Form.Item>
        )}

        <Form.Item name="terms" valuePropName="checked" rules={rules.terms}>
          <Checkbox>
            {t('register.termsPrefix')}{' '}
            <Link to="/user_terms_agreement" target="_blank">
              {t('register.termsLink')}
            </Link>
          </Checkbox>
        </Form.Item>

        <Button type="primary" htmlType="submit" size="large" block loading={registerCall.isPending} className="xr-auth__submit">
          {t('register.submit')}
        </Button>
        <div className="xr-auth__foot">
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
