import type { Vec3 } from './geometry';

/*
 * A rigged model's skeleton and clips: built by the characters (character.ts), named by a family (family.ts) and
 * written into the GLB (build.ts). A file of its own, so family.ts and character.ts do not import each other.
 */

/** A joint of the skeleton: its parent (index, -1 for the root) and its bind position in model space. */
export interface RigJoint {
  name: string;
  parent: number;
  at: Vec3;
}

/** One animation clip: per joint, rotation keyframes (quaternions x, y, z, w) at `times` seconds. */
export interface RigClip {
  name: string;
  times: number[];
  rotations: Record<number, [number, number, number, number][]>;
}

export interface Rig {
  joints: RigJoint[];
  clips: RigClip[];
}
