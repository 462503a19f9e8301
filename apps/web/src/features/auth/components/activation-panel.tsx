import { MailOutlined } from '@ant-design/icons';
import type { RegisterStatusReply } from '@xr/contract/auth';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useRegisterStatusJudge } from '../api/register-status-judge';
import { useResendActivation } from '../api/resend-activation';
import { CODE_COOLDOWN_S } from './send-code-button';

/** After registering: "confirm account activation through the mailbox", then "I have confirmed". */
export function ActivationPanel({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const judge = useRegisterStatusJudge();
  const resend = useResendActivation();
  const [status, setStatus] = useState<RegisterStatusReply['status'] | null>(null);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const id = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [cooldown]);

  const onConfirmed = async () => {
    try {
      const reply = await judge.mutateAsync(email);
      setStatus(reply.status);
      if (reply.status === 'active') {
        void message.success(t('register.activeNow'));
        navigate(`/login?activated=1`, { replace: true });
      }
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const onResend = async () => {
    try {
      await resend.mutateAsync(email);
      setCooldown(CODE_COOLDOWN_S);
      void message.success(t('register.resent', { email }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Result
      className="xr-auth__result"
      icon={<MailOutlined style={{ color: '#6d28d9' }} />}
      title={t('register.checkMailTitle')}
      subTitle={t('register.checkMailText', { email })}
      extra={
        <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 420 }}>
          {status === 'pending' && (
            <Alert
              type="warning"
              showIcon
              title={t('register.notActivated')}
              action={
                <Button size="small" onClick={onResend} loading={resend.isPending} disabled={cooldown > 0}>
                  {cooldown > 0 ? t('code.resendIn', { s: cooldown }) : t('register.resend')}
                </Button>
              }
              data-testid="not-activated"
            />
          )}
          {status === 'disabled' && <Alert type="error" showIcon title={t('register.disabled')} />}
          {status === 'none' && <Alert type="error" showIcon title={t('register.noAccount')} />}
          <Button type="primary" size="large" block onClick={onConfirmed} loading={judge.isPending} className="xr-auth__submit">
            {t('register.confirmed')}
          </Button>
          {status === 'pending' ? null : (
            <Button type="link" onClick={onResend} loading={resend.isPending} disabled={cooldown > 0}>
              {cooldown > 0 ? t('code.resendIn', { s: cooldown }) : t('register.noMail')}
            </Button>
          )}
          {import.meta.env.DEV && <Typography.Text type="secondary">{t('register.devOutbox')}</Typography.Text>}
        </Space>
      }
    />
  );
}
