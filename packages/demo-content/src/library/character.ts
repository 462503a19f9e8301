import { type Family, st } from './family';
import type { MaterialSpec, MeshBuilder, Vec3 } from './geometry';
import type { RigClip, RigJoint } from './rig';
import { mat, SKIN, SWATCHES, type Swatch } from './vocabulary';

const HIPS = 0;
const CHEST = 2;
const NECK = 3;
const HEAD = 4;
const L_ARM = 5;
const L_FORE = 6;
const R_ARM = 7;
const R_FORE = 8;
const L_THIGH = 9;
const L_SHIN = 10;
const R_THIGH = 11;
const R_SHIN = 12;

/** Quaternion of a rotation by `a` radians about a unit axis. */
function q(axis: Vec3, a: number): [number, number, number, number] {
  const s = Math.sin(a / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(a / 2)];
}
const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];

/** Samples `f(t)` (radians) about `axis` at every key time. */
const track = (times: number[], axis: Vec3, f: (t: number) => number) => times.map((t) => q(axis, f(t)));

function clips(): RigClip[] {
  const idleT = [0, 0.5, 1, 1.5, 2];
  const walkT = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1];
  const waveT = [0, 0.3, 0.6, 0.9, 1.2, 1.5, 1.8, 2.1, 2.4];
  const tau = Math.PI * 2;
  return [
    {
      name: 'idle',
      times: idleT,
      rotations: {
        [CHEST]: track(idleT, X, (t) => 0.03 * Math.sin((t / 2) * tau)),
        [HEAD]: track(idleT, Y, (t) => 0.12 * Math.sin((t / 2) * tau)),
        [L_ARM]: track(idleT, Z, (t) => 0.06 + 0.03 * Math.sin((t / 2) * tau)),
        [R_ARM]: track(idleT, Z, (t) => -0.06 - 0.03 * Math.sin((t / 2) * tau)),
      },
    },
    {
      name: 'walk',
      times: walkT,
      rotations: {
        [L_THIGH]: track(walkT, X, (t) => -0.5 * Math.sin(t * tau)),
        [R_THIGH]: track(walkT, X, (t) => 0.5 * Math.sin(t * tau)),
        [L_SHIN]: track(walkT, X, (t) => 0.35 + 0.35 * Math.cos(t * tau)),
        [R_SHIN]: track(walkT, X, (t) => 0.35 - 0.35 * Math.cos(t * tau)),
        [L_ARM]: track(walkT, X, (t) => 0.4 * Math.sin(t * tau)),
        [R_ARM]: track(walkT, X, (t) => -0.4 * Math.sin(t * tau)),
        [CHEST]: track(walkT, Y, (t) => 0.08 * Math.sin(t * tau)),
      },
    },
    {
      name: 'wave',
      times: waveT,
      rotations: {
        [R_ARM]: track(waveT, Z, (t) => -Math.min(1, t / 0.6) * 2.6 * (t > 1.8 ? Math.max(0, (2.4 - t) / 0.6) : 1)),
        [R_FORE]: track(waveT, Z, (t) => (t >= 0.6 && t <= 1.8 ? 0.45 * Math.sin(((t - 0.6) / 0.6) * tau) : 0)),
        [HEAD]: track(waveT, Y, (t) => -0.15 * Math.min(1, t / 0.6)),
      },
    },
  ];
}

const OUTFITS: { id: string; zh: string; tc: string; en: string; shirt: Swatch; pants: Swatch }[] = [
  { id: 'blue', zh: '蓝衣', tc: '藍衣', en: 'blue-shirt', shirt: SWATCHES.blue, pants: SWATCHES.navy },
  { id: 'red', zh: '红衣', tc: '紅衣', en: 'red-shirt', shirt: SWATCHES.red, pants: SWATCHES.charcoal },
  { id: 'green', zh: '绿衣', tc: '綠衣', en: 'green-shirt', shirt: SWATCHES.green, pants: SWATCHES.beige },
  { id: 'white', zh: '白衣', tc: '白衣', en: 'white-shirt', shirt: SWATCHES.white, pants: SWATCHES.black },
];

/**
 * Rigged humanoids for NPCs: 13 joints (hips, spine, chest, neck, head, arms, forearms, thighs, shins), each body
 * part skinned rigidly to one joint, and the clips `idle`, `walk` and `wave`. Facing +Z, feet at y = 0.
 */
