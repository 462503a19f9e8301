import { AudioMutedOutlined, AudioOutlined, CompassOutlined, DesktopOutlined, SmileOutlined } from '@ant-design/icons';
import { WORLD_EMOTES, type WorldEmote, WorldEvent, type WorldMember } from '@xr/contract/world';
import { Button, Dropdown, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoomIcon } from '../../../components/room-icons';
import { useFeedback } from '../../../lib/feedback';
import { EMOTE_ICON } from '../lib/emotes';
import type { RoomClient, RoomState } from '../lib/room-client';
import type { ScreenShare } from '../lib/screen-share';
import type { VoiceControls } from '../lib/use-voice';

/**
 * The joined visitor's tools over the stage: microphone and push-to-talk, emotes, raise hand (visitors and speakers),
 * and the hosts' presenting, screen share and leading a tour.
 */
export function RoomTools({
  room,
  st,
  joined,
  voice,
  is3d,
  sharing,
  share,
  canShare,
  leading,
  setLeading,
  onPresentOpen,
  fail,
}: {
  room: RoomClient;
  st: RoomState;
  joined: WorldMember;
  voice: VoiceControls;
  is3d: boolean;
  sharing: MediaStream | null;
  share: ScreenShare;
  canShare: boolean;
  leading: boolean;
  setLeading(leading: boolean): void;
  onPresentOpen(): void;
  fail(e: unknown): void;
}) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const { message } = useFeedback();
  const isHost = joined.role === 'host';
  const presenting = st.presenter;
  const handUp = joined.hand_raised || st.hands.some((h) => h.member_id === joined.member_id);
  return (
    <div className="xr-room__tools" data-testid="room-tools">
      <Tooltip title={voice.micError ? t('voice.noMic') : voice.selfMuted ? t('voice.unmute') : t('voice.mute')}>
        <Button
          shape="circle"
          size="large"
          danger={voice.selfMuted || !voice.allowed}
          disabled={!voice.micReady || !voice.allowed}
          icon={voice.selfMuted || !voice.allowed ? <AudioMutedOutlined /> : <AudioOutlined />}
          onClick={() => voice.setSelfMuted(!voice.selfMuted)}
          aria-pressed={!voice.selfMuted}
          aria-label={voice.selfMuted ? t('voice.unmute') : t('voice.mute')}
          data-testid="mic-toggle"
        />
      </Tooltip>
      {voice.selfMuted && voice.allowed && voice.micReady && (
        <Button
          size="large"
          type={voice.pushing ? 'primary' : 'default'}
          onPointerDown={() => voice.setPushing(true)}
          onPointerUp={() => voice.setPushing(false)}
          onPointerLeave={() => voice.setPushing(false)}
          data-testid="push-to-talk"
        >
          {t('voice.ptt')}
        </Button>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: WORLD_EMOTES.map((e) => ({ key: e, icon: <RoomIcon name={EMOTE_ICON[e]} />, label: t(`emote.${e}`) })),
          onClick: ({ key }) => void room.emote(key as WorldEmote).catch(fail),
        }}
      >
        <Button shape="circle" size="large" icon={<SmileOutlined />} aria-label={t('emote.title')} data-testid="emote-menu" />
      </Dropdown>
      {!isHost && (
        <Button
          size="large"
          type={handUp ? 'primary' : 'default'}
          icon={<RoomIcon name="hand" />}
          onClick={() => void room.call(handUp ? WorldEvent.handLower : WorldEvent.handRaise, {}).catch(fail)}
          data-testid="raise-hand"
        >
          {handUp ? t('hand.lower') : t('hand.raise')}
        </Button>
      )}
      {isHost && !presenting && (
        <Button size="large" icon={<DesktopOutlined />} onClick={onPresentOpen} data-testid="present-open">
          {t('present.open')}
        </Button>
      )}
      {isHost && canShare && (
        <Button
          size="large"
          type={sharing ? 'primary' : 'default'}
          danger={!!sharing}
          icon={<DesktopOutlined />}
          onClick={() =>
            sharing
              ? void share.stop().catch(fail)
              : void share.start(presenting).catch((e: unknown) => {
                  // the person closing the browser's picker is no error
                  if ((e as { name?: string })?.name !== 'NotAllowedError') void message.error(tt('screen.failed'));
                })
          }
          data-testid="screen-share"
        >
          {sharing ? tt('screen.stop') : tt('screen.start')}
        </Button>
      )}
      {isHost && !is3d && (
        <Button
          size="large"
          type={leading ? 'primary' : 'default'}
          icon={<CompassOutlined />}
          onClick={() => {
            if (leading) void room.call(WorldEvent.followStop, {}).catch(fail);
            setLeading(!leading);
          }}
          data-testid="lead-tour"
        >
          {leading ? t('follow.endLead') : t('follow.lead')}
        </Button>
      )}
      {voice.stage && <Tag color="purple">{t('voice.stage')}</Tag>}
    </div>
  );
}
