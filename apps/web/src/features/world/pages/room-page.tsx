import { type WorldDetails, WorldEvent, worldRoomPath } from '@xr/contract/world';
import { Drawer, Result, Spin } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth/session';
import { loginPath } from '../../../lib/navigation';
import { useWorldDetails } from '../api/world-details';
import { BackToMeta } from '../components/back-to-meta';
import { EmoteToasts } from '../components/emote-toasts';
import { FollowBanner } from '../components/follow-banner';
import { JoinGate } from '../components/join-gate';
import { Minimap } from '../components/minimap';
import { PresentDialog, SlidePanel } from '../components/presenter';
import { RoomBar } from '../components/room-bar';
import { RoomSidePanel, type Side } from '../components/room-side-panel';
import { RoomTools } from '../components/room-tools';
import { RoomViewer } from '../components/room-viewer';
import type { RoomClient } from '../lib/room-client';
import { useHostActions } from '../lib/use-host-actions';
import { useRoomClient, useRoomConnection } from '../lib/use-room-connection';
import { useRoomDocument } from '../lib/use-room-document';
import { useRoomFollow } from '../lib/use-room-follow';
import { useRoomMedia } from '../lib/use-room-media';
import { useEmoteClock, useNarrow } from '../lib/use-room-ui';
import '../room.css';

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
  const room = useRoomClient(token);

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

/** A room once its entry is known: the bar, the stage (scene, overlays, tools or the join gate) and the side panel. */
function Room({ room, entry, invite, signedIn }: { room: RoomClient; entry: WorldDetails; invite?: string; signedIn: boolean }) {
  const { t } = useTranslation('room');
  const { st, sceneQuery, is3d, join, fail } = useRoomConnection(room, entry, invite, signedIn);
  const scene = sceneQuery.data;
  const isHost = st.me?.role === 'host';
  const [side, setSide] = useState<Side>('chat');
  const [drawer, setDrawer] = useState(false);
  const [presentOpen, setPresentOpen] = useState(false);
  const narrow = useNarrow();
  const { voice, sharing, share, canShare, screenVideo } = useRoomMedia(room, st, {
    is3d,
    classroom: entry.room_type === 'classroom',
  });
  useEmoteClock(st.emotes);
  const { spawn, floorSize, moveTargets } = useRoomDocument(scene, is3d);
  const follow = useRoomFollow(st, is3d);
  const onHost = useHostActions(room, is3d, fail);

  if (st.phase === 'removed')
    return (
      <Result status="warning" title={st.error?.message || t('removed')} extra={<BackToMeta />} data-testid="room-removed" />
    );

  const joined = st.phase === 'joined' && st.me ? st.me : null;
  const presenting = st.presenter;
  const sidePanel = (
    <RoomSidePanel
      room={room}
      st={st}
      voice={voice}
      side={side}
      onSide={setSide}
      signedIn={signedIn}
      moveTargets={moveTargets}
      onHost={onHost}
      fail={fail}
    />
  );

  return (
    <div className="xr-room__layout">
      <RoomBar
        entry={entry}
        locked={st.locked}
        count={joined ? st.members.length : null}
        onOpenSide={narrow && joined ? () => setDrawer(true) : undefined}
      />
      <div className="xr-room__main">
        <div
          className="xr-room__stage"
          data-testid="room-stage"
          data-kind={scene?.kind ?? entry.scene_kind ?? undefined}
          data-slide={presenting ? presenting.page : undefined}
          data-present={presenting?.kind}
        >
          <Suspense fallback={<Spin size="large" className="xr-room__spin" />}>
            <RoomViewer
              sceneQuery={sceneQuery}
              is3d={is3d}
              room={room}
              st={st}
              joined={joined}
              voice={voice}
              spawn={spawn}
              screenVideo={screenVideo}
              follow={follow.movedScene ? { scene: follow.movedScene.scene, yaw: 0, pitch: 0 } : follow.followTarget}
              leading={follow.leading}
              fail={fail}
            />
          </Suspense>
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
            <SlidePanel
              state={presenting}
              canPage={isHost}
              compact={is3d}
              onPage={(n) => void room.call(WorldEvent.presentPage, { page: n }).catch(fail)}
              onStop={() => void room.call(WorldEvent.presentStop, {}).catch(fail)}
              video={screenVideo}
            />
          )}
          <FollowBanner follow={follow} is3d={is3d} hostFollows={!!st.follow} />
          <EmoteToasts st={st} />
          {joined ? (
            <RoomTools
              room={room}
              st={st}
              joined={joined}
              voice={voice}
              is3d={is3d}
              sharing={sharing}
              share={share}
              canShare={canShare}
              leading={follow.leading}
              setLeading={follow.setLeading}
              onPresentOpen={() => setPresentOpen(true)}
              fail={fail}
            />
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
