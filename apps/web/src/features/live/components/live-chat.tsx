import { LIVE_CHAT_MAX, type LiveChatMessage, type LiveErrorPayload } from '@xr/contract/live';
import { Alert, Button, Card, Empty, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTime } from '../../../lib/dates';

interface Props {
  messages: LiveChatMessage[];
  error: LiveErrorPayload | null;
  /** Signed in: may write. */
  canWrite: boolean;
  send(text: string): void;
}

/** The live chat beside the player: the lines (newest at the bottom, kept in view) and, for signed-in viewers, a box. */
export function LiveChat({ messages, error, canWrite, send }: Props) {
  const { t } = useTranslation('live');
  const when = useDateTime();
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest line whenever one arrives
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    const v = text.trim();
    if (!v) return;
    send(v);
    setText('');
  };

  return (
    <Card size="small" title={t('chat.title')} data-testid="live-chat">
      <div ref={list} className="xr-live-chat-list" aria-live="polite">
        {messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />
        ) : (
          messages.map((m) => (
            <div key={m.id} className="xr-live-chat-line">
              <Typography.Text strong>{m.user_name}</Typography.Text>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when(m.created_at)}
              </Typography.Text>
              <div>{m.text}</div>
            </div>
          ))
        )}
      </div>
      {error && <Alert type="error" showIcon message={error.message} className="xr-mb" />}
      {canWrite ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            maxLength={LIVE_CHAT_MAX}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={submit}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
          />
          <Button type="primary" onClick={submit}>
            {t('chat.send')}
          </Button>
        </Space.Compact>
      ) : (
        <Typography.Text type="secondary">
          <Link to="/login">{t('chat.signIn')}</Link>
        </Typography.Text>
      )}
    </Card>
  );
}
