import { PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { GENDERS, thirdPartyRegisterBody, type UserInfo } from '@xr/contract/auth';
import { FORUM_NAME_MAX } from '@xr/contract/constants';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerFieldError, blankToUndefined, errorText, zodRules } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useThirdPartyRegister } from '../api/third-party-register';

const FIELDS = ['username', 'forum_name', 'gender', 'phone', 'terms'] as const;
const rules = zodRules(thirdPartyRegisterBody, FIELDS);

interface Values {
  username?: string;
  forum_name?: string;
  gender?: string;
  phone?: string;
  terms?: boolean;
}

/** First third-party sign-in: confirm the names, add gender and phone, accept the user terms. */
export function CompleteProfileForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useThirdPartyRegister();

  const onFinish = async (values: Values) => {
    const parsed = thirdPartyRegisterBody.safeParse(blankToUndefined(values));
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      onDone();
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      initialValues={{
        username: user.username,
        forum_name: user.forum_name,
        gender: (GENDERS as readonly string[]).includes(user.gender) ? user.gender : undefined,
        phone: user.phone || undefined,
      }}
      onFinish={onFinish}
      aria-label={t('complete.title')}
    >
      <Form.Item name="username" label={t('field.username')} rules={rules.username}>
        <Input prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name="forum_name" label={t('field.forumName')} rules={rules.forum_name} tooltip={t('field.forumNameTip')}>
        <Input showCount maxLength={FORUM_NAME_MAX} />
      </Form.Item>
      <Form.Item name="gender" label={t('field.gender')} rules={rules.gender}>
        <Radio.Group>
          {GENDERS.map((g) => (
            <Radio key={g} value={g}>
              {t(`gender.${g}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="phone" label={t('field.phone')} rules={rules.phone}>
        <Input prefix={<PhoneOutlined />} placeholder={t('field.phonePlaceholder')} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="terms" valuePropName="checked" rules={rules.terms}>
        <Checkbox>
          {t('register.termsPrefix')}{' '}
          <Link to="/user_terms_agreement" target="_blank">
            {t('register.termsLink')}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={save.isPending} className="xr-auth__submit">
        {t('complete.submit')}
      </Button>
    </Form>
  );
}
