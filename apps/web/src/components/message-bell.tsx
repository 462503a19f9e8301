import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/auth/session';
import { formatTime } from '../lib/dates';
import { useMessages, useReadMessages } from '../lib/messages';
import { useRealtime } from '../lib/realtime';
import { InlineMarkdown } from './markdown/inline-markdown';

/**
 * The top bar's bell: the unread count of the user's system messages (kept live by the realtime channel) and, on
 * click, the five newest with "Mark all read" and a link to all of them on /profile.
 */
export function MessageBell() {
  const { token } = useSession();
  // Mounted only while signed in: signing out leaves no query or socket behind.
  return token ? <Bell token={token} /> : null;
}

function Bell({ token }: { token: string }) {
  const { t } = useTranslation('layout');
  const client = useQueryClient();
  const navigate = useNavigate();
  useRealtime(token, client);
  const messages = useMessages(5);
  const read = useReadMessages();
  const unread = messages.data?.unread ?? 0;
  const list = messages.data?.list ?? [];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div className="xr-bell" data-testid="message-bell-list">
          <div className="xr-bell__head">
            <strong>{t('messages.title')}</strong>
            <Button size="small" type="link" disabled={unread === 0} onClick={() => read.mutate(undefined)}>
              {t('messages.readAll')}
            </Button>
          </div>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />
          ) : (
            <ul className="xr-bell__list">
              {list.map((m) => (
                <li key={m.id} className={m.read ? 'xr-bell__item' : 'xr-bell__item is-unread'}>
                  <button type="button" onClick={() => !m.read && read.mutate(m.id)}>
                    <InlineMarkdown className="xr-bell__text" text={m.message} />
                    <span className="xr-bell__time">{formatTime(m.created_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Button block type="text" onClick={() => navigate('/profile')}>
            {t('messages.all')}
          </Button>
        </div>
      )}
    >
      <Badge count={unread} overflowCount={99} size="small" offset={[-4, 4]} data-testid="message-badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('messages.bell', { count: unread })} />
      </Badge>
    </Dropdown>
  );
}
