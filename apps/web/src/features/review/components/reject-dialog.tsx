import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useRejectProject } from '../api/decide';

export const REASON_MAX = 500;

/** Reject a project: the reason is required (the creator sees it next to "not passed"). */
export function RejectDialog({ projectId, name, onClose }: { projectId: number; name: string; onClose(done: boolean): void }) {
  const { t } = useTranslation('review');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectProject();
  const ok = async () => {
    const v: { reason: string } | undefined = await validValues(form);
    if (!v) return;
    try {
      await reject.mutateAsync({ id: projectId, reason: v.reason.trim() });
      void message.success(t('rejected'));
      onClose(true);
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <Modal
      open
      title={t('rejectTitle', { name })}
      onCancel={() => onClose(false)}
      onOk={ok}
      okText={t('reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:cancel')}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[
            { required: true, whitespace: true, message: t('reasonRequired') },
            { max: REASON_MAX, message: t('reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REASON_MAX} showCount placeholder={t('reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
