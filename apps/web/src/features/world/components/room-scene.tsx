import { useFrame, useThree } from '@react-three/fiber';
import type { Vec3 } from '@xr/contract/scenes';
import type { WorldMember } from '@xr/contract/world';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Euler, type Group, SRGBColorSpace, type Texture, TextureLoader, VideoTexture } from 'three';
import { EYE_HEIGHT } from '../../../components/viewers/scene3d/walk-controls';
import { createAvatarMotion, resetMotion, trackMotion } from '../lib/avatar-motion';
import { type Pose, type PoseSample, sampleAt, shouldSend } from '../lib/interpolation';
import { AvatarFigure, type AvatarLook } from './avatar-figure';

/** What the in-canvas room parts read every frame (kept outside React state). */
export interface RoomFrameSource {
  poses: Map<number, PoseSample[]>;
  delay: number;
}

/** One remote person: the figure placed every frame at their interpolated pose, walking while that pose moves. */
function RemoteAvatar({
  member,
  source,
  emote,
  emoteKey,
  speaking,
  guestLabel,
  onPose,
}: {
  member: WorldMember;
  source: RoomFrameSource;
  emote: string | null;
  /** The emote's end time: tells it from the next emote of the same kind. */
  emoteKey?: number;
  speaking: boolean;
  guestLabel: string;
  onPose?(memberId: number, p: [number, number, number]): void;
}) {
  const group = useRef<Group>(null);
  const motion = useMemo(createAvatarMotion, []);
  useFrame((_, dt) => {
    const g = group.current;
    if (!g) return;
    const pose = sampleAt(source.poses.get(member.member_id) ?? [], performance.now() - source.delay);
    g.visible = !!pose;
    if (!pose) {
      resetMotion(motion);
      return;
    }
    trackMotion(motion, pose.p[0], pose.p[2], dt);
    g.position.set(pose.p[0], pose.p[1], pose.p[2]);
    g.rotation.y = pose.yaw;
    onPose?.(member.member_id, pose.p);
  });
  return (
    <group ref={group} visible={false} name={`avatar-${member.member_id}`}>
      <AvatarFigure
        personKey={member.user_id ?? member.guest_id ?? member.member_id}
        name={member.name}
        guestLabel={member.user_id === null ? guestLabel : undefined}
        look={(member.look as AvatarLook | null) ?? null}
        badge={member.hand_raised ? 'hand' : speaking ? 'speaking' : null}
        emote={emote}
        emoteKey={emoteKey}
        motion={motion}
      />
    </group>
  );
}

/** Everyone else in the 3D room as avatar figures with names, moving smoothly between the server's snapshots. */
export function RoomAvatars({
  members,
  meId,
  source,
  emotes,
  speaking,
  guestLabel,
  onPose,
}: {
  members: readonly WorldMember[];
  meId: number | null;
  source: RoomFrameSource;
  emotes: Record<number, { emote: string; until: number }>;
  speaking: ReadonlySet<number>;
  /** The "Guest" mark on guests' name tags (translated outside the canvas). */
  guestLabel: string;
  /** Each remote avatar's position every frame (spatial voice). */
  onPose?(memberId: number, p: [number, number, number]): void;
}) {
  const now = Date.now();
  return (
    <>
      {members
        .filter((m) => m.member_id !== meId)
        .map((m) => {
          const e = emotes[m.member_id];
          const showing = e && e.until > now ? e : null;
          return (
            <RemoteAvatar
              key={m.member_id}
              member={m}
              source={source}
              emote={showing?.emote ?? null}
              emoteKey={showing?.until}
              speaking={speaking.has(m.member_id)}
              guestLabel={guestLabel}
              onPose={onPose}
            />
          );
        })}
    </>
  );
}

const euler = new Euler(0, 0, 0, 'YXZ');

/**
 * Our own pose: read from the walk camera every frame and handed to `onSend` at most 20 times a second and only when
 * it changed; `onListener` gets it every frame (the spatial voice's ear). A host's "move" puts the camera there.
 */
export function SelfTracker({
  onSend,
  onListener,
  moveTo,
  seat,
}: {
  onSend(p: Pose & { pitch: number }): void;
  onListener?(p: [number, number, number], yaw: number): void;
  moveTo: { x: number; y: number; z: number; seq: number } | null;
  /** Where we stand on entering, relative to the start point (people do not all stand on one spot). */
  seat?: [number, number];
}) {
  const camera = useThree((s) => s.camera);
  const last = useRef<(Pose & { at: number }) | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on entering
  useEffect(() => {
    if (seat) camera.position.set(camera.position.x + seat[0], camera.position.y, camera.position.z + seat[1]);
  }, []);
  useEffect(() => {
    if (moveTo) camera.position.set(moveTo.x, moveTo.y + EYE_HEIGHT, moveTo.z);
  }, [moveTo, camera]);
  useFrame(() => {
    euler.setFromQuaternion(camera.quaternion, 'YXZ');
    const pose: Pose = { p: [camera.position.x, camera.position.y - EYE_HEIGHT, camera.position.z], yaw: euler.y };
    onListener?.([camera.position.x, camera.position.y, camera.position.z], euler.y);
    const now = performance.now();
    if (!shouldSend(last.current, pose, now)) return;
    last.current = { ...pose, at: now };
    onSend({ ...pose, pitch: euler.x });
  });
  return null;
}

/**
 * Where a newcomer stands on entering, relative to the start point: spread on a spiral by member id (golden angle),
 * 1.2–3 m away, so people who enter together do not stand inside each other.
 */
export function seatOf(memberId: number): [number, number] {
  const a = memberId * 2.399963;
  const r = 1.2 + (memberId % 7) * 0.3;
  return [Math.round(Math.cos(a) * r * 100) / 100, Math.round(Math.sin(a) * r * 100) / 100];
}

