import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';

export const CODE_COOLDOWN_S = 60;

interface Props {
  /** Validates the email field and returns the address, or null when it is not valid yet. */
  getEmail: () => Promise<string | null>;
  send: (email: string) => Promise<unknown>;
  /** Called after a failed send; return true when the error was shown elsewhere (e.g. on the field). */
  onError?: (err: unknown) => boolean;
}

/** "Send code" button with a 60 s countdown before it can send again. */
export function SendCodeButton({ getEmail, send, onError }: Props) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);

  const onClick = async () => {
    const email = await getEmail();
    if (!email) return;
    setSending(true);
    try {
      await send(email);
      setLeft(CODE_COOLDOWN_S);
      void message.success(t('code.sent', { email }));
    } catch (err) {
      if (!onError?.(err)) void message.error(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={onClick} loading={sending} disabled={left > 0} className="xr-code-btn" data-testid="send-code">
      {left > 0 ? t('code.resendIn', { s: left }) : t('code.send')}
    </Button>
  );
}
