import { LoginOutlined, UserOutlined } from '@ant-design/icons';
import { loginBody } from '@xr/contract/auth';
import { ErrorCode } from '@xr/contract/errors';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/form/password-field';
import { errorText, zodRules } from '../../../components/form/zod-rules';
import { loginWithPassword } from '../../../lib/auth/session';
import { useFeedback } from '../../../lib/feedback';
import { HttpError } from '../../../lib/http';
import { oidcLoginUrl, useOidcConfig } from '../api/oidc-config';
import { useResendActivation } from '../api/resend-activation';
import { AuthShell } from '../components/auth-shell';
import { ResetPasswordForm } from '../components/reset-password-form';
import { safeRedirect } from '../safe-redirect';

const rules = zodRules(loginBody, ['username', 'password']);

/** Reasons the server's third-party callback reports in `oidc_error`. */
const OIDC_ERRORS = ['state', 'provider', 'email', 'email_taken', 'pending', 'disabled'];

interface Values {
  username: string;
  password: string;
}

/** /login: sign in by email or user name, forgot-password reset, activation result, third-party sign-in. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ text: string; notActivated: boolean } | null>(null);
  const oidc = useOidcConfig();
  const resend = useResendActivation();
  const redirect = safeRedirect(params.get('redirect'));
  const activated = params.get('activated');
  const oidcError = params.get('oidc_error');

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      await loginWithPassword({ username: values.username.trim(), password: values.password }, { silent: true });
      navigate(redirect, { replace: true });
    } catch (err) {
      const notActivated = err instanceof HttpError && err.code === ErrorCode.ACCOUNT_NOT_ACTIVATED;
      setError({ text: errorText(err), notActivated });
    } finally {
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    const email = String(form.getFieldValue('username') ?? '').trim();
    try {
      await resend.mutateAsync(email);
      void message.success(t('register.resent', { email }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  if (mode === 'reset') {
    return (
      <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
        <ResetPasswordForm
          initialEmail={String(form.getFieldValue('username') ?? '').includes('@') ? form.getFieldValue('username') : undefined}
          onDone={(email) => {
            setMode('login');
            if (email) form.setFieldsValue({ username: email, password: '' });
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      {activated === '1' && (
        <Alert type="success" showIcon className="xr-mb" title={t('login.activated')} data-testid="activated-ok" />
      )}
      {activated === '0' && (
        <Alert type="error" showIcon className="xr-mb" title={t('login.activationFailed')} data-testid="activated-failed" />
      )}
      {oidcError && (
        <Alert
          type="error"
          showIcon
          className="xr-mb"
          title={t('login.oidcFailed')}
          description={t(`login.oidcError.${OIDC_ERRORS.includes(oidcError) ? oidcError : 'other'}`)}
          data-testid="oidc-error"
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          className="xr-mb"
          title={error.text}
          role="alert"
          action={
            error.notActivated && String(form.getFieldValue('username') ?? '').includes('@') ? (
              <Button size="small" onClick={onResend} loading={resend.isPending}>
                {t('register.resend')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        aria-label={t('login.title')}
      >
        <Form.Item name="username" label={t('field.account')} rules={rules.username}>
          <Input prefix={<UserOutlined />} placeholder={t('field.accountPlaceholder')} autoComplete="username" autoFocus />
        </Form.Item>
        <PasswordField
          name="password"
          label={t('field.password')}
          rules={rules.password}
          placeholder={t('field.passwordLoginPlaceholder')}
          autoComplete="current-password"
        />
        <div className="xr-auth__row">
          <span />
          <Button type="link" className="xr-px-0" onClick={() => setMode('reset')}>
            {t('login.forgot')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting} className="xr-auth__submit" icon={<LoginOutlined />}>
          {t('login.submit')}
        </Button>
      </Form>
      {oidc.data?.enabled && (
        <>
          <Divider plain className="xr-auth__divider">
            {t('login.or')}
          </Divider>
          <Button block size="large" onClick={() => window.location.assign(oidcLoginUrl(redirect))} data-testid="oidc-login">
            {t('login.thirdParty', { name: oidc.data.name || t('login.thirdPartyDefault') })}
          </Button>
        </>
      )}
      <div className="xr-auth__foot">
        {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
      </div>
    </AuthShell>
  );
}