/** Distance (m) of the presenter screen in front of the start point, its height and width (16:9). */
const SCREEN_DISTANCE = 4.5;
const SCREEN_WIDTH = 3.6;

/**
 * The presenter's screen: the current slide on a plane standing in front of the scene's start point, facing it
 * (so everyone who enters sees it). Nothing shows until the image has loaded; the plane keeps the slide's shape.
 */
export function PresenterScreen({ url, spawn, yaw }: { url: string; spawn: Vec3; yaw: number }) {
  const [tex, setTex] = useState<Texture | null>(null);
  useEffect(() => {
    let live = true;
    let loaded: Texture | null = null;
    new TextureLoader().load(
      url,
      (t) => {
        t.colorSpace = SRGBColorSpace;
        loaded = t;
        if (live) setTex(t);
        else t.dispose();
      },
      undefined,
      () => live && setTex(null),
    );
    return () => {
      live = false;
      loaded?.dispose();
    };
  }, [url]);
  const img = tex?.image as { width?: number; height?: number } | undefined;
  const aspect = img?.width && img.height ? img.height / img.width : 9 / 16;
  const x = spawn[0] - Math.sin(yaw) * SCREEN_DISTANCE;
  const z = spawn[2] - Math.cos(yaw) * SCREEN_DISTANCE;
  const h = SCREEN_WIDTH * aspect;
  return (
    <group position={[x, spawn[1] + 0.4 + h / 2, z]} rotation={[0, yaw, 0]} name="presenter-screen">
      <mesh position={[0, 0, -0.03]}>
        <boxGeometry args={[SCREEN_WIDTH + 0.16, h + 0.16, 0.05]} />
        <meshStandardMaterial color="#1f2937" />
      </mesh>
      {tex && (
        <mesh>
          <planeGeometry args={[SCREEN_WIDTH, h]} />
          <meshBasicMaterial map={tex} toneMapped={false} />
        </mesh>
      )}
    </group>
  );
}

/**
 * A shared screen on the presenter's screen: the host's screen-share video (over the room's WebRTC mesh) as a
 * `THREE.VideoTexture`, in the same place and frame as the slides; its shape follows the video's.
 */
export function PresenterVideoScreen({ stream, spawn, yaw }: { stream: MediaStream; spawn: Vec3; yaw: number }) {
  const [tex, setTex] = useState<VideoTexture | null>(null);
  const [aspect, setAspect] = useState(9 / 16);
  useEffect(() => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.autoplay = true;
    video.srcObject = stream;
    const sized = () => video.videoWidth && setAspect(video.videoHeight / video.videoWidth);
    video.addEventListener('loadedmetadata', sized);
    video.addEventListener('resize', sized);
    void video.play().catch(() => undefined);
    const t = new VideoTexture(video);
    t.colorSpace = SRGBColorSpace;
    setTex(t);
    return () => {
      video.removeEventListener('loadedmetadata', sized);
      video.removeEventListener('resize', sized);
      video.pause();
      video.srcObject = null;
      t.dispose();
    };
  }, [stream]);
  const x = spawn[0] - Math.sin(yaw) * SCREEN_DISTANCE;
  const z = spawn[2] - Math.cos(yaw) * SCREEN_DISTANCE;
  const h = SCREEN_WIDTH * aspect;
  return (
    <group position={[x, spawn[1] + 0.4 + h / 2, z]} rotation={[0, yaw, 0]} name="presenter-screen">
      <mesh position={[0, 0, -0.03]}>
        <boxGeometry args={[SCREEN_WIDTH + 0.16, h + 0.16, 0.05]} />
        <meshStandardMaterial color="#1f2937" />
      </mesh>
      {tex && (
        <mesh name="presenter-video">
          <planeGeometry args={[SCREEN_WIDTH, h]} />
          <meshBasicMaterial map={tex} toneMapped={false} />
        </mesh>
      )}
    </group>
  );
}

/**
 * Everything the room adds inside a 3D scene's canvas (default export, loaded with the viewer): the others' avatars,
 * our own pose going out, and the presenter's screen.
 */
export default function RoomScene3d({
  members,
  meId,
  guestLabel,
  source,
  emotes,
  speaking,
  moveTo,
  onSend,
  onPose,
  onListener,
  screen,
}: {
  members: readonly WorldMember[];
  meId: number;
  /** The "Guest" mark on guests' name tags. */
  guestLabel: string;
  source: RoomFrameSource;
  emotes: Record<number, { emote: string; until: number }>;
  speaking: ReadonlySet<number>;
  moveTo: { x: number; y: number; z: number; seq: number } | null;
  onSend(p: Pose & { pitch: number }): void;
  onPose?(memberId: number, p: [number, number, number]): void;
  onListener?(p: [number, number, number], yaw: number): void;
  /** The presenter's screen: a slide's URL, or a shared screen's video (which wins). */
  screen: { url: string; spawn: Vec3; yaw: number; video?: MediaStream | null } | null;
}) {
  return (
    <>
      <RoomAvatars
        members={members}
        meId={meId}
        source={source}
        emotes={emotes}
        speaking={speaking}
        guestLabel={guestLabel}
        onPose={onPose}
      />
      <SelfTracker onSend={onSend} onListener={onListener} moveTo={moveTo} seat={seatOf(meId)} />
      {screen?.video ? (
        <PresenterVideoScreen stream={screen.video} spawn={screen.spawn} yaw={screen.yaw} />
      ) : (
        screen?.url && <PresenterScreen url={screen.url} spawn={screen.spawn} yaw={screen.yaw} />
      )}
    </>
  );
}
