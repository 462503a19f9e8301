import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth/session';
import { ADMIN_ROLE } from '../../../lib/permissions';

/**
 * The invite-code children are open to everyone who sees /invite-code (spec section 6), but managing
 * campaign codes needs the screen's own permission, as the server checks: others get an explanation.
 */
export function ManagerOnly({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation('codes');
  const { permissions, roles } = useSession();
  if (roles.includes(ADMIN_ROLE) || permissions.includes(permission)) return children;
  return (
    <Result
      status="403"
      title={t('managerOnly.title')}
      subTitle={t('managerOnly.text')}
      extra={
        <Link to="/invite-code/page">
          <Button type="primary">{t('managerOnly.action')}</Button>
        </Link>
      }
    />
  );
}
