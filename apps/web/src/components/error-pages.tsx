import { Button, Flex, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { logout, useSession } from '../lib/auth/session';
import { logError } from '../lib/error-log';
import { BrandLogo } from './brand-logo';
import { LangSwitch } from './lang-switch';

function ErrorShell({ children }: { children: ReactNode }) {
  return (
    <Flex vertical style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #f5f3ff 0%, #ffffff 45%, #f0f9ff 100%)' }}>
      <Flex justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <BrandLogo />
        <LangSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '24px 16px 64px' }}>
        {children}
      </Flex>
    </Flex>
  );
}

function useGoBack() {
  const navigate = useNavigate();
  return () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
}

/** /404: the page does not exist. */
export function NotFoundPage() {
  const { t } = useTranslation('router');
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <ErrorShell>
      <Result
        status="404"
        title={t('notFoundTitle')}
        subTitle={t('notFoundDesc')}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/')}>
            {t('backHome')}
          </Button>,
          <Button key="back" onClick={goBack}>
            {t('goBack')}
          </Button>,
        ]}
      />
    </ErrorShell>
  );
}

/** /401: a known admin page the user's permissions do not include. */
export function UnauthorizedPage() {
  const { t } = useTranslation('router');
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { token } = useSession();
  return (
    <ErrorShell>
      <Result
        status="403"
        title={t('unauthorizedTitle')}
        subTitle={t('unauthorizedDesc')}
        extra={[
          <Button key="profile" type="primary" onClick={() => navigate(token ? '/profile' : '/')}>
            {token ? t('toProfile') : t('backHome')}
          </Button>,
          <Button key="back" onClick={goBack}>
            {t('goBack')}
          </Button>,
          ...(token
            ? [
                <Button key="switch" type="link" onClick={() => void logout()}>
                  {t('switchAccount')}
                </Button>,
              ]
            : []),
        ]}
      />
    </ErrorShell>
  );
}

/** Error boundary of the router: a page failed to load or render (e.g. an old chunk after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation('router');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  useEffect(() => {
    logError({ message: detail, url: window.location.href, stack: error instanceof Error ? error.stack : undefined });
  }, [detail, error]);
  return (
    <ErrorShell>
      <Result
        status="500"
        title={t('errorTitle')}
        subTitle={
          <>
            {t('errorDesc')}
            <br />
            <code style={{ fontSize: 12 }}>{detail}</code>
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('reload')}
          </Button>
        }
      />
    </ErrorShell>
  );
}
