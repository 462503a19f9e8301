import { formatPrice } from '@xr/contract/format';
import { CASH_OUT_REASON_MAX, WALLET_AMOUNT_MAX } from '@xr/contract/wallet';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useAdjustWallet } from '../api/cash';

/** An administrator's correction of a creator's wallet (credit or debit) with a reason, after a confirmation. */
export function AdjustWalletDialog({ user, onClose }: { user: { id: number; name: string }; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ amount: number | null; reason: string }>();
  const [pending, setPending] = useState<{ amount: number; reason: string } | null>(null);
  const adjust = useAdjustWallet();
  const check = async () => {
    try {
      const v = await form.validateFields();
      setPending({ amount: v.amount as number, reason: v.reason.trim() });
    } catch {
      // the form shows what is missing
    }
  };
  const submit = async () => {
    if (!pending) return;
    try {
      await adjust.mutateAsync({ user_id: user.id, ...pending });
      void message.success(t('review.adjusted'));
      onClose();
    } catch {
      setPending(null);
    }
  };
  return (
    <>
      <Modal
        open
        title={t('review.adjustTitle', { name: user.name })}
        onCancel={onClose}
        onOk={check}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="amount"
            label={t('review.adjustAmount')}
            rules={[
              {
                validator: async (_r, v: number | null) => {
                  if (v === null || v === undefined || v === 0) throw new Error(t('review.adjustAmountRequired'));
                },
              },
            ]}
          >
            <InputNumber<number>
              min={-WALLET_AMOUNT_MAX}
              max={WALLET_AMOUNT_MAX}
              precision={2}
              style={{ width: '100%' }}
              aria-label={t('review.adjustAmount')}
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('review.adjustReason')}
            rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={CASH_OUT_REASON_MAX} showCount aria-label={t('review.adjustReason')} />
          </Form.Item>
        </Form>
      </Modal>
      {pending && (
        <Modal
          open
          title={t('review.adjust')}
          onCancel={() => setPending(null)}
          onOk={submit}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
          confirmLoading={adjust.isPending}
        >
          {t('review.adjustConfirm', { amount: formatPrice(pending.amount), name: user.name })}
        </Modal>
      )}
    </>
  );
}
