import { addCouponCodeBody, COUPON_KINDS, COUPON_VALUE_MAX, type CouponCode, type CouponKind } from '@xr/contract/codes';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddCouponCode } from '../api/add-coupon-code';
import { useCouponCodeDetails } from '../api/coupon-code-details';
import { useUpCouponCode } from '../api/up-coupon-code';
import { ExpiryItems } from './code-fields';
import { CodeFormDialog, type CodeValues } from './code-form-dialog';

const FIELDS = ['cdk', 'kind', 'value', 'max_uses', 'expires_at', 'note'] as const;
const rules = zodRules(addCouponCodeBody, ['cdk', 'kind', 'value', 'max_uses', 'note']);

interface Values extends CodeValues {
  cdk?: string;
  kind: CouponKind;
  value: number | null;
  max_uses: number | null;
  note?: string;
}

interface Props {
  open: boolean;
  /** The coupon to edit; absent to add one. */
  coupon?: CouponCode;
  onClose: () => void;
}

const common = (values: Values) => ({
  kind: values.kind,
  value: values.value ?? 0,
  max_uses: values.max_uses ?? 0,
  enabled: values.enabled,
  note: values.note?.trim() ?? '',
});

/** Add or edit a coupon: cdk (blank = generated), what it gives and how much, use limit, expiry, on/off, note. */
export function CouponCodeFormDialog({ open, coupon, onClose }: Props) {
  const { t } = useTranslation('codes');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? coupon?.kind ?? 'membership_days';
  const add = useAddCouponCode();
  const update = useUpCouponCode();
  const details = useCouponCodeDetails(open ? coupon?.id : undefined);

  return (
    <CodeFormDialog<Values>
      kind="coupon"
      form={form}
      open={open}
      row={coupon}
      onClose={onClose}
      code={{ name: 'cdk', label: t('coupon.cdk'), rules: rules.cdk }}
      fields={FIELDS}
      initialValues={{
        cdk: coupon?.cdk,
        kind: coupon?.kind ?? 'membership_days',
        value: coupon?.value ?? 30,
        max_uses: coupon?.max_uses ?? 0,
        enabled: coupon?.enabled ?? true,
        note: coupon?.note,
      }}
      recentUses={details.data?.recent_uses}
      add={async (cdk, values, expires_at) => (await add.mutateAsync({ cdk, ...common(values), expires_at })).cdk}
      update={(id, { code: cdk, ...changes }, values) =>
        update.mutateAsync({ id, ...(cdk ? { cdk } : {}), ...changes, ...common(values) })
      }
    >
      <Form.Item name="kind" label={t('coupon.kind')} rules={rules.kind} required>
        <Radio.Group
          optionType="button"
          options={COUPON_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          onChange={() => void form.validateFields(['value']).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={kind === 'xp' ? t('coupon.valueXp') : t('coupon.valueDays')}
        rules={rules.value}
        required
        extra={t('coupon.valueHelp', { max: COUPON_VALUE_MAX[kind] })}
      >
        <InputNumber min={1} max={COUPON_VALUE_MAX[kind]} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="max_uses" label={t('maxUses')} rules={rules.max_uses} extra={t('coupon.maxUsesHelp')}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <ExpiryItems adding={!coupon} />
      <Form.Item name="note" label={t('note')} rules={rules.note}>
        <Input placeholder={t('notePlaceholder')} maxLength={200} />
      </Form.Item>
    </CodeFormDialog>
  );
}
