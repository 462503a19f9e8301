import type { UserInfo } from '@xr/contract/auth';
import { Alert, Card } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useInstitutionStatus } from '../api/institution';

// The new application's form (antd Form and Select) loads only when the application was rejected.
const ReapplyForm = lazy(() => import('./reapply-form'));

interface Props {
  user: UserInfo;
  /** The certificate upload control (the auth feature's), composed in by the page: a form input of the key. */
  renderUpload(value: string | undefined, onChange: (key: string | undefined) => void): ReactNode;
}

/**
 * The applicant's side of organisation approval, on /profile: a pending application says what waits for
 * the approval; a rejected one shows the reason and takes a new certificate; an approval is confirmed. Individual
 * accounts that never applied see nothing (decision: applying later is a call, not a screen, for now).
 */
export function InstitutionStatusCard({ user, renderUpload }: Props) {
  const { t } = useTranslation('institution');
  const status = useInstitutionStatus(user.account_type !== 'individual');
  const s = status.data;
  if (!s) return null;

  return (
    <Card title={t('statusTitle')} className="xr-institution" data-testid="institution-status">
      {s.state === 'pending' && (
        <Alert
          type="info"
          showIcon
          message={t('pendingTitle')}
          description={t('pendingText', { date: formatDay(s.created_at) })}
        />
      )}
      {s.state === 'approved' && (
        <Alert
          type="success"
          showIcon
          message={t('approvedTitle')}
          description={t('approvedText', { date: s.decided_at ? formatDay(s.decided_at) : '' })}
        />
      )}
      {s.state === 'rejected' && (
        <>
          <Alert type="warning" showIcon message={t('rejectedTitle')} description={t('rejectedText', { reason: s.reason })} />
          <Suspense fallback={null}>
            <ReapplyForm accountType={s.account_type} renderUpload={renderUpload} />
          </Suspense>
        </>
      )}
    </Card>
  );
}
