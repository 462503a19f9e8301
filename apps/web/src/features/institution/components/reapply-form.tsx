import { Button, Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validValues } from '../../../lib/forms';
import { useApplyInstitution } from '../api/institution';

type RenderUpload = (value: string | undefined, onChange: (key: string | undefined) => void) => ReactNode;

interface Values {
  account_type: 'organisation' | 'group_admin';
  certificate?: string;
}

/**
 * A rejected applicant's new application (type and a new certificate): its own chunk, loaded only when the
 * application was rejected, so antd's Form and Select are not in every /profile's first load.
 */
export default function ReapplyForm({
  accountType,
  renderUpload,
}: {
  accountType: Values['account_type'];
  renderUpload: RenderUpload;
}) {
  const { t } = useTranslation('institution');
  const apply = useApplyInstitution();
  const [form] = Form.useForm<Values>();

  const submit = async () => {
    const v: Values | undefined = await validValues(form);
    if (!v) return;
    try {
      await apply.mutateAsync({ account_type: v.account_type, certificate: v.certificate ?? '' });
    } catch {
      // shown by the HTTP client
    }
  };

  return (
    <Form form={form} layout="vertical" className="xr-mt" initialValues={{ account_type: accountType }} onFinish={submit}>
      <Form.Item name="account_type" label={t('type')} rules={[{ required: true }]}>
        <Select
          options={(['organisation', 'group_admin'] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))}
          style={{ maxWidth: 280 }}
        />
      </Form.Item>
      <Form.Item name="certificate" label={t('newCertificate')} rules={[{ required: true, message: t('certificateRequired') }]}>
        <CertificateField render={renderUpload} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        {t('applyAgain')}
      </Button>
    </Form>
  );
}

/** Adapts the composed upload control to a Form.Item child (value and onChange injected by the form). */
function CertificateField({
  render,
  value,
  onChange,
}: {
  render: RenderUpload;
  value?: string;
  onChange?: (key: string | undefined) => void;
}) {
  return <>{render(value, (key) => onChange?.(key))}</>;
}
