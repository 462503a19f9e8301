import {
  ArrowLeftOutlined,
  AudioMutedOutlined,
  AudioOutlined,
  CompassOutlined,
  DesktopOutlined,
  LockOutlined,
  MessageOutlined,
  SmileOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { parseSceneDocument, parseTourDocument, pickText } from '@xr/contract/scenes';
import {
  WORLD_CHAT_MAX,
  WORLD_EMOTES,
  type WorldDetails,
  type WorldEmote,
  WorldEvent,
  type WorldHostAction,
  worldRoomPath,
} from '@xr/contract/world';
import { Button, Drawer, Dropdown, Result, Segmented, Spin, Tag, Tooltip } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RoomIcon } from '../../../components/room-icons';
import type { SceneViewerProps } from '../../../components/viewers/scene-viewer-props';
import { useSession } from '../../../lib/auth/session';
import { currentLang } from '../../../lib/i18n';
import { loginPath } from '../../../lib/navigation';
import { useRealtimeSocket } from '../../../lib/realtime';
import { useWorldDetails } from '../api/world-details';
import { useWorldScene } from '../api/world-scene';
import type { ChatLine } from '../components/chat-panel';
import { JoinGate, type JoinValues } from '../components/join-gate';
import { Minimap } from '../components/minimap';
import { type HostAction, type MoveTarget, PeopleList, type RoomPerson } from '../components/people-list';
import { PresentDialog, SlidePanel } from '../components/presenter';
import { RoomChat } from '../components/room-chat';
import { roomPeopleSource } from '../lib/avatar-picture';
import { EMOTE_ICON } from '../lib/emotes';
import { RoomClient, type RoomError, type RoomState } from '../lib/room-client';
import { ScreenShare } from '../lib/screen-share';
import { useVoice } from '../lib/use-voice';
import '../room.css';
import { useFeedback } from '../../../lib/feedback';

// the viewers are heavy (three.js, Photo Sphere Viewer): loaded when a room of their kind opens
const SceneViewer = lazy(() => import('../../../components/viewers/scene3d/scene-viewer')) as ComponentType<SceneViewerProps>;
const TourViewer = lazy(() => import('../../../components/viewers/tour/tour-viewer')) as ComponentType<SceneViewerProps>;
const RoomScene3d = lazy(() => import('../components/room-scene'));

const GUEST_KEY = 'xr_guest_id';

/** This browser session's anonymous visitor id (kept for the session so a reload is the same guest). */
function guestId(): string {
  let id = sessionStorage.getItem(GUEST_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    sessionStorage.setItem(GUEST_KEY, id);
  }
  return id;
}

/**
 * /meta/room?id=&invite= (public): a meta world room. Loads the entry and its scene (3D scene or 360 tour), then
 * joins over the page's shared realtime socket after "Enter" (password and sign-in prompts on refusal). Inside:
 * other people as avatar figures (3D) or a list (tour), chat, emotes, voice (push-to-talk, mute, spatial in 3D),
 * the people list with host tools, presenter mode, raise hand, and follow-the-host in tours.
 */
export default function RoomPage() {
  const { t } = useTranslation('room');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0 && id < 2 ** 31;
  const invite = params.get('invite') ?? undefined;
  const { token } = useSession();
  const details = useWorldDetails(id, !!token, valid);
  const entry = details.data;
  const socket = useRealtimeSocket(token);
  const [room, setRoom] = useState<RoomClient | null>(null);
  useEffect(() => {
    if (!socket) return;
    const r = new RoomClient(socket);
    setRoom(r);
    return () => {
      r.leave();
      setRoom(null);
    };
  }, [socket]);

  let body: ReactNode;
  if (!valid) body = <Result status="404" title={t('notFound')} extra={<BackToMeta />} />;
  else if (details.isLoading || (entry && !room)) body = <Spin size="large" className="xr-room__spin" />;
  else if (!entry) body = <Result status="404" title={details.error?.message || t('notFound')} extra={<BackToMeta />} />;
  else if (room) body = <Room room={room} entry={entry} invite={invite} signedIn={!!token} />;
  return (
    <div className="xr-room" data-testid="room-page">
      {body}
    </div>
  );
}

function BackToMeta() {
  const { t } = useTranslation('room');
  return (
    <Link to="/meta">
      <Button type="primary">{t('back')}</Button>
    </Link>
  );
}

type Side = 'chat' | 'people';

