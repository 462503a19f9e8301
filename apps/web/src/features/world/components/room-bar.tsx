import { ArrowLeftOutlined, LockOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import type { WorldDetails } from '@xr/contract/world';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The room's top bar: back to the meta world, the room's name and type, its lock, how many are here (once joined),
 * and on narrow screens the button that opens the chat and people drawer.
 */
export function RoomBar({
  entry,
  locked,
  count,
  onOpenSide,
}: {
  entry: WorldDetails;
  locked: boolean;
  /** People in the room; null before joining. */
  count: number | null;
  onOpenSide?: () => void;
}) {
  const { t } = useTranslation('room');
  return (
    <header className="xr-room__bar">
      <Link to="/meta" aria-label={t('back')} className="xr-room__back">
        <ArrowLeftOutlined />
      </Link>
      <h1>{entry.name}</h1>
      <Tag>{t(`type.${entry.room_type}`)}</Tag>
      {locked && (
        <Tooltip title={t('locked')}>
          <LockOutlined aria-label={t('locked')} />
        </Tooltip>
      )}
      {count !== null && (
        <span className="xr-room__count" data-testid="room-count">
          <TeamOutlined /> {count}
        </span>
      )}
      {onOpenSide && (
        <Button className="xr-room__side-toggle" icon={<MessageOutlined />} onClick={onOpenSide}>
          {t('openSide')}
        </Button>
      )}
    </header>
  );
}
