import { LIBRARY_CATEGORY_IDS, LIBRARY_NAME_MAX, type LibraryCategory, type ManagedModel } from '@xr/contract/library';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { currentLang } from '../../../lib/i18n';
import { useUpdateModel } from '../api/manage';
import { categoryLabel } from './category-label';

interface Values {
  zh: string;
  tc: string;
  en: string;
  category: LibraryCategory;
}

/** Rename a library model in the three languages and move it to another category. */
export function ModelDialog({ model, onClose }: { model: ManagedModel; onClose(): void }) {
  const { t } = useTranslation('library');
  const [form] = Form.useForm<Values>();
  const update = useUpdateModel();
  const lang = currentLang();
  const nameRules = [
    { required: true, whitespace: true, message: t('common:v.nameRequired') },
    { max: LIBRARY_NAME_MAX, message: t('common:v.tooLong') },
  ];
  return (
    <FormDialog<Values>
      form={form}
      title={t('editTitle')}
      onClose={onClose}
      fields={['category']}
      initialValues={{ ...model.names, category: model.category }}
      onSubmit={async (v) => {
        await update.mutateAsync({
          id: model.id,
          names: { zh: v.zh.trim(), tc: v.tc.trim(), en: v.en.trim() },
          category: v.category,
        });
        return t('saved');
      }}
    >
      <Form.Item name="zh" label={t('nameZh')} rules={nameRules}>
        <Input maxLength={LIBRARY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="tc" label={t('nameTc')} rules={nameRules}>
        <Input maxLength={LIBRARY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="en" label={t('nameEn')} rules={nameRules}>
        <Input maxLength={LIBRARY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('common:v.catalogRequired') }]}>
        <Select options={LIBRARY_CATEGORY_IDS.map((id) => ({ value: id, label: categoryLabel(id, lang) }))} />
      </Form.Item>
    </FormDialog>
  );
}
