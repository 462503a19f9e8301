import { BankOutlined, ClockCircleOutlined, MailOutlined, PhoneOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { contactBody } from '@xr/contract/contact';
import { Button, Col, Form, Input, Result, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, blankToUndefined, errorText, zodRules } from '../../../components/form/zod-rules';
import { useSession } from '../../../lib/auth/session';
import { useSendContactUs } from '../api/send-contact-us';
import './contact.css';
import { useFeedback } from '../../../lib/feedback';

const FIELDS = ['name', 'email', 'phone', 'organisation', 'message'] as const;
const rules = zodRules(contactBody, FIELDS);

interface Values {
  name: string;
  email: string;
  phone: string;
  organisation?: string;
  message?: string;
}

/** /contact: name, email and phone required; organisation and message optional (spec "Contact-us form"). */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const { message } = useFeedback();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const send = useSendContactUs();
  const [sent, setSent] = useState(false);

  const onFinish = async (values: Values) => {
    const parsed = contactBody.safeParse(blankToUndefined(values));
    if (!parsed.success) return;
    try {
      await send.mutateAsync(parsed.data);
      setSent(true);
    } catch (err) {
      if (!applyServerFieldError(form, err, FIELDS)) void message.error(errorText(err));
    }
  };

  const points = [
    { icon: <MailOutlined />, title: t('info.emailTitle'), text: t('info.emailText') },
    { icon: <ClockCircleOutlined />, title: t('info.timeTitle'), text: t('info.timeText') },
    { icon: <BankOutlined />, title: t('info.enterpriseTitle'), text: t('info.enterpriseText') },
  ];

  return (
    <div className="xr-contact">
      <section className="xr-contact__hero">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </section>
      <div className="xr-contact__body">
        <aside className="xr-contact__info">
          {points.map((p) => (
            <div key={p.title} className="xr-contact__point">
              <span className="xr-contact__point-icon">{p.icon}</span>
              <div>
                <div className="xr-contact__point-title">{p.title}</div>
                <div className="xr-contact__point-text">{p.text}</div>
              </div>
            </div>
          ))}
        </aside>
        <section className="xr-contact__card">
          {sent ? (
            <Result
              status="success"
              title={t('done.title')}
              subTitle={t('done.text')}
              extra={
                <Button
                  type="primary"
                  onClick={() => {
                    form.resetFields();
                    setSent(false);
                  }}
                >
                  {t('done.again')}
                </Button>
              }
            />
          ) : (
            <Form<Values>
              form={form}
              layout="vertical"
              size="large"
              initialValues={{ name: user?.username, email: user?.email, phone: user?.phone }}
              onFinish={onFinish}
              aria-label={t('title')}
            >
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="name" label={t('field.name')} rules={rules.name} required>
                    <Input prefix={<UserOutlined />} placeholder={t('field.namePlaceholder')} autoComplete="name" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="organisation" label={t('field.organisation')} rules={rules.organisation}>
                    <Input
                      prefix={<BankOutlined />}
                      placeholder={t('field.organisationPlaceholder')}
                      autoComplete="organization"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="email" label={t('field.email')} rules={rules.email} required>
                    <Input
                      prefix={<MailOutlined />}
                      placeholder={t('field.emailPlaceholder')}
                      autoComplete="email"
                      inputMode="email"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="phone" label={t('field.phone')} rules={rules.phone} required>
                    <Input
                      prefix={<PhoneOutlined />}
                      placeholder={t('field.phonePlaceholder')}
                      autoComplete="tel"
                      inputMode="tel"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="message" label={t('field.message')} rules={rules.message}>
                <Input.TextArea rows={5} showCount maxLength={5000} placeholder={t('field.messagePlaceholder')} />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={send.isPending}
                icon={<SendOutlined />}
                className="xr-contact__submit"
              >
                {t('submit')}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}
