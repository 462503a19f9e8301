import { addInviteCodeBody, type InviteCode } from '@xr/contract/codes';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddInviteCode } from '../api/add-invite-code';
import { useInviteCodeDetails } from '../api/invite-code-details';
import { useUpInviteCode } from '../api/up-invite-code';
import { ExpiryItems } from './code-fields';
import { CodeFormDialog, type CodeValues } from './code-form-dialog';

const FIELDS = ['code', 'note', 'max_uses', 'expires_at'] as const;
const rules = zodRules(addInviteCodeBody, ['code', 'note', 'max_uses']);

interface Values extends CodeValues {
  code?: string;
  note?: string;
  max_uses: number | null;
}

interface Props {
  open: boolean;
  /** The code to edit; absent to add one. */
  code?: InviteCode;
  onClose: () => void;
}

const common = (values: Values) => ({ note: values.note?.trim() ?? '', max_uses: values.max_uses ?? 0, enabled: values.enabled });

/** Add or edit a campaign invite code: code (blank = generated), note, use limit, expiry, on/off. */
export function InviteCodeFormDialog({ open, code, onClose }: Props) {
  const { t } = useTranslation('codes');
  const [form] = Form.useForm<Values>();
  const add = useAddInviteCode();
  const update = useUpInviteCode();
  const details = useInviteCodeDetails(open ? code?.id : undefined);

  return (
    <CodeFormDialog<Values>
      kind="invite"
      form={form}
      open={open}
      row={code}
      onClose={onClose}
      code={{ name: 'code', label: t('invite.code'), rules: rules.code }}
      fields={FIELDS}
      initialValues={{ code: code?.code, note: code?.note, max_uses: code?.max_uses ?? 0, enabled: code?.enabled ?? true }}
      recentUses={details.data?.recent_uses}
      add={async (text, values, expires_at) => (await add.mutateAsync({ code: text, ...common(values), expires_at })).code}
      update={(id, changes, values) => update.mutateAsync({ id, ...changes, ...common(values) })}
    >
      <Form.Item name="note" label={t('note')} rules={rules.note}>
        <Input placeholder={t('notePlaceholder')} maxLength={200} />
      </Form.Item>
      <Form.Item name="max_uses" label={t('maxUses')} rules={rules.max_uses} extra={t('maxUsesHelp')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <ExpiryItems adding={!code} />
    </CodeFormDialog>
  );
}