export const characterFamily: Family = {
  id: 'character',
  category: 'characters',
  names: { zh: '人物', tc: '人物', en: 'person' },
  tags: ['character', 'npc', 'animated'],
  axes: [
    ['outfit', OUTFITS.map((o) => ({ id: o.id, names: { zh: o.zh, tc: o.tc, en: o.en }, tags: [o.shirt.id] }))],
    [
      'build',
      [
        st('slim', '纤瘦', '纖瘦', 'slim', 0),
        st('regular', '标准', '標準', 'regular', 1),
        st('broad', '健壮', '健壯', 'broad', 2),
      ],
    ],
  ],
  build(o, b) {
    const outfit = OUTFITS.find((x) => x.id === o.outfit!.id)!;
    const { wide, tall } = proportions(o.build!.n!);
    buildHumanoid(b, mat(outfit.shirt), mat(outfit.pants), wide, tall);
  },
  rig(o) {
    const { wide, tall } = proportions(o.build!.n!);
    return { joints: humanoidJoints(wide, tall), clips: clips() };
  },
};

const proportions = (k: number) => ({ wide: [0.88, 1, 1.15][k] ?? 1, tall: [0.97, 1, 1.04][k] ?? 1 });

function humanoidJoints(wide: number, tall: number): RigJoint[] {
  const y = (v: number) => v * tall;
  const x = (v: number) => v * wide;
  return [
    { name: 'hips', parent: -1, at: [0, y(0.95), 0] },
    { name: 'spine', parent: HIPS, at: [0, y(1.1), 0] },
    { name: 'chest', parent: 1, at: [0, y(1.3), 0] },
    { name: 'neck', parent: CHEST, at: [0, y(1.5), 0] },
    { name: 'head', parent: NECK, at: [0, y(1.58), 0] },
    { name: 'upper_arm_l', parent: CHEST, at: [x(0.22), y(1.45), 0] },
    { name: 'forearm_l', parent: L_ARM, at: [x(0.22), y(1.17), 0] },
    { name: 'upper_arm_r', parent: CHEST, at: [x(-0.22), y(1.45), 0] },
    { name: 'forearm_r', parent: R_ARM, at: [x(-0.22), y(1.17), 0] },
    { name: 'thigh_l', parent: HIPS, at: [x(0.1), y(0.9), 0] },
    { name: 'shin_l', parent: L_THIGH, at: [x(0.1), y(0.47), 0] },
    { name: 'thigh_r', parent: HIPS, at: [x(-0.1), y(0.9), 0] },
    { name: 'shin_r', parent: R_THIGH, at: [x(-0.1), y(0.47), 0] },
  ];
}

function buildHumanoid(b: MeshBuilder, shirt: MaterialSpec, pants: MaterialSpec, wide: number, tall: number): void {
  const y = (v: number) => v * tall;
  const x = (v: number) => v * wide;
  const hair = mat(SWATCHES.walnut);
  const shoes = mat(SWATCHES.black);
  b.box(pants, [0, y(0.95), 0], [x(0.34), y(0.18), 0.2], { joint: HIPS });
  b.box(shirt, [0, y(1.12), 0], [x(0.34), y(0.2), 0.2], { joint: 1 });
  b.box(shirt, [0, y(1.33), 0], [x(0.4), y(0.26), 0.22], { joint: CHEST });
  b.cylinder(SKIN, [0, y(1.46), 0], 0.045, 0.045, y(0.12), 10, { joint: NECK });
  b.sphere(SKIN, [0, y(1.68), 0], 0.115, 16, { joint: HEAD, scale: [0.95, 1.1, 1] });
  b.sphere(hair, [0, y(1.72), -0.015], 0.12, 16, { joint: HEAD, scale: [1, 0.85, 1.05] });
  for (const side of [1, -1]) {
    b.sphere(mat(SWATCHES.black), [side * 0.04, y(1.69), 0.105], 0.014, 6, { joint: HEAD });
    const arm = side > 0 ? L_ARM : R_ARM;
    const fore = side > 0 ? L_FORE : R_FORE;
    const thigh = side > 0 ? L_THIGH : R_THIGH;
    const shin = side > 0 ? L_SHIN : R_SHIN;
    b.cylinder(shirt, [x(side * 0.22), y(1.17), 0], 0.05, 0.055, y(0.3), 10, { joint: arm });
    b.cylinder(SKIN, [x(side * 0.22), y(0.93), 0], 0.038, 0.045, y(0.24), 10, { joint: fore });
    b.sphere(SKIN, [x(side * 0.22), y(0.89), 0], 0.045, 8, { joint: fore });
    b.cylinder(pants, [x(side * 0.1), y(0.47), 0], 0.065, 0.075, y(0.45), 10, { joint: thigh });
    b.cylinder(pants, [x(side * 0.1), y(0.06), 0], 0.05, 0.062, y(0.41), 10, { joint: shin });
    b.box(shoes, [x(side * 0.1), 0.035, 0.04], [0.11, 0.07, 0.26], { joint: shin });
  }
}
