import { addCouponCodeBody, COUPON_KINDS, COUPON_VALUE_MAX, type CouponCode, type CouponKind } from '@xr/contract/codes';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddCouponCode } from '../api/add-coupon-code';
import { useCouponCodeDetails } from '../api/coupon-code-details';
import { useUpCouponCode } from '../api/up-coupon-code';
import { changedExpiry, ExpiryItems, fromLocalInput, RecentUses, toLocalInput } from './code-fields';

const FIELDS = ['cdk', 'kind', 'value', 'max_uses', 'expires_at', 'note'] as const;
const rules = zodRules(addCouponCodeBody, ['cdk', 'kind', 'value', 'max_uses', 'note']);

interface Values {
  cdk?: string;
  kind: CouponKind;
  value: number | null;
  max_uses: number | null;
  expires_at?: string;
  enabled: boolean;
  note?: string;
}

interface Props {
  open: boolean;
  /** The coupon to edit; absent to add one. */
  coupon?: CouponCode;
  onClose: () => void;
}

/** Add or edit a coupon: cdk (blank = generated), what it gives and how much, use limit, expiry, on/off, note. */
export function CouponCodeFormDialog({ open, coupon, onClose }: Props) {
  const { t } = useTranslation('codes');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? coupon?.kind ?? 'membership_days';
  const add = useAddCouponCode();
  const update = useUpCouponCode();
  const details = useCouponCodeDetails(open ? coupon?.id : undefined);
  const initialExpiry = toLocalInput(coupon?.expires_at);

  const onSubmit = async (values: Values) => {
    const cdk = values.cdk?.trim() || undefined;
    const common = {
      kind: values.kind,
      value: values.value ?? 0,
      max_uses: values.max_uses ?? 0,
      enabled: values.enabled,
      note: values.note?.trim() ?? '',
    };
    if (!coupon) {
      const created = await add.mutateAsync({ cdk, ...common, expires_at: fromLocalInput(values.expires_at) });
      return t('coupon.added', { cdk: created.cdk });
    }
    await update.mutateAsync({
      id: coupon.id,
      ...(cdk ? { cdk } : {}),
      ...common,
      ...changedExpiry(values.expires_at, initialExpiry),
    });
    return t('saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={coupon ? t('coupon.editTitle') : t('coupon.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      below={coupon && <RecentUses uses={details.data?.recent_uses} />}
      initialValues={{
        cdk: coupon?.cdk,
        kind: coupon?.kind ?? 'membership_days',
        value: coupon?.value ?? 30,
        max_uses: coupon?.max_uses ?? 0,
        expires_at: initialExpiry,
        enabled: coupon?.enabled ?? true,
        note: coupon?.note,
      }}
    >
      <Form.Item name="cdk" label={t('coupon.cdk')} rules={rules.cdk} extra={coupon ? undefined : t('codeHelp')}>
        <Input placeholder={t('generatedPlaceholder')} maxLength={32} autoComplete="off" />
      </Form.Item>
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
    </FormDialog>
  );
}
