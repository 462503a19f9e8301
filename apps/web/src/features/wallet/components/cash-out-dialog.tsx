import { formatPrice } from '@xr/contract/format';
import type { PayoutMethod } from '@xr/contract/wallet';
import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError } from '../../../components/form/zod-rules';
import { useCashOut } from '../api/cash';

interface Values {
  amount: number | null;
  method_id: number | null;
}

/** The amount's problem against the limits, or null: at least `min`, at most `available`, two decimals. */
export function cashOutAmountProblem(
  amount: number | null | undefined,
  min: number,
  available: number,
): 'required' | 'format' | 'min' | 'max' | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'required';
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) return 'format';
  if (amount < min) return 'min';
  if (amount > available) return 'max';
  return null;
}

/**
 * "Request cash-out": an amount between the minimum and the available balance, to a saved payout method; a
 * confirmation names the amount before anything is reserved. Server refusals (the balance changed meanwhile) land
 * on the amount field.
 */
export function CashOutDialog({
  available,
  min,
  methods,
  onClose,
  onDone,
}: {
  available: number;
  min: number;
  methods: PayoutMethod[];
  onClose(): void;
  onDone(message: string): void;
}) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState<{ amount: number; method_id: number } | null>(null);
  const cashOut = useCashOut();

  const check = async () => {
    try {
      const v = await form.validateFields();
      setConfirming({ amount: v.amount as number, method_id: v.method_id as number });
    } catch {
      // the form shows what is wrong
    }
  };
  const submit = async () => {
    if (!confirming) return;
    try {
      await cashOut.mutateAsync(confirming);
      onDone(t('cashOut.requested'));
    } catch (err) {
      setConfirming(null);
      if (!applyServerFieldError(form, err, ['amount', 'method_id'])) {
        form.setFields([{ name: 'amount', errors: [(err as Error).message] }]);
      }
    }
  };

  return (
    <>
      <Modal
        open
        title={t('cashOut.title')}
        onCancel={onClose}
        onOk={check}
        okText={t('cashOut.submit')}
        cancelText={t('common:cancel')}
        okButtonProps={{ disabled: methods.length === 0 }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('cashOut.available', { amount: formatPrice(available) })}</Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" initialValues={{ amount: null, method_id: methods[0]?.id ?? null }}>
          <Form.Item
            name="amount"
            label={t('cashOut.amount')}
            rules={[
              {
                validator: async (_r, value: number | null) => {
                  const p = cashOutAmountProblem(value, min, available);
                  if (p === 'required') throw new Error(t('cashOut.amountRequired'));
                  if (p === 'format') throw new Error(t('cashOut.amountFormat'));
                  if (p === 'min') throw new Error(t('cashOut.amountMin', { min: formatPrice(min) }));
                  if (p === 'max') throw new Error(t('cashOut.amountMax', { max: formatPrice(available) }));
                },
              },
            ]}
          >
            <InputNumber<number>
              min={0}
              step={1}
              precision={2}
              style={{ width: '100%' }}
              prefix="HK$"
              aria-label={t('cashOut.amount')}
            />
          </Form.Item>
          <Form.Item
            name="method_id"
            label={t('cashOut.method')}
            rules={[{ required: true, message: methods.length ? t('cashOut.methodRequired') : t('cashOut.noMethod') }]}
            help={methods.length === 0 ? t('cashOut.noMethod') : undefined}
          >
            <Select
              aria-label={t('cashOut.method')}
              options={methods.map((m) => ({ value: m.id, label: m.display }))}
              placeholder={t('cashOut.methodRequired')}
            />
          </Form.Item>
        </Form>
      </Modal>
      {confirming && (
        <Modal
          open
          title={t('cashOut.title')}
          onCancel={() => setConfirming(null)}
          onOk={submit}
          okText={t('common:ok')}
          cancelText={t('common:cancel')}
          confirmLoading={cashOut.isPending}
        >
          {t('cashOut.confirm', { amount: formatPrice(confirming.amount) })}
        </Modal>
      )}
    </>
  );
}
