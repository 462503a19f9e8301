import { AudioMutedOutlined, AudioOutlined, LockOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Modal, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuestTag } from '../../../components/guest-tag';
import { RoomIcon } from '../../../components/room-icons';
import { colorOf } from '../lib/colors';

export type RoomRole = 'host' | 'speaker' | 'visitor';

/** A person in the room as the list shows them. */
export interface RoomPerson {
  /** Socket-level id the host tools address. */
  key: string;
  /** Colour key (the same as their avatar's). */
  colorKey: string | number;
  name: string;
  role: RoomRole;
  muted?: boolean;
  hand?: boolean;
  speaking?: boolean;
  me?: boolean;
  /** Not signed in: a guest's name is their own choice, so it is marked. */
  guest?: boolean;
}

export type HostAction = 'mute' | 'unmute' | 'kick' | 'ban' | 'promote' | 'speaker' | 'visitor' | 'lower' | 'move';

/** Where a host may move someone: "to me" in a 3D room, each scene of a tour. */
export interface MoveTarget {
  key: string;
  label: string;
}

export interface PeopleListProps {
  people: readonly RoomPerson[];
  /** The viewer is a host: each other person gets the host tools, and the room's lock switch shows. */
  isHost: boolean;
  locked: boolean;
  /** `target` is the chosen MoveTarget's key for `move`. */
  onAction(action: HostAction, person: RoomPerson, target?: string): void;
  onLock?(locked: boolean): void;
  /** The host's "move" choices (none: no move item). */
  moveTargets?: readonly MoveTarget[];
}

const ORDER: Record<RoomRole, number> = { host: 0, speaker: 1, visitor: 2 };

/**
 * Who is in the room: hosts first, then speakers, then visitors (raised hands first within a role), each with their
 * role, muted / speaking / hand state. Hosts see a tools menu on everyone else (lower a raised hand, mute, make
 * speaker, promote to host, back to visitor, kick, ban — kick and ban ask first) and a switch that locks the room.
 */
export function PeopleList({ people, isHost, locked, onAction, onLock, moveTargets = [] }: PeopleListProps) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const [modal, holder] = Modal.useModal();
  const sorted = [...people].sort(
    (a, b) => ORDER[a.role] - ORDER[b.role] || Number(!!b.hand) - Number(!!a.hand) || a.name.localeCompare(b.name),
  );
  const confirm = (action: 'kick' | 'ban', p: RoomPerson) =>
    void modal.confirm({
      title: t(`people.${action}Confirm`, { name: p.name }),
      content: action === 'ban' ? t('people.banHint') : undefined,
      okText: t(`people.${action}`),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => onAction(action, p),
    });

  return (
    <section className="xr-room-people" aria-label={t('people.title')} data-testid="room-people">
      {holder}
      {isHost && onLock && (
        <div className="xr-room-people__lock">
          {locked ? <LockOutlined /> : <UnlockOutlined />}
          <span id="xr-room-lock-label">{t('people.lock')}</span>
          <Switch size="small" checked={locked} onChange={onLock} aria-labelledby="xr-room-lock-label" data-testid="room-lock" />
        </div>
      )}
      <ul className="xr-room-people__list">
        {sorted.map((p) => {
          const items = [
            p.hand ? { key: 'lower', label: t('people.lower') } : null,
            p.muted ? { key: 'unmute', label: t('people.unmute') } : { key: 'mute', label: t('people.mute') },
            p.role !== 'host' ? { key: 'promote', label: t('people.promote') } : null,
            p.role === 'visitor' ? { key: 'speaker', label: t('people.speaker') } : null,
            p.role !== 'visitor' ? { key: 'visitor', label: t('people.visitor') } : null,
            moveTargets.length === 1
              ? { key: `move:${moveTargets[0]?.key}`, label: moveTargets[0]?.label }
              : moveTargets.length > 1
                ? {
                    key: 'move',
                    label: tt('move.to'),
                    children: moveTargets.map((m) => ({ key: `move:${m.key}`, label: m.label })),
                  }
                : null,
            { type: 'divider' as const },
            { key: 'kick', label: t('people.kick'), danger: true },
            { key: 'ban', label: t('people.ban'), danger: true },
          ].filter((x) => x !== null);
          return (
            <li key={p.key} className="xr-room-people__row" data-testid="person-row" data-role={p.role}>
              <Avatar size="small" style={{ background: colorOf(p.colorKey) }}>
                {p.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <span className="xr-room-people__name">
                {p.name}
                {p.guest && <GuestTag />}
                {p.me && <span className="xr-room-people__me"> {t('people.me')}</span>}
              </span>
              {p.hand && <RoomIcon name="hand" label={t('people.hand')} className="xr-room-people__hand" />}
              {p.muted ? (
                <AudioMutedOutlined aria-label={t('people.muted')} />
              ) : p.speaking ? (
                <AudioOutlined className="xr-room-people__speaking" aria-label={t('people.speaking')} />
              ) : null}
              {p.role !== 'visitor' && <Tag color={p.role === 'host' ? 'gold' : 'blue'}>{t(`role.${p.role}`)}</Tag>}
              {isHost && !p.me && (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items,
                    onClick: ({ key }) => {
                      if (key.startsWith('move:')) {
                        onAction('move', p, key.slice('move:'.length));
                        return;
                      }
                      const action = key as HostAction;
                      if (action === 'kick' || action === 'ban') confirm(action, p);
                      else onAction(action, p);
                    },
                  }}
                >
                  <Tooltip title={t('people.tools')}>
                    <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('people.toolsOf', { name: p.name })} />
                  </Tooltip>
                </Dropdown>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
