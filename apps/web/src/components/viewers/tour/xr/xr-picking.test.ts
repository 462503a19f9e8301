import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  DWELL_MS,
  directionOf,
  GazeDwell,
  groupYawFor,
  groupYawToFace,
  pick,
  rayOfMatrix,
  rotateY,
  targetOf,
  type Vec3,
} from './xr-picking';

const close = (a: Vec3, b: Vec3) => {
  for (const [i, v] of a.entries()) expect(v).toBeCloseTo(b[i]!, 6);
};

/** A controller at `position` turned by `yaw` (about y) and `pitch` (about x), as three.js builds its world matrix. */
function controller(position: Vec3, yaw: number, pitch = 0) {
  const q = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), yaw);
  q.multiply(new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), pitch));
  return new Matrix4().compose(new Vector3(...position), q, new Vector3(1, 1, 1)).elements;
}

describe('XR hotspot picking', () => {
  it('uses the 2D viewer’s directions (yaw 0 ahead on +z, yaw grows to the right, pitch up)', () => {
    close(directionOf({ yaw: 0, pitch: 0 }), [0, 0, 1]);
    close(directionOf({ yaw: Math.PI / 2, pitch: 0 }), [-1, 0, 0]);
    close(directionOf({ yaw: 0, pitch: Math.PI / 2 }), [0, 1, 0]);
  });

  it('turns the panorama so the 2D view’s yaw is straight ahead (−z) when VR starts', () => {
    for (const yaw of [0, 1, -2.5, 3]) close(rotateY(directionOf({ yaw, pitch: 0 }), groupYawFor(yaw)), [0, 0, -1]);
  });

  it('puts a target yaw in the direction the visitor faces (scene link without keeping the direction)', () => {
    const facing: Vec3 = [Math.sin(0.7), 0, -Math.cos(0.7)];
    const g = groupYawToFace(1.2, facing);
    close(rotateY(directionOf({ yaw: 1.2, pitch: 0 }), g), facing);
  });

  it('a controller ray selects the hotspot it points at, the nearest when two line up, none when it misses', () => {
    const g = groupYawFor(0);
    const ahead = targetOf('door', { yaw: 0, pitch: 0 }, 40, g);
    const right = targetOf('painting', { yaw: 0.8, pitch: 0.1 }, 40, g);
    const targets = [ahead, right];
    // standing at the centre, arm slightly to the right and low, pointing ahead
    expect(pick(...(Object.values(rayOfMatrix(controller([0.2, -0.3, 0], 0))) as [Vec3, Vec3]), targets)).toBe('door');
    // aim at the second one: the direction from the hand to its centre
    const hand: Vec3 = [0.2, -0.3, 0];
    const to: Vec3 = [right.center[0] - hand[0], right.center[1] - hand[1], right.center[2] - hand[2]];
    expect(pick(hand, to, targets)).toBe('painting');
    // pointing at the floor or backwards: nothing
    expect(pick(...(Object.values(rayOfMatrix(controller([0, 0, 0], 0, -Math.PI / 2))) as [Vec3, Vec3]), targets)).toBeNull();
    expect(pick(...(Object.values(rayOfMatrix(controller([0, 0, 0], Math.PI))) as [Vec3, Vec3]), targets)).toBeNull();
    // two hotspots on one line: the nearer is hit first
    const near = { id: 'near', center: [0, 0, -4] as Vec3, radius: 0.5 };
    expect(pick([0, 0, 0], [0, 0, -1], [ahead, near])).toBe('near');
  });

  it('a ray through a turned panorama still hits the hotspot where it is drawn', () => {
    const g = groupYawFor(2); // VR started with the 2D view at yaw 2
    const t = targetOf('sign', { yaw: 2, pitch: 0 }, 40, g);
    expect(pick([0, 0, 0], [0, 0, -1], [t])).toBe('sign');
  });

  it('gaze opens a hotspot after the dwell time, once, and resets when the gaze leaves', () => {
    const dwell = new GazeDwell();
    expect(dwell.update('a', 0)).toEqual({ progress: 0, open: null });
    expect(dwell.update('a', DWELL_MS / 2).progress).toBeCloseTo(0.5);
    expect(dwell.update('a', DWELL_MS)).toEqual({ progress: 1, open: 'a' });
    expect(dwell.update('a', DWELL_MS * 3).open).toBeNull();
    dwell.update(null, DWELL_MS * 3);
    dwell.update('a', DWELL_MS * 4);
    expect(dwell.update('b', DWELL_MS * 4 + 10).progress).toBe(0);
    expect(dwell.update('b', DWELL_MS * 6).open).toBe('b');
  });
});
