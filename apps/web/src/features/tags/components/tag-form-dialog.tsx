import { type AdminTag, addTagBody, TAG_NAME_MAX, TAG_SORT_MAX } from '@xr/contract/tags';
import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddTag, useUpTag } from '../api/tags';

const FIELDS = ['name', 'names.zh', 'names.tc', 'names.en', 'sort'] as const;
const rules = zodRules(addTagBody, ['name']);

interface Values {
  name: string;
  zh?: string;
  tc?: string;
  en?: string;
  sort: number | null;
  enabled: boolean;
}

/** Add a tag (key, names in three languages, order, on/off) or edit one (the key stays: search and imports use it). */
export function TagFormDialog({ tag, onClose }: { tag?: AdminTag; onClose(): void }) {
  const { t } = useTranslation('tags');
  const [form] = Form.useForm<Values>();
  const add = useAddTag();
  const update = useUpTag();

  const onSubmit = async (v: Values) => {
    const names = { zh: v.zh?.trim() ?? '', tc: v.tc?.trim() ?? '', en: v.en?.trim() ?? '' };
    const sort = v.sort ?? 0;
    if (!tag) {
      const created = await add.mutateAsync({ name: v.name.trim(), names, sort, enabled: v.enabled });
      return t('added', { name: created.name });
    }
    await update.mutateAsync({ id: tag.id, names, sort, enabled: v.enabled });
    return t('saved');
  };

  const nameRule = [{ max: TAG_NAME_MAX, message: t('tooLong', { max: TAG_NAME_MAX }) }];
  return (
    <FormDialog<Values>
      form={form}
      open
      title={tag ? t('editTitle', { name: tag.name }) : t('addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      initialValues={{
        name: tag?.name ?? '',
        zh: tag?.names.zh ?? '',
        tc: tag?.names.tc ?? '',
        en: tag?.names.en ?? '',
        sort: tag?.sort ?? 0,
        enabled: tag?.enabled ?? true,
      }}
    >
      <Form.Item name="name" label={t('key')} rules={tag ? [] : rules.name} extra={t(tag ? 'keyFixed' : 'keyHelp')}>
        <Input maxLength={TAG_NAME_MAX} disabled={!!tag} autoComplete="off" />
      </Form.Item>
      <Form.Item name="zh" label={t('nameZh')} rules={nameRule}>
        <Input maxLength={TAG_NAME_MAX} placeholder={t('namePlaceholder')} />
      </Form.Item>
      <Form.Item name="tc" label={t('nameTc')} rules={nameRule}>
        <Input maxLength={TAG_NAME_MAX} placeholder={t('namePlaceholder')} />
      </Form.Item>
      <Form.Item name="en" label={t('nameEn')} rules={nameRule}>
        <Input maxLength={TAG_NAME_MAX} placeholder={t('namePlaceholder')} />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')} extra={t('sortHelp')}>
        <InputNumber min={0} max={TAG_SORT_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
