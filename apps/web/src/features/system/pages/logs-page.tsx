import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MailOutboxTab } from '../components/mail-outbox-tab';

/** /system/logs: the system's logs, one tab each; today the mail outbox (mails kept when no mail server is set). */
export default function LogsPage() {
  const { t } = useTranslation('system');
  return (
    <Card>
      <Tabs items={[{ key: 'outbox', label: t('logs.outbox'), children: <MailOutboxTab /> }]} />
    </Card>
  );
}
