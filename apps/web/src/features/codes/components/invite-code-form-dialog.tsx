import { addInviteCodeBody, type InviteCode, PROMO_CODE_MAX } from '@xr/contract/codes';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddInviteCode } from '../api/add-invite-code';
import { useInviteCodeDetails } from '../api/invite-code-details';
import { useUpInviteCode } from '../api/up-invite-code';
import { changedExpiry, ExpiryItems, fromLocalInput, RecentUses, toLocalInput } from './code-fields';

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
  const [form] = Form.useForm<Values>();
  const add = useAddInviteCode();
  const update = useUpInviteCode();
  const details = useInviteCodeDetails(open ? code?.id : undefined);
  const initialExpiry = toLocalInput(code?.expires_at);

  const onSubmit = async (values: Values) => {
    const text = values.code?.trim() || undefined;
    const common = { note: values.note?.trim() ?? '', max_uses: values.max_uses ?? 0, enabled: values.enabled };
    if (!code) {
      const created = await add.mutateAsync({ code: text, ...common, expires_at: fromLocalInput(values.expires_at) });
      return t('invite.added', { code: created.code });
    }
    await update.mutateAsync({
      id: code.id,
      ...(text ? { code: text } : {}),
      ...common,
      ...changedExpiry(values.expires_at, initialExpiry),
    });
    return t('saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={code ? t('invite.editTitle') : t('invite.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      below={code && <RecentUses uses={details.data?.recent_uses} />}
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
      <ExpiryItems adding={!code} />
    </FormDialog>
  );
}
