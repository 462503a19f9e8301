import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '../../../components/report-dialog';
import { type ChatLine, ChatPanel, type ChatPanelProps } from './chat-panel';

/**
 * The room page's chat: the chat panel whose report button (other people's lines, signed-in visitors only: reports
 * need an account) opens the shared report dialog for that message (POST /reports/set_reports with `chat_id`).
 */
export function RoomChat({ canReport, ...panel }: Omit<ChatPanelProps, 'onReport'> & { canReport: boolean }) {
  const { t } = useTranslation('room');
  const [reporting, setReporting] = useState<number | null>(null);
  const onReport = (line: ChatLine) => {
    if (typeof line.id === 'number') setReporting(line.id);
  };
  return (
    <>
      <ChatPanel {...panel} onReport={canReport ? onReport : undefined} />
      {reporting !== null && (
        <ReportDialog target={{ chat_id: reporting }} open title={t('chat.reportTitle')} onClose={() => setReporting(null)} />
      )}
    </>
  );
}
