import type { UserInfo } from '@xr/contract/auth';
import { Alert, Button, Card, Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { useApplyInstitution, useInstitutionStatus } from '../api/institution';

interface Props {
  user: UserInfo;
  /** The certificate upload control (the auth feature's), composed in by the page: a form input of the key. */
  renderUpload(value: string | undefined, onChange: (key: string | undefined) => void): ReactNode;
}

/**
 * The applicant's side of organisation approval (issue 10), on /profile: a pending application says what waits for
 * the approval; a rejected one shows the reason and takes a new certificate; an approval is confirmed. Individual
 * accounts that never applied see nothing (decision: applying later is a call, not a screen, for now).
 */
export function InstitutionStatusCard({ user, renderUpload }: Props) {
  const { t } = useTranslation('institution');
  const status = useInstitutionStatus(user.account_type !== 'individual');
  const apply = useApplyInstitution();
  const [form] = Form.useForm<{ account_type: 'organisation' | 'group_admin'; certificate?: string }>();
  const s = status.data;
  if (!s) return null;

  const submit = async () => {
    let v: { account_type: 'organisation' | 'group_admin'; certificate?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await apply.mutateAsync({ account_type: v.account_type, certificate: v.certificate ?? '' });
    } catch {
      // shown by the HTTP client
    }
  };

  return (
    <Card title={t('statusTitle')} className="xr-institution" data-testid="institution-status">
      {s.state === 'pending' && (
        <Alert
          type="info"
          showIcon
          message={t('pendingTitle')}
          description={t('pendingText', { date: formatDay(s.created_at) })}
        />
      )}
      {s.state === 'approved' && (
        <Alert
          type="success"
          showIcon
          message={t('approvedTitle')}
          description={t('approvedText', { date: s.decided_at ? formatDay(s.decided_at) : '' })}
        />
      )}
      {s.state === 'rejected' && (
        <>
          <Alert type="warning" showIcon message={t('rejectedTitle')} description={t('rejectedText', { reason: s.reason })} />
          <Form
            form={form}
            layout="vertical"
            className="xr-mt"
            initialValues={{ account_type: s.account_type }}
            onFinish={submit}
          >
            <Form.Item name="account_type" label={t('type')} rules={[{ required: true }]}>
              <Select
                options={(['organisation', 'group_admin'] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))}
                style={{ maxWidth: 280 }}
              />
            </Form.Item>
            <Form.Item
              name="certificate"
              label={t('newCertificate')}
              rules={[{ required: true, message: t('certificateRequired') }]}
            >
              <CertificateField render={renderUpload} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={apply.isPending}>
              {t('applyAgain')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}

/** Adapts the composed upload control to a Form.Item child (value and onChange injected by the form). */
function CertificateField({
  render,
  value,
  onChange,
}: {
  render: Props['renderUpload'];
  value?: string;
  onChange?: (key: string | undefined) => void;
}) {
  return <>{render(value, (key) => onChange?.(key))}</>;
}
