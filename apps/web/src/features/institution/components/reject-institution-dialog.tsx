import { INSTITUTION_REASON_MAX } from '@xr/contract/institution';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useDecideInstitution } from '../api/institution';

/** Reject an application: the reason is required; the applicant reads it on their profile, in a message and a mail. */
export function RejectInstitutionDialog({ id, name, onClose }: { id: number; name: string; onClose(): void }) {
  const { t } = useTranslation('institution');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecideInstitution();
  const ok = async () => {
    const v: { reason: string } | undefined = await validValues(form);
    if (!v) return;
    try {
      await decide.mutateAsync({ id, state: 'rejected', reason: v.reason.trim() });
      void message.success(t('rejected'));
      onClose();
    } catch {
      // shown by the HTTP client (an application decided meanwhile: 40950, and the list reloads)
      onClose();
    }
  };
  return (
    <Modal
      open
      title={t('rejectTitle', { name })}
      onCancel={onClose}
      onOk={ok}
      okText={t('reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:cancel')}
      confirmLoading={decide.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[
            { required: true, whitespace: true, message: t('reasonRequired') },
            { max: INSTITUTION_REASON_MAX, message: t('reasonTooLong', { max: INSTITUTION_REASON_MAX }) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={INSTITUTION_REASON_MAX} showCount placeholder={t('reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
