import { useFrame } from '@react-three/fiber';
import { type RefObject, useEffect, useRef } from 'react';
import type { AnimationClip, Object3D } from 'three';
import { AvatarAnimator, type AvatarMotion, isShown } from './avatar-motion';

/** Longest step (s) an avatar's animation advances in one frame (a tab back from the background does not leap). */
const MAX_ANIMATION_STEP = 0.1;

/**
 * Animates a model avatar: one `AvatarAnimator` (one mixer) per figure, made again only when the figure or its clips
 * change, told every frame which emote shows (`emoteKey` tells one emote from the next of the same kind, whose clip
 * starts again) and advanced only while the figure is shown. Answers the animator (null before the first effect).
 */
export function useAvatarAnimation(
  object: Object3D,
  animations: readonly AnimationClip[],
  motion: AvatarMotion | undefined,
  emote: string | null | undefined,
  emoteKey?: unknown,
): RefObject<AvatarAnimator | null> {
  const animator = useRef<AvatarAnimator | null>(null);
  const wanted = useRef<{ kind: string | null; key: unknown }>({ kind: null, key: null });
  useEffect(() => {
    wanted.current = emote ? { kind: emote, key: emoteKey ?? emote } : { kind: null, key: null };
  });
  useEffect(() => {
    const a = new AvatarAnimator(object, animations);
    animator.current = a;
    return () => {
      a.dispose();
      if (animator.current === a) animator.current = null;
    };
  }, [object, animations]);
  useFrame((_, dt) => {
    const a = animator.current;
    if (!a || !isShown(object)) return;
    a.setEmote(wanted.current.kind, wanted.current.key);
    a.update(Math.min(dt, MAX_ANIMATION_STEP), motion);
  });
  return animator;
}
