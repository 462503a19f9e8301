import { useGLTF } from '@react-three/drei';
import { useFrame } from '@react-three/fiber';
import { type AvatarLookParams, avatarLookRef } from '@xr/contract/avatars';
import { Component, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { Box3, CanvasTexture, Color, type Object3D, SRGBColorSpace } from 'three';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { animateAvatar, createAvatarObject, disposeAvatarObject } from '../../../components/avatar/avatar-figure';
import { drawRoomIcon, type RoomIconName } from '../../../components/room-icons';
import { type AvatarMotion, chooseAvatarClips, chooseEmoteClips } from '../lib/avatar-motion';
import { colorOf } from '../lib/colors';
import { EMOTE_ICON } from '../lib/emotes';
import { useAvatarAnimation } from '../lib/use-avatar-animation';

/**
 * How a person looks. Everything is optional: without a look the figure is the generated low-poly one in the
 * person's colour. (The avatars part gives people real looks later; a model URL is drawn by its own component.)
 */
export interface AvatarLook {
  /** Body (clothes) colour, CSS. */
  body?: string;
  /** Skin colour, CSS. */
  skin?: string;
  /** Hair colour, CSS; `null` for none. */
  hair?: string | null;
  /** Height scale, 0.8…1.2. */
  height?: number;
}

export interface AvatarFigureProps {
  /** Stable key of the person (user id or visitor id): chooses the default colour. */
  personKey: string | number;
  name: string;
  /** A guest (not signed in): this mark is drawn before the name. */
  guestLabel?: string;
  /**
   * The person's avatar in use as the server sends it (the contract's `AvatarLook`: a built-in figure's parameters or
   * an uploaded model's URL), or the simple colour look; anything else draws the generated figure.
   */
  look?: unknown;
  /** Shown as a small marker above the name (speaking, hand raised, host). */
  badge?: 'speaking' | 'hand' | null;
  /**
   * An emote being played: its picture above the name, and a model's own clip for it (a wave, a dance) when it has
   * one; otherwise wave raises the generated figure's arm and dance lifts the figure.
   */
  emote?: string | null;
  /** Tells one emote from the next of the same kind (its end time): a new one starts the model's clip again. */
  emoteKey?: number;
  /** How the person moves, updated in place every frame: a model avatar plays its walk clip while they walk. */
  motion?: AvatarMotion;
}

const SKIN = '#e9c1a0';

/** The name above the figure: text drawn on a canvas, shown as a sprite that always faces the camera. */
function NameTag({
  name,
  guestLabel,
  badge,
  emote,
}: {
  name: string;
  guestLabel?: string;
  badge?: AvatarFigureProps['badge'];
  emote?: string | null;
}) {
  const texture = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 64;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      // an icon (not an emoji: no emoji font on some machines) before the name
      const icon: RoomIconName | undefined = emote
        ? (EMOTE_ICON as Record<string, RoomIconName>)[emote]
        : badge === 'hand'
          ? 'hand'
          : badge === 'speaking'
            ? 'speaker'
            : undefined;
      const label = name.slice(0, 24);
      const ICON = 28;
      const GAP = 8;
      // A guest's mark: an amber pill before the name (a guest's name is their own choice).
      ctx.font = 'bold 20px sans-serif';
      const guest = guestLabel ? guestLabel.slice(0, 12) : '';
      const guestW = guest ? Math.min(90, ctx.measureText(guest).width + 16) + GAP : 0;
      ctx.font = 'bold 28px sans-serif';
      const iconW = icon ? ICON + GAP : 0;
      const textW = Math.max(24, Math.min(240 - iconW - guestW, ctx.measureText(label).width));
      const w = Math.min(248, textW + iconW + guestW + 24);
      const left = (256 - w) / 2;
      ctx.fillStyle = 'rgba(15, 23, 42, 0.72)';
      ctx.beginPath();
      ctx.roundRect(left, 8, w, 48, 20);
      ctx.fill();
      if (icon) drawRoomIcon(ctx, icon, left + 12, 32 - ICON / 2, ICON, badge === 'speaking' && !emote ? '#4ade80' : '#fff');
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      if (guest) {
        const x = left + 12 + iconW;
        ctx.fillStyle = '#f59e0b';
        ctx.beginPath();
        ctx.roundRect(x, 18, guestW - GAP, 28, 10);
        ctx.fill();
        ctx.fillStyle = '#111827';
        ctx.font = 'bold 20px sans-serif';
        ctx.fillText(guest, x + 8, 33, guestW - GAP - 16);
        ctx.font = 'bold 28px sans-serif';
      }
      ctx.fillStyle = '#fff';
      ctx.fillText(label, left + 12 + iconW + guestW, 33, textW);
    }
    const tex = new CanvasTexture(canvas);
    tex.colorSpace = SRGBColorSpace;
    return tex;
  }, [name, guestLabel, badge, emote]);
  useEffect(() => () => texture.dispose(), [texture]);
  return (
    <sprite position={[0, 2.05, 0]} scale={[1.2, 0.3, 1]}>
      <spriteMaterial map={texture} transparent depthWrite={false} />
    </sprite>
  );
}

