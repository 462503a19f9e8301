import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth/session';

/**
 * The renewal reminder (spec section 4) at the top of the admin layout: from RENEWAL_REMINDER_DAYS before the
 * membership ends (the server says when, in user_info) and after it ended, linking to /solutions.
 */
export function RenewalBanner() {
  const { t } = useTranslation('plans');
  const { user } = useSession();
  if (!user?.renewal_reminder) return null;
  const left = user.vip_days_left ?? 0;
  const expired = !user.vip_status;
  return (
    <Alert
      type={expired ? 'error' : 'warning'}
      showIcon
      banner
      data-testid="renewal-reminder"
      className="xr-renewal-banner"
      title={expired ? t('reminder.expired') : left === 0 ? t('reminder.today') : t('reminder.soon', { count: left })}
      action={
        <Link to="/solutions">
          <Button size="small" type="primary">
            {t('reminder.renew')}
          </Button>
        </Link>
      }
    />
  );
}
