import { MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { WORLD_CHAT_MAX } from '@xr/contract/world';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoomClient, RoomState } from '../lib/room-client';
import type { VoiceControls } from '../lib/use-voice';
import type { ChatLine } from './chat-panel';
import { type HostAction, type MoveTarget, PeopleList, type RoomPerson } from './people-list';
import { RoomChat } from './room-chat';

export type Side = 'chat' | 'people';

/** The room's side panel (a drawer on narrow screens): the chat, or the people with the hosts' tools. */
export function RoomSidePanel({
  room,
  st,
  voice,
  side,
  onSide,
  signedIn,
  moveTargets,
  onHost,
  fail,
}: {
  room: RoomClient;
  st: RoomState;
  voice: Pick<VoiceControls, 'speaking' | 'talking'>;
  side: Side;
  onSide(side: Side): void;
  signedIn: boolean;
  moveTargets: MoveTarget[];
  onHost(action: HostAction, p: RoomPerson, target?: string): void;
  fail(e: unknown): void;
}) {
  const { t } = useTranslation('room');
  const me = st.me;
  const hands = new Set(st.hands.map((h) => h.member_id));
  const people: RoomPerson[] = st.members.map((m) => ({
    key: String(m.member_id),
    colorKey: m.user_id ?? m.guest_id ?? m.member_id,
    name: m.name,
    role: m.role,
    muted: m.muted || m.self_muted,
    hand: m.hand_raised || hands.has(m.member_id),
    speaking: voice.speaking.has(m.member_id) || (m.member_id === me?.member_id && voice.talking),
    me: m.member_id === me?.member_id,
    guest: m.user_id === null,
  }));
  const lines: ChatLine[] = st.chat.map((c) => ({
    id: c.id,
    author_key: c.user_id ?? c.member_id,
    author_name: c.name,
    guest: c.user_id === null,
    text: c.text,
    created_at: c.created_at,
    mine: c.member_id === me?.member_id,
  }));
  return (
    <div className="xr-room__side-inner">
      <Segmented<Side>
        block
        value={side}
        onChange={onSide}
        options={[
          { value: 'chat', label: t('chat.title'), icon: <MessageOutlined /> },
          { value: 'people', label: t('people.titleCount', { count: st.members.length }), icon: <TeamOutlined /> },
        ]}
      />
      {side === 'chat' ? (
        <RoomChat
          canReport={signedIn}
          lines={lines}
          maxLength={WORLD_CHAT_MAX}
          onSend={(text) =>
            room.chatSend(text).catch((e: unknown) => {
              fail(e);
              throw e;
            })
          }
        />
      ) : (
        <PeopleList
          people={people}
          isHost={me?.role === 'host'}
          locked={st.locked}
          onAction={onHost}
          moveTargets={moveTargets}
          onLock={(lock) => void room.host({ action: lock ? 'lock' : 'unlock' }).catch(fail)}
        />
      )}
    </div>
  );
}
