import { useMutation } from '@tanstack/react-query';
import type { ReportBody, ReportReply } from '@xr/contract/market';
import { REPORT_REASONS, type ReportReason } from '@xr/contract/market-basics';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../lib/feedback';
import { validValues } from '../lib/forms';
import { http } from '../lib/http';

interface Values {
  reason: ReportReason;
  content: string;
}

/**
 * POST /reports/set_reports: reports a project, a forum post or a meta world chat message (reason + text); reporting
 * again updates the open report.
 */
function useSetReport() {
  return useMutation({ mutationFn: (body: ReportBody) => http.post<ReportReply>('/reports/set_reports', body) });
}

/** What is reported: a project, a forum post, or a chat message of a meta world room. */
export type ReportTarget = { project_id: number } | { post_id: number } | { chat_id: number };

/**
 * Report a project (details page), a forum post (thread page) or a room's chat message (room page) with POST /reports/set_reports: a reason and a
 * text, both required. Handled on /ReportList.
 */
export function ReportDialog({
  target,
  open,
  onClose,
  title,
}: {
  target: ReportTarget;
  open: boolean;
  onClose: () => void;
  /** Default "Report this project". */
  title?: string;
}) {
  const { t } = useTranslation(['market', 'common']);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const report = useSetReport();

  const submit = async () => {
    const values: Values | undefined = await validValues(form);
    if (!values) return; // the form shows what is missing beside each field
    try {
      await report.mutateAsync({ ...target, reason: values.reason, content: values.content.trim() });
      void message.success(t('common:err.reportReceived'));
      form.resetFields();
      onClose();
    } catch {
      // the HTTP client showed why
    }
  };

  return (
    <Modal
      open={open}
      title={title ?? t('details.reportTitle')}
      okText={t('details.reportSubmit')}
      cancelText={t('common:cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={report.isPending}
      destroyOnHidden
    >
      <p className="xr-muted">{t('details.reportHint')}</p>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('details.reason')}
          rules={[{ required: true, message: t('common:v.reportReasonRequired') }]}
        >
          <Radio.Group
            className="xr-report__reasons"
            options={REPORT_REASONS.map((r) => ({ value: r, label: t(`details.reasons.${r}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('details.reportContent')}
          rules={[{ required: true, whitespace: true, message: t('common:v.contentRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('details.reportPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