/**
 * A person in the 3D room: a generated low-poly figure (body, head, arms, hair) in the person's colour or look, with
 * the name above. Drawn at the group's origin standing on the floor, facing −Z (yaw 0), 1.7 m tall at scale 1.
 */
export function AvatarFigure({ personKey, name, guestLabel, look, badge, emote, emoteKey, motion }: AvatarFigureProps) {
  const ref = avatarLookRef.safeParse(look);
  if (ref.success) {
    // a model figure shows an emote itself (its clip, else the lift), as the generated fallback figure does
    const figure =
      ref.data.kind === 'parametric' ? (
        <group position={[0, emote === 'dance' ? 0.2 : 0, 0]}>
          <BuiltInFigure look={ref.data.look} />
        </group>
      ) : (
        <ModelBoundary fallback={<SimpleFigure personKey={personKey} emote={emote} />}>
          <Suspense fallback={<SimpleFigure personKey={personKey} emote={emote} />}>
            <ModelFigure url={ref.data.url} motion={motion} emote={emote} emoteKey={emoteKey} />
          </Suspense>
        </ModelBoundary>
      );
    return (
      <group>
        {figure}
        <NameTag name={name} guestLabel={guestLabel} badge={badge} emote={emote} />
      </group>
    );
  }
  return (
    <group>
      <SimpleFigure personKey={personKey} look={look as AvatarLook | null | undefined} emote={emote} />
      <NameTag name={name} guestLabel={guestLabel} badge={badge} emote={emote} />
    </group>
  );
}

/** A built-in avatar (the avatar editor's figure), turned to face −Z like the room's poses, with its idle motion. */
function BuiltInFigure({ look }: { look: AvatarLookParams }) {
  // Rebuilt only when the look itself changes, not when the member list arrives again with an equal copy.
  const key = JSON.stringify(look);
  const object = useMemo(() => {
    const g = createAvatarObject(JSON.parse(key) as AvatarLookParams);
    g.rotation.y = Math.PI;
    return g;
  }, [key]);
  useEffect(() => () => disposeAvatarObject(object), [object]);
  useFrame(({ clock }) => animateAvatar(object, clock.elapsedTime));
  return <primitive object={object} />;
}

/**
 * An uploaded GLB / VRM avatar or a library character, scaled to a person's height and standing on the floor, facing
 * −Z, playing its idle clip, its walk clip while the person walks and its own clip of an emote (a wave, a dance; see
 * `AvatarAnimator`). Each figure is its own copy with its own skeleton (the loaded file is shared by everyone wearing
 * it) and one mixer, updated only while the figure is shown. A model without a dance clip lifts for a dance instead.
 */
