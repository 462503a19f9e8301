import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { validValues } from '../../lib/forms';

interface RejectReasonDialogProps {
  /** The namespace with the dialog's words: rejectTitle, reject, reason, reasonRequired, reasonTooLong, reasonPlaceholder, rejected. */
  ns: string;
  /** What is rejected, in the title. */
  name: string;
  /** The longest reason the server takes. */
  max: number;
  pending: boolean;
  /** Sends the trimmed reason; a failure is shown by the HTTP client. */
  send(reason: string): Promise<unknown>;
  /** `true` once the reason is sent, `false` on Cancel (and after a failure when `closeOnFailure`). */
  onClose(done: boolean): void;
  /** Close after a failure too (when the failure means the item was decided meanwhile and the list reloads). */
  closeOnFailure?: boolean;
}

/** Reject something under review: a modal asking for the required reason, which the owner reads later. */
export function RejectReasonDialog({ ns, name, max, pending, send, onClose, closeOnFailure }: RejectReasonDialogProps) {
  const { t } = useTranslation(ns);
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const ok = async () => {
    const v: { reason: string } | undefined = await validValues(form);
    if (!v) return;
    try {
      await send(v.reason.trim());
      void message.success(t('rejected'));
      onClose(true);
    } catch {
      // shown by the HTTP client
      if (closeOnFailure) onClose(false);
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
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[
            { required: true, whitespace: true, message: t('reasonRequired') },
            { max, message: t('reasonTooLong', { max }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={max} showCount placeholder={t('reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
