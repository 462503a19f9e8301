import { useTranslation } from 'react-i18next';
import { AuditLogTab } from '../../features/audit/components/audit-log-tab';
import LogsPage from '../../features/system/pages/logs-page';

/** /system/logs: the audit log (shown first) beside the system feature's mail outbox. */
export default function SystemLogsPage() {
  const { t } = useTranslation('audit');
  return <LogsPage tabs={[{ key: 'audit', label: t('tab'), children: <AuditLogTab /> }]} />;
}
