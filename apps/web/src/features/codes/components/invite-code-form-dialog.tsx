import { addInviteCodeBody, type InviteCode, PROMO_CODE_MAX } from '@xr/contract/codes';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, errorText, zodRules } from '../../../components/form/zod-rules';
import { translateKey } from '../../../lib/i18n';
import { useAddInviteCode } from '../api/add-invite-code';
import { useInviteCodeDetails } from '../api/invite-code-details';
import { useUpInviteCode } from '../api/up-invite-code';
import { fromLocalInput, RecentUses, toLocalInput } from './code-fields';

const FIELDS = ['code', 'note', 'max_uses', 'expires_at'] as const;
const rules = zodRules(addInviteCodeBody, ['code', 'note', 'max_uses']);

interface Values {
  code?: string;
  note?: string;
  max_uses: number | null;
  expires_at?: string;
  enabled: boolean;
}

interface Props {
  open: boolean;
  /** The code to edit; absent to add one. */
  code?: InviteCode;
  onClose: () => void;
}

/** Add or edit a campaign invite code: code (blank = generated), note, use limit, expiry, on/off. */
export function InviteCodeFormDialog({ open, code, onClose }: Props) {
  const { t } = useTranslation('codes');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddInviteCode();
  const update = useUpInviteCode();
  const details = useInviteCodeDetails(open ? code?.id : undefined);
  const initialExpiry = toLocalInput(code?.expires_at);

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const text = values.code?.trim() || undefined;
    try {
      if (code) {
        const expiryChanged = (values.expires_at ?? '') !== initialExpiry;
        await update.mutateAsync({
          id: code.id,
          ...(text ? { code: text } : {}),
          note: values.note?.trim() ?? '',
          max_uses: values.max_uses ?? 0,
          ...(expiryChanged ? { expires_at: fromLocalInput(values.expires_at) } : {}),
          enabled: values.enabled,
        });
        void message.success(t('saved'));
      } else {
        const created = await add.mutateAsync({
          code: text,
          note: values.note?.trim() ?? '',
          max_uses: values.max_uses ?? 0,
          expires_at: fromLocalInput(values.expires_at),
          enabled: values.enabled,
        });
        void message.success(t('invite.added', { code: created.code }));
      }
      onClose();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  const title = code ? t('invite.editTitle') : t('invite.addTitle');
  return (
    <Modal
      open={open}
      title={title}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label={title}
        onFinish={onOk}
        initialValues={{
          code: code?.code,
          note: code?.note,
          max_uses: code?.max_uses ?? 0,
          expires_at: initialExpiry,
          enabled: code?.enabled ?? true,
        }}
      >
        <Form.Item name="code" label={t('invite.code')} rules={rules.code} extra={code ? undefined : t('codeHelp')}>
          <Input placeholder={t('generatedPlaceholder')} maxLength={PROMO_CODE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="note" label={t('note')} rules={rules.note}>
          <Input placeholder={t('notePlaceholder')} maxLength={200} />
        </Form.Item>
        <Form.Item name="max_uses" label={t('maxUses')} rules={rules.max_uses} extra={t('maxUsesHelp')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expires_at"
          label={t('expiresAt')}
          extra={t('expiresAtHelp')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!code && v && new Date(v).getTime() <= Date.now()) throw new Error(translateKey('v.expiryPast'));
              },
            },
          ]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      {code && <RecentUses uses={details.data?.recent_uses} />}
    </Modal>
  );
}
