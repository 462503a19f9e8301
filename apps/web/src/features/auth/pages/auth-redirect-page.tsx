import type { UserInfo } from '@xr/contract/auth';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../components/form/zod-rules';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { loadCart } from '../../../lib/cart';
import { AuthShell } from '../components/auth-shell';
import { CompleteProfileForm } from '../components/complete-profile-form';
import { safeRedirect } from '../safe-redirect';

/**
 * /auth-redirect?token=&redirect=[&new=1]: the end of the third-party sign-in. Keeps the token, loads the
 * user, and moves on; a first sign-in (`new=1`) completes the account (names, terms) first.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [newUser, setNewUser] = useState<UserInfo | null>(null);
  const started = useRef(false);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      setError(t('redirect.noToken'));
      return;
    }
    setToken(token);
    loadUserInfo()
      .then((user) => {
        void loadCart();
        if (params.get('new') === '1') setNewUser(user);
        else navigate(redirect, { replace: true });
      })
      .catch((err: unknown) => {
        resetToken();
        setError(errorText(err));
      });
  }, [params, navigate, t, redirect]);

  if (error) {
    return (
      <Result
        status="error"
        title={t('redirect.failed')}
        subTitle={error}
        extra={
          <Link to="/login">
            <Button type="primary">{t('redirect.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }
  if (newUser) {
    return (
      <AuthShell title={t('complete.title')} subtitle={t('complete.subtitle')}>
        <CompleteProfileForm user={newUser} onDone={() => navigate(redirect, { replace: true })} />
      </AuthShell>
    );
  }
  return (
    <div className="xr-center-page">
      <Spin size="large" />
      <p>{t('redirect.signingIn')}</p>
    </div>
  );
}
