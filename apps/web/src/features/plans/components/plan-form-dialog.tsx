import {
  type AddComboInput,
  addComboBody,
  type ComboRow,
  PLAN_LEVELS,
  PLAN_NAME_MAX,
  PLAN_PERIODS,
  PLAN_SEATS_MAX,
} from '@xr/contract/plans';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddCombo, useUpCombo } from '../api/plans';

const GB = 1024 ** 3;
const FIELDS = [
  'name_zh',
  'name_tc',
  'name_en',
  'level',
  'period',
  'price',
  'max_projects',
  'custom_avatars',
  'seats',
  'sort',
] as const;
const rules = zodRules(addComboBody, ['name_zh', 'name_tc', 'name_en', 'price']);

interface Values {
  name_zh: string;
  name_tc: string;
  name_en: string;
  level: AddComboInput['level'];
  period: AddComboInput['period'];
  price: number | null;
  unlimited: boolean;
  max_projects: number | null;
  /** The form edits storage in GB; the call sends bytes. */
  storage_gb: number | null;
  live_streaming: boolean;
  custom_avatars: number | null;
  /** Member seats per purchase (enterprise plans). */
  seats: number | null;
  model_library: boolean;
  sort: number | null;
  enabled: boolean;
}

/** Add a plan or edit one: names in three languages, level, period, price (HKD) and quotas. */
export function PlanFormDialog({ plan, onClose }: { plan?: ComboRow; onClose(): void }) {
  const { t } = useTranslation('plans');
  const { t: ts } = useTranslation('seats');
  const [form] = Form.useForm<Values>();
  const unlimited = Form.useWatch('unlimited', form);
  const add = useAddCombo();
  const update = useUpCombo();

  const onSubmit = async (v: Values) => {
    const body = {
      name_zh: v.name_zh.trim(),
      name_tc: v.name_tc.trim(),
      name_en: v.name_en.trim(),
      level: v.level,
      period: v.period,
      price: v.price ?? 0,
      max_projects: v.unlimited ? null : (v.max_projects ?? 0),
      storage_bytes: Math.round((v.storage_gb ?? 0) * GB),
      live_streaming: v.live_streaming,
      custom_avatars: v.custom_avatars ?? 0,
      seats: v.seats ?? 0,
      model_library: v.model_library,
      sort: v.sort ?? 0,
    };
    if (!plan) {
      await add.mutateAsync({ ...body, enabled: v.enabled });
      return t('admin.added', { name: body.name_en });
    }
    await update.mutateAsync({ id: plan.id, ...body });
    return t('admin.saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      open
      title={plan ? t('admin.editTitle', { name: plan.name_en }) : t('admin.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      initialValues={{
        name_zh: plan?.name_zh ?? '',
        name_tc: plan?.name_tc ?? '',
        name_en: plan?.name_en ?? '',
        level: plan?.level ?? 'member',
        period: plan?.period ?? 'month',
        price: plan?.price ?? 0,
        unlimited: plan ? plan.max_projects === null : false,
        max_projects: plan?.max_projects ?? 10,
        storage_gb: plan ? Number((plan.storage_bytes / GB).toFixed(2)) : 5,
        live_streaming: plan?.live_streaming ?? false,
        custom_avatars: plan?.custom_avatars ?? 0,
        seats: plan?.seats ?? 0,
        model_library: plan?.model_library ?? true,
        sort: plan?.sort ?? 0,
        enabled: plan?.enabled ?? true,
      }}
    >
      <Form.Item name="name_zh" label={t('admin.nameZh')} rules={rules.name_zh}>
        <Input maxLength={PLAN_NAME_MAX} />
      </Form.Item>
      <Form.Item name="name_tc" label={t('admin.nameTc')} rules={rules.name_tc}>
        <Input maxLength={PLAN_NAME_MAX} />
      </Form.Item>
      <Form.Item name="name_en" label={t('admin.nameEn')} rules={rules.name_en}>
        <Input maxLength={PLAN_NAME_MAX} />
      </Form.Item>
      <Form.Item name="level" label={t('admin.level')}>
        <Select options={PLAN_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }))} />
      </Form.Item>
      <Form.Item name="period" label={t('admin.period')}>
        <Select options={PLAN_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))} />
      </Form.Item>
      <Form.Item name="price" label={t('admin.price')} extra={t('admin.priceHelp')}>
        <InputNumber min={0} max={1_000_000} precision={2} prefix="HK$" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="unlimited" label={t('admin.unlimited')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {unlimited ? null : (
        <Form.Item name="max_projects" label={t('admin.maxProjects')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item name="storage_gb" label={t('admin.storageGb')} extra={t('admin.storageHelp')}>
        <InputNumber min={0} max={1024 * 1024} step={1} style={{ width: 200 }} suffix="GB" />
      </Form.Item>
      <Form.Item name="custom_avatars" label={t('admin.customAvatars')}>
        <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="seats" label={ts('planSeats')} extra={ts('planSeatsHelp')}>
        <InputNumber min={0} max={PLAN_SEATS_MAX} precision={0} style={{ width: 200 }} aria-label={ts('planSeats')} />
      </Form.Item>
      <Form.Item name="live_streaming" label={t('admin.liveStreaming')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="model_library" label={t('admin.modelLibrary')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label={t('admin.sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
      </Form.Item>
      {plan ? null : (
        <Form.Item name="enabled" label={t('admin.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormDialog>
  );
}