/** An angle in −π…π (the contract bounds angles). */
export function wrapAngle(a: number): number {
  const r = (((a + Math.PI) % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2);
  return r - Math.PI;
}

/** Phones and narrow windows: the side panel becomes a drawer. */
function useNarrow(): boolean {
  const query = '(max-width: 760px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

/**
 * A room once its entry is known. Its scene comes from POST /meta/world_scene (the room's access rule, not the
 * market's): at once for public, signed-in and invite rooms, after joining with the password in password rooms.
 */
function Room({ room, entry, invite, signedIn }: { room: RoomClient; entry: WorldDetails; invite?: string; signedIn: boolean }) {
  const { t } = useTranslation('room');
  const { t: tt } = useTranslation('roomtools');
  const { message } = useFeedback();
  const st = room.store.use();
  // The password that let us in (password rooms load their scene with it).
  const [password, setPassword] = useState<string>();
  const needsPassword = entry.access === 'password' && !entry.is_host;
  const sceneQuery = useWorldScene({ entry_id: entry.id, invite, password }, signedIn, !needsPassword || password !== undefined);
  const scene = sceneQuery.data;
  const is3d = (scene?.kind ?? entry.scene_kind) === 'scene';
  const me = st.me;
  const isHost = me?.role === 'host';
  const [side, setSide] = useState<Side>('chat');
  const [drawer, setDrawer] = useState(false);
  const [presentOpen, setPresentOpen] = useState(false);
  const [leading, setLeading] = useState(false);
  const [following, setFollowing] = useState(true);
  const narrow = useNarrow();

  const join = (v: JoinValues) => {
    void room
      .join({
        entry_id: entry.id,
        password: v.password || undefined,
        invite,
        guest_id: signedIn ? undefined : guestId(),
        guest_name: signedIn ? undefined : v.guest_name?.trim() || undefined,
      })
      .then(() => {
        if (needsPassword) setPassword(v.password ?? '');
      })
      .catch(() => undefined);
  };

  const voice = useVoice(st.phase === 'joined' ? room : null, me, st.members, {
    spatial: is3d,
    startMuted: entry.room_type === 'classroom',
    iceServers: st.reply?.ice_servers,
    hosts: st.hosts,
  });

  // Screen share: the host's screen over the voice mesh, drawn on the room's screen; stopping gives back the slides.
  const meshRef = useRef(voice.mesh);
  meshRef.current = voice.mesh;
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const share = useMemo(
    () =>
      new ScreenShare(
        {
          present: (p) => (p ? room.call(WorldEvent.presentStart, p) : room.call(WorldEvent.presentStop, {})),
          setTrack: (track) => meshRef.current?.setScreen(track),
          getDisplayMedia: () => navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 15 }, audio: false }),
        },
        setSharing,
      ),
    [room],
  );
  useEffect(() => () => void share.stop().catch(() => undefined), [share]);
  // a new mesh (reconnection) gets the shared screen too
  useEffect(() => {
    voice.mesh?.setScreen(share.sharing?.getVideoTracks()[0] ?? null);
  }, [voice.mesh, share]);
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;

  // re-render when an emote ends
  const [, tick] = useState(0);
  const nextEnd = Math.min(...Object.values(st.emotes).map((e) => e.until));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = window.setTimeout(() => tick((n) => n + 1), Math.max(0, nextEnd - Date.now()) + 20);
    return () => window.clearTimeout(timer);
  }, [nextEnd]);

  const fail = useCallback((e: unknown) => void message.error((e as RoomError).message || t('error.failed')), [message, t]);
  const doc = useMemo(() => (scene && is3d ? parseSceneDocument(scene.document) : null), [is3d, scene]);
  const spawn = doc?.success ? doc.data.settings.spawn : null;
  const tour = useMemo(() => (scene && !is3d ? parseTourDocument(scene.document) : null), [is3d, scene]);
  // A host moves people: to the host's own spot in 3D, to a chosen scene of a tour.
  const moveTargets: MoveTarget[] = is3d
    ? [{ key: 'here', label: tt('move.here') }]
    : tour?.success
      ? tour.data.scenes.map((sc) => ({
          key: sc.id,
          label: tt('move.scene', { name: pickText(sc.name, currentLang()) || sc.id }),
        }))
      : [];
  // A tour visitor a host moved goes to that scene (until the host's follow changes again).
  const [movedScene, setMovedScene] = useState<{ scene: string; seq: number } | null>(null);
  const movedTo = st.movedTo;
  useEffect(() => {
    if (!movedTo) return;
    if (movedTo.scene) setMovedScene({ scene: movedTo.scene, seq: movedTo.seq });
    void message.info(tt('move.moved'));
  }, [movedTo, message, tt]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new follow target takes over from a move
  useEffect(() => setMovedScene(null), [st.follow]);
  const floorSize = doc?.success ? doc.data.settings.floor.size : 20;
  // tour rooms: the others' avatar pictures where they look (read from the movement snapshots, outside React)
  const guestLabel = t('people.guest');
  const tourPeople = useMemo(() => roomPeopleSource(room, guestLabel), [room, guestLabel]);

  if (st.phase === 'removed')
    return (
      <Result status="warning" title={st.error?.message || t('removed')} extra={<BackToMeta />} data-testid="room-removed" />
    );

  const joined = st.phase === 'joined' && me ? me : null;
  const hands = new Set(st.hands.map((h) => h.member_id));
  const handUp = !!joined && (joined.hand_raised || hands.has(joined.member_id));
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
  const onHost = (action: HostAction, p: RoomPerson, target?: string) => {
    const member_id = Number(p.key);
    if (action === 'move') {
      const here = room.selfPose?.p ?? [0, 0, 0];
      const body: WorldHostAction =
        is3d || !target || target === 'here'
          ? { action: 'move', member_id, x: here[0], y: here[1], z: here[2] }
          : { action: 'move', member_id, x: 0, y: 0, z: 0, scene: target };
      room.host(body).then(() => void message.success(tt('move.done', { name: p.name })), fail);
      return;
    }
    const done = () => void message.success(t(`people.done.${action}`, { name: p.name }));
    if (action === 'lower') {
      room.call(WorldEvent.handLower, { member_id }).then(done, fail);
      return;
    }
    const body: WorldHostAction =
      action === 'promote'
        ? { action: 'role', member_id, role: 'host' }
        : action === 'speaker' || action === 'visitor'
          ? { action: 'role', member_id, role: action }
          : { action, member_id };
    room.host(body).then(done, fail);
  };
  const presenting = st.presenter;
  const screenVideo =
    presenting?.kind === 'screen'
      ? presenting.presenter_member_id === me?.member_id
        ? sharing
        : (voice.videos.get(presenting.presenter_member_id) ?? null)
      : null;
  const page = (n: number) => void room.call(WorldEvent.presentPage, { page: n }).catch(fail);
  const stop = () => void room.call(WorldEvent.presentStop, {}).catch(fail);
  const followTarget =
    !is3d && st.follow && following && !leading && st.follow.host_member_id !== me?.member_id
      ? { scene: st.follow.scene_id, yaw: st.follow.yaw, pitch: st.follow.pitch }
      : null;
  const hostName = st.follow ? st.members.find((m) => m.member_id === st.follow?.host_member_id)?.name : undefined;

  const sidePanel = (
    <div className="xr-room__side-inner">
      <Segmented<Side>
        block
        value={side}
        onChange={setSide}
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
          isHost={!!isHost}
          locked={st.locked}
          onAction={onHost}
          moveTargets={moveTargets}
          onLock={(lock) => void room.host({ action: lock ? 'lock' : 'unlock' }).catch(fail)}
        />
      )}
    </div>
  );

  const viewer = !scene ? (
    sceneQuery.isError ? (
      <Result
        status="warning"
        title={sceneQuery.error?.message || t('sceneFailed')}
        extra={<BackToMeta />}
        data-testid="room-scene-failed"
      />
    ) : (
      <div className="xr-room__waiting" data-testid="room-scene-waiting">
        {sceneQuery.fetchStatus === 'fetching' && <Spin size="large" />}
      </div>
    )
  ) : is3d ? (
    <SceneViewer details={scene} height="100%" walkOnly>
      {joined && (
        <Suspense fallback={null}>
          <RoomScene3d
            members={st.members}
            meId={joined.member_id}
            guestLabel={t('people.guest')}
            source={room}
            emotes={st.emotes}
            speaking={voice.speaking}
            moveTo={st.movedTo}
            onSend={(p) => room.move({ x: p.p[0], y: p.p[1], z: p.p[2], yaw: wrapAngle(p.yaw), pitch: wrapAngle(p.pitch) })}
            onPose={(mid, p) => voice.mesh?.setPeerPosition(String(mid), p)}
            onListener={(p, yaw) => voice.mesh?.setListener(p, yaw)}
            screen={
              presenting && spawn
                ? { url: presenting.urls[presenting.page] ?? '', spawn: spawn.position, yaw: spawn.yaw, video: screenVideo }
                : null
            }
          />
        </Suspense>
      )}
    </SceneViewer>
  ) : (
    <TourViewer
      details={scene}
      height="100%"
      follow={movedScene ? { scene: movedScene.scene, yaw: 0, pitch: 0 } : followTarget}
      people={joined ? tourPeople : undefined}
      // Only while joined: the viewer reports the current view again each time watching starts, so someone who
      // entered (or re-entered) without turning is still placed for the others (a view reported before the join
      // was dropped, and an unchanged view is never reported twice).
      onViewChange={
        joined
          ? (sceneId, v) => {
              const view = { yaw: wrapAngle(v.yaw), pitch: wrapAngle(v.pitch) };
              room.move({ x: 0, y: 0, z: 0, ...view, scene: sceneId });
              if (leading && isHost) void room.call(WorldEvent.followHost, { scene_id: sceneId, ...view }).catch(fail);
            }
          : undefined
      }
    />
  );

  return (
    <div className="xr-room__layout">
      <header className="xr-room__bar">
        <Link to="/meta" aria-label={t('back')} className="xr-room__back">
          <ArrowLeftOutlined />
        </Link>
        <h1>{entry.name}</h1>
        <Tag>{t(`type.${entry.room_type}`)}</Tag>
        {st.locked && (
          <Tooltip title={t('locked')}>
            <LockOutlined aria-label={t('locked')} />
          </Tooltip>
        )}
        {joined && (
          <span className="xr-room__count" data-testid="room-count">
            <TeamOutlined /> {st.members.length}
          </span>
        )}
        {narrow && joined && (
          <Button className="xr-room__side-toggle" icon={<MessageOutlined />} onClick={() => setDrawer(true)}>
            {t('openSide')}
          </Button>
        )}
      </header>
      <div className="xr-room__main">
        <div
          className="xr-room__stage"
          data-testid="room-stage"
          data-kind={scene?.kind ?? entry.scene_kind ?? undefined}
          data-slide={presenting ? presenting.page : undefined}
          data-present={presenting?.kind}
        >
          <Suspense fallback={<Spin size="large" className="xr-room__spin" />}>{viewer}</Suspense>
          {is3d && joined && (
            <Minimap
              members={st.members}
              meId={joined.member_id}
              source={room}
              self={() => room.selfPose}
              floorSize={floorSize}
            />
          )}
          {/* in 3D the slide is on the scene's screen; hosts (to page) and phones (readable) also get the panel */}
          {presenting && (!is3d || isHost || narrow) && (
            <SlidePanel state={presenting} canPage={!!isHost} compact={is3d} onPage={page} onStop={stop} video={screenVideo} />
          )}
          {followTarget && (
            <div className="xr-room__follow" data-testid="following">
              <CompassOutlined /> {t('follow.following', { name: hostName ?? t('role.host') })}
              <Button size="small" onClick={() => setFollowing(false)}>
                {t('follow.stop')}
              </Button>
            </div>
          )}
          {!is3d && st.follow && !following && !leading && (
            <div className="xr-room__follow">
              <Button size="small" type="primary" onClick={() => setFollowing(true)} data-testid="follow-again">
                {t('follow.again')}
              </Button>
            </div>
          )}
          <EmoteToasts st={st} />
          {joined ? (
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
                <Button
                  shape="circle"
                  size="large"
                  icon={<SmileOutlined />}
                  aria-label={t('emote.title')}
                  data-testid="emote-menu"
                />
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
                <Button size="large" icon={<DesktopOutlined />} onClick={() => setPresentOpen(true)} data-testid="present-open">
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
          ) : (
            <JoinGate
              entry={entry}
              signedIn={signedIn}
              error={st.phase === 'refused' ? st.error : null}
              joining={st.phase === 'joining'}
              loginPath={loginPath(worldRoomPath(entry.id, invite))}
              onJoin={join}
            />
          )}
        </div>
        {joined && !narrow && <aside className="xr-room__side">{sidePanel}</aside>}
      </div>
      {narrow && (
        <Drawer
          open={drawer && !!joined}
          onClose={() => setDrawer(false)}
          placement="bottom"
          size="70vh"
          title={entry.name}
          className="xr-room__drawer"
        >
          {sidePanel}
        </Drawer>
      )}
      <PresentDialog
        open={presentOpen}
        onClose={() => setPresentOpen(false)}
        onStart={(urls, kind) =>
          room.call(WorldEvent.presentStart, { kind, urls, page: 0 }).catch((e: unknown) => {
            fail(e);
            throw e;
          })
        }
      />
    </div>
  );
}

/** Emotes of the last seconds as small toasts over the stage (tour rooms have no figures to show them on). */
function EmoteToasts({ st }: { st: RoomState }) {
  const { t } = useTranslation('room');
  const now = Date.now();
  const live = Object.entries(st.emotes).filter(([, e]) => e.until > now);
  if (live.length === 0) return null;
  return (
    <ul className="xr-room__emotes" aria-live="polite" data-testid="emote-toasts">
      {live.map(([mid, e]) => (
        <li key={mid}>
          <RoomIcon name={EMOTE_ICON[e.emote]} label={t(`emote.${e.emote}`)} />{' '}
          {st.members.find((m) => m.member_id === Number(mid))?.name ?? ''}
        </li>
      ))}
    </ul>
  );
}
