import { Card, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MailOutboxTab } from '../components/mail-outbox-tab';

/**
 * /system/logs: the system's logs, one tab each: the mail outbox (mails kept when no mail server is set), after any
 * `tabs` the app puts first (the audit log, a feature of its own: app/pages/system-logs-page.tsx joins them). The
 * first tab is the one shown.
 */
export default function LogsPage({ tabs = [] }: { tabs?: NonNullable<TabsProps['items']> }) {
  const { t } = useTranslation('system');
  return (
    <Card>
      <Tabs items={[...tabs, { key: 'outbox', label: t('logs.outbox'), children: <MailOutboxTab /> }]} />
    </Card>
  );
}
