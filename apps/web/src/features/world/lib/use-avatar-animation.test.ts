import { act, renderHook } from '@testing-library/react';
import { AnimationClip, Group, Object3D, VectorKeyframeTrack } from 'three';
import { describe, expect, it, vi } from 'vitest';
import { createAvatarMotion } from './avatar-motion';
import { useAvatarAnimation } from './use-avatar-animation';

// jsdom has no WebGL canvas for react-three-fiber's frame loop: the test runs the frame callback the hook gave last.
const frames = vi.hoisted(() => ({ run: null as null | ((state: unknown, dt: number) => void) }));
vi.mock('@react-three/fiber', () => ({
  useFrame: (run: (state: unknown, dt: number) => void) => {
    frames.run = run;
  },
}));

const tick = (dt: number, times = 1) => {
  for (let i = 0; i < times; i++) act(() => frames.run?.({}, dt));
};

/** A model with one bone and the Quaternius robot's idle, walk and wave clips, each holding the bone at a height. */
function robot() {
  const root = new Group();
  const bone = new Object3D();
  bone.name = 'Hips';
  root.add(bone);
  const clip = (name: string, y: number) =>
    new AnimationClip(name, 1, [new VectorKeyframeTrack('Hips.position', [0, 1], [0, y, 0, 0, y, 0])]);
  const animations = [
    clip('RobotArmature|Robot_Idle', 0),
    clip('RobotArmature|Robot_Walking', 1),
    clip('RobotArmature|Robot_Wave', 2),
  ];
  return { root, bone, animations };
}

describe('useAvatarAnimation', () => {
  it("starts the model's own clip when an emote shows, again for the next one, and returns to idle after", () => {
    const { root, bone, animations } = robot();
    const motion = createAvatarMotion();
    const { result, rerender, unmount } = renderHook(
      ({ emote, key }: { emote: string | null; key?: number }) => useAvatarAnimation(root, animations, motion, emote, key),
      { initialProps: { emote: null } as { emote: string | null; key?: number } },
    );
    tick(0.05);
    const animator = result.current.current;
    expect(animator?.clips).toEqual({ idle: 'RobotArmature|Robot_Idle', move: 'RobotArmature|Robot_Walking' });
    expect(animator?.emoteAction).toBeNull();
    expect(bone.position.y).toBeCloseTo(0);

    rerender({ emote: 'wave', key: 1000 });
    tick(0.05);
    const wave = animator?.emoteAction;
    expect(wave?.getClip().name).toBe('RobotArmature|Robot_Wave');
    expect(wave?.isRunning()).toBe(true);
    tick(0.1, 4);
    expect(bone.position.y).toBeCloseTo(2);
    expect(wave?.time).toBeGreaterThan(0.4);

    // the same person waves again: the clip starts over
    rerender({ emote: 'wave', key: 2000 });
    tick(0.05);
    expect(animator?.emoteAction).toBe(wave);
    expect(wave?.time).toBeCloseTo(0.05);

    rerender({ emote: null });
    tick(0.1, 4);
    expect(animator?.emoteAction).toBeNull();
    expect(bone.position.y).toBeCloseTo(0);

    unmount();
    expect(result.current.current).toBeNull();
    expect(wave?.isRunning()).toBe(false);
  });

  it('leaves a hidden figure still, and never leaps more than a tenth of a second in one frame', () => {
    const { root, animations } = robot();
    const parent = new Group();
    parent.add(root);
    const { result } = renderHook(() => useAvatarAnimation(root, animations, undefined, 'wave', 1));
    parent.visible = false;
    tick(0.05, 3);
    expect(result.current.current?.mixer.time).toBe(0);
    // shown again, the emote still showing starts its clip then
    expect(result.current.current?.emoteAction).toBeNull();
    parent.visible = true;
    tick(5);
    expect(result.current.current?.mixer.time).toBeCloseTo(0.1);
    expect(result.current.current?.emoteAction?.getClip().name).toBe('RobotArmature|Robot_Wave');
  });
});
