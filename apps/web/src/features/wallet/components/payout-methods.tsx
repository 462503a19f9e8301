import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PAYOUT_METHOD_TYPES, type PayoutMethodType, payoutMethodBody } from '@xr/contract/wallet';
import { Button, Card, Empty, Form, Input, List, Modal, Popconfirm, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldError, blankToUndefined, zodRule } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useAddPayoutMethod, useDeletePayoutMethod, usePayoutMethods } from '../api/cash';

const FIELDS: Record<PayoutMethodType, { name: string; label: string }[]> = {
  fps: [{ name: 'fps_id', label: 'methods.fpsId' }],
  bank: [
    { name: 'bank_code', label: 'methods.bankCode' },
    { name: 'branch_code', label: 'methods.branchCode' },
    { name: 'account_no', label: 'methods.accountNo' },
    { name: 'holder_name', label: 'methods.holderName' },
  ],
  paypal: [{ name: 'email', label: 'methods.email' }],
};

/** The method schema seen from one type's form (the form has no `type` field: the segmented control chooses it). */
const withType = (type: PayoutMethodType) =>
  z.preprocess((v) => ({ ...(v as object), type }), payoutMethodBody) as unknown as Parameters<typeof zodRule>[0];

/** Adds a payout method; every field is checked with the contract's schema (the server checks it again). */
function AddMethodDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const [type, setType] = useState<PayoutMethodType>('fps');
  const [form] = Form.useForm<Record<string, string>>();
  const add = useAddPayoutMethod();
  const ok = async () => {
    const v: Record<string, string> | undefined = await validValues(form);
    if (!v) return;
    try {
      await add.mutateAsync(payoutMethodBody.parse(blankToUndefined({ ...v, type })));
      void message.success(t('methods.added'));
      onClose();
    } catch (err) {
      if (
        !applyServerFieldError(
          form,
          err,
          FIELDS[type].map((f) => f.name),
        )
      )
        void message.error((err as Error).message);
    }
  };
  return (
    <Modal
      open
      title={t('methods.add')}
      onCancel={onClose}
      onOk={ok}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={t('methods.type')}>
          <Segmented<PayoutMethodType>
            value={type}
            onChange={(v) => {
              setType(v);
              form.resetFields();
            }}
            options={PAYOUT_METHOD_TYPES.map((m) => ({ value: m, label: t(`methods.types.${m}`) }))}
          />
        </Form.Item>
        {FIELDS[type].map((f) => (
          <Form.Item key={`${type}-${f.name}`} name={f.name} label={t(f.label)} rules={[zodRule(withType(type), f.name)]}>
            <Input aria-label={t(f.label)} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The saved payout methods, with add and delete (after a confirmation). */
export function PayoutMethods() {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const methods = usePayoutMethods();
  const del = useDeletePayoutMethod();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('methods.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('methods.add')}
        </Button>
      }
    >
      <List
        loading={methods.isLoading}
        dataSource={methods.data ?? []}
        locale={{ emptyText: <Empty description={t('methods.empty')} /> }}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Popconfirm
                key="del"
                title={t('methods.deleteConfirm')}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                onConfirm={async () => {
                  try {
                    await del.mutateAsync(m.id);
                    void message.success(t('methods.deleted'));
                  } catch {
                    // shown by the HTTP client
                  }
                }}
              >
                <Button type="link" danger size="small" icon={<DeleteOutlined />} aria-label={t('common:delete')} />
              </Popconfirm>,
            ]}
          >
            <Tag>{t(`methods.types.${m.type}`)}</Tag> {m.display}
          </List.Item>
        )}
      />
      {adding && <AddMethodDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
