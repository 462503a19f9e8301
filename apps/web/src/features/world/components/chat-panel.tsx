import { FlagOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuestTag } from '../../../components/guest-tag';
import { formatTime } from '../../../lib/dates';
import { colorOf } from '../lib/colors';

/** One chat line as the panel shows it. */
export interface ChatLine {
  id: number | string;
  /** Who wrote it (the colour key: the same as their avatar's). */
  author_key: string | number;
  author_name: string;
  /** Written by a guest (not signed in): marked next to the name. */
  guest?: boolean;
  text: string;
  created_at: string;
  /** Written by the viewer (no report button). */
  mine?: boolean;
}

export interface ChatPanelProps {
  lines: readonly ChatLine[];
  /** Longest message (characters); the counter shows what is left. */
  maxLength: number;
  /** Sends a message; resolves when the server accepted it, rejects (with a shown reason) when refused. */
  onSend(text: string): Promise<unknown>;
  /** Reports a line to the moderators (after a confirmation). */
  onReport?(line: ChatLine): void;
  /** Why the visitor cannot write (signed out, muted), or null. */
  disabledReason?: string | null;
  loading?: boolean;
}

/**
 * The room's text chat: the history (newest at the bottom, kept scrolled there while the reader is at the bottom),
 * each line with its author in their avatar's colour and time, a report button on other people's lines, and a
 * message box with a length counter (Enter sends, Shift+Enter breaks the line).
 */
export function ChatPanel({ lines, maxLength, onSend, onReport, disabledReason, loading }: ChatPanelProps) {
  const { t } = useTranslation('room');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when lines arrive
  useEffect(() => {
    const el = list.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lines.length]);

  const trimmed = text.trim();
  const tooLong = text.length > maxLength;
  const send = async () => {
    if (!trimmed || tooLong || sending || disabledReason) return;
    setSending(true);
    try {
      await onSend(trimmed);
      setText('');
    } catch {
      // the reason was shown; the text stays to edit and resend
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="xr-room-chat" aria-label={t('chat.title')} data-testid="room-chat">
      <ol
        ref={list}
        className="xr-room-chat__list"
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {lines.length === 0 ? (
          <li className="xr-room-chat__empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? t('chat.loading') : t('chat.empty')} />
          </li>
        ) : (
          lines.map((l) => (
            <li key={l.id} className="xr-room-chat__line" data-testid="chat-line">
              <div className="xr-room-chat__meta">
                <strong style={{ color: colorOf(l.author_key) }}>{l.author_name}</strong>
                {l.guest && <GuestTag />}
                <time dateTime={l.created_at}>{formatTime(l.created_at)}</time>
                {!l.mine && onReport && (
                  <Popconfirm
                    title={t('chat.reportConfirm')}
                    okText={t('chat.report')}
                    cancelText={t('cancel')}
                    onConfirm={() => onReport(l)}
                  >
                    <Tooltip title={t('chat.report')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<FlagOutlined />}
                        aria-label={t('chat.reportOf', { name: l.author_name })}
                        className="xr-room-chat__report"
                      />
                    </Tooltip>
                  </Popconfirm>
                )}
              </div>
              <p className="xr-room-chat__text">{l.text}</p>
            </li>
          ))
        )}
      </ol>
      <div className="xr-room-chat__compose">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          autoSize={{ minRows: 1, maxRows: 3 }}
          placeholder={disabledReason ?? t('chat.placeholder')}
          disabled={!!disabledReason}
          aria-label={t('chat.input')}
          data-testid="chat-input"
        />
        <div className="xr-room-chat__actions">
          <span className={`xr-room-chat__count${tooLong ? ' is-over' : ''}`} data-testid="chat-count">
            {text.length}/{maxLength}
          </span>
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void send()}
            loading={sending}
            disabled={!trimmed || tooLong || !!disabledReason}
            data-testid="chat-send"
          >
            {t('chat.send')}
          </Button>
        </div>
      </div>
    </section>
  );
}
