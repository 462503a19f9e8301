import { formatPrice } from '@xr/contract/format';
import { CASH_OUT_REASON_MAX, CASH_OUT_REFERENCE_MAX } from '@xr/contract/wallet';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useDecideCashOut } from '../api/cash';

/**
 * Approve (mark paid, the payment reference required) or reject (a reason required; the amount returns to the
 * creator's wallet) one request, after a confirmation. A request another administrator decided meanwhile answers
 * 40950: the HTTP client says so and the queue reloads.
 */
export function DecideCashOutDialog({
  request,
  state,
  onClose,
}: {
  request: { id: number; amount: number };
  state: 'success' | 'fail';
  onClose(): void;
}) {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ text: string }>();
  const [text, setText] = useState<string | null>(null);
  const decide = useDecideCashOut();
  const amount = formatPrice(request.amount);
  const paying = state === 'success';
  const check = async () => {
    try {
      const v = await form.validateFields();
      setText(v.text.trim());
    } catch {
      // the form shows what is missing
    }
  };
  const submit = async () => {
    if (text === null) return;
    try {
      await decide.mutateAsync(paying ? { id: request.id, state, reference: text } : { id: request.id, state, reason: text });
      void message.success(t(paying ? 'review.approvedDone' : 'review.rejectedDone'));
    } catch {
      // shown by the HTTP client (40950 when someone decided first)
    }
    onClose();
  };
  return (
    <>
      <Modal
        open
        title={t(paying ? 'review.approveTitle' : 'review.rejectTitle', { id: request.id, amount })}
        onCancel={onClose}
        onOk={check}
        okText={t(paying ? 'review.approve' : 'review.reject')}
        okButtonProps={{ danger: !paying }}
        cancelText={t('common:cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="text"
            label={t(paying ? 'review.reference' : 'review.reason')}
            rules={[
              { required: true, whitespace: true, message: t(paying ? 'review.referenceRequired' : 'review.reasonRequired') },
            ]}
          >
            {paying ? (
              <Input maxLength={CASH_OUT_REFERENCE_MAX} aria-label={t('review.reference')} />
            ) : (
              <Input.TextArea rows={3} maxLength={CASH_OUT_REASON_MAX} showCount aria-label={t('review.reason')} />
            )}
          </Form.Item>
        </Form>
      </Modal>
      {text !== null && (
        <Modal
          open
          title={t(paying ? 'review.approve' : 'review.reject')}
          onCancel={() => setText(null)}
          onOk={submit}
          okText={t('common:ok')}
          okButtonProps={{ danger: !paying }}
          cancelText={t('common:cancel')}
          confirmLoading={decide.isPending}
        >
          {t(paying ? 'review.approveConfirm' : 'review.rejectConfirm', { amount })}
        </Modal>
      )}
    </>
  );
}
