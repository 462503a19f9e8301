import type { UseQueryResult } from '@tanstack/react-query';
import type { SceneDetails, SceneSettings } from '@xr/contract/scenes';
import { WorldEvent, type WorldMember } from '@xr/contract/world';
import { Result, Spin } from 'antd';
import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneViewerProps } from '../../../components/viewers/scene-viewer-props';
import { roomPeopleSource } from '../lib/avatar-picture';
import type { RoomClient, RoomState } from '../lib/room-client';
import type { VoiceControls } from '../lib/use-voice';
import { BackToMeta } from './back-to-meta';

// the viewers are heavy (three.js, Photo Sphere Viewer): loaded when a room of their kind opens
const SceneViewer = lazy(() => import('../../../components/viewers/scene3d/scene-viewer')) as ComponentType<SceneViewerProps>;
const TourViewer = lazy(() => import('../../../components/viewers/tour/tour-viewer')) as ComponentType<SceneViewerProps>;
const RoomScene3d = lazy(() => import('./room-scene'));

/** An angle in −π…π (the contract bounds angles). */
export function wrapAngle(a: number): number {
  const r = (((a + Math.PI) % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2);
  return r - Math.PI;
}

/**
 * The room's scene: a 3D scene with the people as figures (once joined; the presenter's slide or screen on the
 * room's screen at the spawn point), or a tour whose view follows the host or a host's move and is reported to the
 * others; while the scene loads, a spinner, and the reason when it was refused.
 */
export function RoomViewer({
  sceneQuery,
  is3d,
  room,
  st,
  joined,
  voice,
  spawn,
  screenVideo,
  follow,
  leading,
  fail,
}: {
  sceneQuery: UseQueryResult<SceneDetails>;
  is3d: boolean;
  room: RoomClient;
  st: RoomState;
  joined: WorldMember | null;
  voice: VoiceControls;
  spawn: SceneSettings['spawn'] | null;
  screenVideo: MediaStream | null;
  /** Where the tour's view is led (a host's move, or the host's view followed). */
  follow: { scene: string; yaw: number; pitch: number } | null;
  leading: boolean;
  fail(e: unknown): void;
}) {
  const { t } = useTranslation('room');
  // tour rooms: the others' avatar pictures where they look (read from the movement snapshots, outside React)
  const guestLabel = t('people.guest');
  const tourPeople = useMemo(() => roomPeopleSource(room, guestLabel), [room, guestLabel]);
  const scene = sceneQuery.data;
  const presenting = st.presenter;
  if (!scene)
    return sceneQuery.isError ? (
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
    );
  if (is3d)
    return (
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
    );
  return (
    <TourViewer
      details={scene}
      height="100%"
      follow={follow}
      people={joined ? tourPeople : undefined}
      // Only while joined: the viewer reports the current view again each time watching starts, so someone who
      // entered (or re-entered) without turning is still placed for the others (a view reported before the join
      // was dropped, and an unchanged view is never reported twice).
      onViewChange={
        joined
          ? (sceneId, v) => {
              const view = { yaw: wrapAngle(v.yaw), pitch: wrapAngle(v.pitch) };
              room.move({ x: 0, y: 0, z: 0, ...view, scene: sceneId });
              if (leading && joined.role === 'host')
                void room.call(WorldEvent.followHost, { scene_id: sceneId, ...view }).catch(fail);
            }
          : undefined
      }
    />
  );
}