function ModelFigure({
  url,
  motion,
  emote,
  emoteKey,
}: {
  url: string;
  motion?: AvatarMotion;
  emote?: string | null;
  emoteKey?: number;
}) {
  // the pipeline's GLBs (library characters) are meshopt-compressed; an uploaded one may use Draco
  const gltf = useGLTF(url, true, true);
  const object = useMemo(() => {
    const root: Object3D = cloneSkinned(gltf.scene);
    // a skinned mesh's box follows its bones' world matrices, which the loader leaves unset until a first render
    root.updateMatrixWorld(true);
    const box = new Box3().setFromObject(root);
    const minY = box.min.y;
    const maxY = box.max.y;
    const height = Number.isFinite(maxY - minY) && maxY > minY ? maxY - minY : 1.7;
    const scale = 1.7 / height;
    root.scale.multiplyScalar(scale);
    root.position.y = -minY * scale;
    root.rotation.y = Math.PI;
    return root;
  }, [gltf]);
  useAvatarAnimation(object, gltf.animations, motion, emote, emoteKey);
  const hasDance = useMemo(() => {
    const names = gltf.animations.map((c) => c.name);
    const own = chooseAvatarClips(names);
    return !!chooseEmoteClips(names, [own.idle, own.move]).dance;
  }, [gltf.animations]);
  return (
    <group position={[0, emote === 'dance' && !hasDance ? 0.2 : 0, 0]}>
      <primitive object={object} />
    </group>
  );
}

/** A model that cannot be loaded (expired URL, bad file) shows the generated figure instead of breaking the room. */
class ModelBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The generated low-poly figure in the person's colour (or the simple colour look). */
function SimpleFigure({
  personKey,
  look,
  emote,
}: {
  personKey: string | number;
  look?: AvatarLook | null;
  emote?: string | null;
}) {
  const body = useMemo(() => new Color(look?.body ?? colorOf(personKey)), [look?.body, personKey]);
  const skin = look?.skin ?? SKIN;
  const hair = look?.hair === undefined ? '#3b2a20' : look.hair;
  const scale = Math.max(0.8, Math.min(1.2, look?.height ?? 1));
  const waving = emote === 'wave';
  return (
    <group>
      <group scale={scale} position={[0, emote === 'dance' ? 0.2 : 0, 0]}>
        {/* legs + torso */}
        <mesh position={[0, 0.45, 0]} castShadow>
          <cylinderGeometry args={[0.16, 0.2, 0.9, 6]} />
          <meshStandardMaterial color={body.clone().multiplyScalar(0.6)} flatShading />
        </mesh>
        <mesh position={[0, 1.15, 0]} castShadow>
          <cylinderGeometry args={[0.24, 0.18, 0.55, 6]} />
          <meshStandardMaterial color={body} flatShading />
        </mesh>
        {/* arms */}
        <mesh position={[-0.3, 1.1, 0]} rotation={[0, 0, 0.15]} castShadow>
          <cylinderGeometry args={[0.05, 0.05, 0.55, 5]} />
          <meshStandardMaterial color={body} flatShading />
        </mesh>
        <mesh position={waving ? [0.38, 1.45, 0] : [0.3, 1.1, 0]} rotation={[0, 0, waving ? 2.6 : -0.15]} castShadow>
          <cylinderGeometry args={[0.05, 0.05, 0.55, 5]} />
          <meshStandardMaterial color={body} flatShading />
        </mesh>
        {/* head, nose (shows the facing), hair */}
        <mesh position={[0, 1.58, 0]} castShadow>
          <icosahedronGeometry args={[0.17, 1]} />
          <meshStandardMaterial color={skin} flatShading />
        </mesh>
        <mesh position={[0, 1.57, -0.17]} rotation={[-Math.PI / 2, 0, 0]}>
          <coneGeometry args={[0.03, 0.07, 4]} />
          <meshStandardMaterial color={skin} flatShading />
        </mesh>
        {hair && (
          <mesh position={[0, 1.66, 0.02]}>
            <icosahedronGeometry args={[0.165, 0]} />
            <meshStandardMaterial color={hair} flatShading />
          </mesh>
        )}
      </group>
    </group>
  );
}
