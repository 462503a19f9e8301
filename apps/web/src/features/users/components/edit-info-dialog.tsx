import { GENDERS, type UserInfo, upInformationBody } from '@xr/contract/auth';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { blankToUndefined, zodRules } from '../../../components/form/zod-rules';
import { useUpInformation } from '../api/up-information';

const FIELDS = ['username', 'gender', 'phone', 'introduction'] as const;
const rules = zodRules(upInformationBody, FIELDS);

interface Values {
  username: string;
  gender?: string;
  phone?: string;
  introduction?: string;
}

interface Props {
  user: UserInfo;
  open: boolean;
  onClose: () => void;
}

/** Edits user name, gender, phone and introduction (POST /user/up_information_info). */
export function EditInfoDialog({ user, open, onClose }: Props) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const save = useUpInformation();

  const onSubmit = async (values: Values) => {
    const body = { ...blankToUndefined(values), introduction: values.introduction?.trim() ?? '' };
    await save.mutateAsync(upInformationBody.parse(body));
    return t('about.saved');
  };

  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={t('about.editTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      okText={t('about.save')}
      initialValues={{
        username: user.username,
        gender: (GENDERS as readonly string[]).includes(user.gender) ? user.gender : undefined,
        phone: user.phone,
        introduction: user.introduction,
      }}
    >
      <Form.Item name="username" label={t('about.username')} rules={rules.username}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="gender" label={t('about.gender')} rules={rules.gender}>
        <Select options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
      </Form.Item>
      <Form.Item name="phone" label={t('about.phone')} rules={rules.phone}>
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="introduction" label={t('about.introduction')} rules={rules.introduction}>
        <Input.TextArea rows={4} showCount maxLength={500} placeholder={t('about.introductionPlaceholder')} />
      </Form.Item>
    </FormDialog>
  );
}
