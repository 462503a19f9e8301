import { artStyleOf } from './art';
import { createInterior, type RoomSpec, type WallFeature, type WallName } from './interior';
import { beach, mountains, nightCity, openSky, type PanoramaScene } from './outdoor';
import { dirOf } from './sky';

/** A direction on the panorama (radians), as the tour documents store it. */
export interface Spot {
  yaw: number;
  pitch: number;
}

export interface PanoramaPreset {
  /** Builds the scene (textures are computed here, so call it in the worker that renders). */
  scene(): PanoramaScene;
  /** Rays per pixel per axis (interiors have straight edges that need smoothing). */
  samples: number;
  /** Notable places to look at or to put hotspots on, by name. */
  spots: Record<string, Spot>;
  /** The view a visitor starts with. */
  start: Spot;
}

/** Direction from the eye to a point. */
function spotOf(eye: [number, number, number], p: [number, number, number]): Spot {
  const dx = p[0] - eye[0];
  const dy = p[1] - eye[1];
  const dz = p[2] - eye[2];
  return { yaw: Math.atan2(dx, -dz), pitch: Math.atan2(dy, Math.hypot(dx, dz)) };
}

/** Centre of a wall feature in room coordinates. */
function featureCentre(room: Pick<RoomSpec, 'width' | 'depth'>, f: WallFeature): [number, number, number] {
  const hw = room.width / 2;
  const hd = room.depth / 2;
  const u = (f.u0 + f.u1) / 2;
  const v = (f.v0 + f.v1) / 2;
  const at: Record<WallName, [number, number, number]> = {
    N: [u - hw, v, -hd],
    E: [hw, v, u - hd],
    S: [hw - u, v, hd],
    W: [-hw, v, hd - u],
  };
  return at[f.wall];
}

function room(
  spec: Omit<RoomSpec, 'outside'>,
  outside: () => PanoramaScene,
  names: Record<string, number>,
  start: Spot,
  seed: number,
): PanoramaPreset {
  const spots: Record<string, Spot> = {};
  for (const [name, i] of Object.entries(names)) {
    const f = spec.features[i];
    if (f) spots[name] = spotOf(spec.eye, featureCentre(spec, f));
  }
  return {
    samples: 2,
    start,
    spots,
    scene: () => {
      const out = outside();
      const sunDir = out.sky?.sunDir;
      return createInterior({ ...spec, outside: out, sun: sunDir && sunDir[1] > 0 ? sunDir : undefined }, seed);
    },
  };
}

const outdoor = (scene: () => PanoramaScene, spots: Record<string, Spot>, start: Spot): PanoramaPreset => ({
  samples: 1,
  scene,
  spots,
  start,
});

/** A gallery wall of frames: `n` frames along a wall of `length` metres. */
function frames(wall: WallName, length: number, n: number, seed: number, offset = 0): WallFeature[] {
  const gap = length / n;
  return Array.from({ length: n }, (_, i) => {
    const style = artStyleOf(i + offset, seed);
    const w = style === 'ink' ? 1.2 : 1.8;
    const h = style === 'ink' ? 2.0 : 1.3;
    const c = gap * (i + 0.5);
    return {
      wall,
      u0: c - w / 2,
      u1: c + w / 2,
      v0: 1.55 - h / 2,
      v1: 1.55 + h / 2,
      kind: 'frame' as const,
      art: { style, seed: seed * 100 + i + offset },
      frameColor: style === 'ink' ? '#3b2a1e' : i % 2 ? '#b08d4a' : '#1e1e1e',
      spot: true,
    };
  });
}

const alpineRidges = [
  { base: 0.08, amp: 0.3, freq: 2.2, color: '#6f7f9c', haze: 0.35, snow: true },
  { base: 0.03, amp: 0.16, freq: 3.5, color: '#3e5a3a', haze: 0.18 },
  { base: 0.005, amp: 0.06, freq: 6, color: '#24361f', haze: 0.05 },
];
const duskRidges = [
  { base: 0.05, amp: 0.16, freq: 2.6, color: '#3a3550', haze: 0.4 },
  { base: 0.02, amp: 0.09, freq: 4, color: '#231f33', haze: 0.2 },
  { base: 0.004, amp: 0.04, freq: 7, color: '#120f1c', haze: 0.05 },
];

/** The generated panoramas of the demo catalogue, by name. */
export const PANORAMAS = {
  'alpine-lake': outdoor(
    () => mountains({ sky: 'morning', foreground: 'lake', seed: 7, ridges: alpineRidges }),
    { sun: { yaw: -0.5, pitch: 0.12 }, peaks: { yaw: 0.6, pitch: 0.15 }, shore: { yaw: 2.4, pitch: -0.05 } },
    { yaw: -0.3, pitch: 0.05 },
  ),
  'alpine-meadow': outdoor(
    () => mountains({ sky: 'day', foreground: 'meadow', seed: 21, ridges: alpineRidges }),
    { peaks: { yaw: -0.8, pitch: 0.15 }, meadow: { yaw: 1.2, pitch: -0.3 }, clouds: { yaw: 0.3, pitch: 0.6 } },
    { yaw: 0, pitch: 0.04 },
  ),
  'dusk-hills': outdoor(
    () => mountains({ sky: 'dusk', foreground: 'lake', seed: 33, ridges: duskRidges }),
    { glow: { yaw: 2.6, pitch: 0.05 }, hills: { yaw: 0.2, pitch: 0.06 } },
    { yaw: 2.4, pitch: 0.05 },
  ),
  'meadow-day': outdoor(
    () => openSky({ sky: 'day', foreground: 'meadow', seed: 3 }),
    { sun: { yaw: 0.9, pitch: 0.75 }, clouds: { yaw: -0.6, pitch: 0.5 }, field: { yaw: 2.5, pitch: -0.35 } },
    { yaw: 0, pitch: 0.1 },
  ),
  'sunset-sea': outdoor(
    () => openSky({ sky: 'sunset', foreground: 'sea', seed: 5 }),
    { sun: { yaw: 0, pitch: 0.03 }, clouds: { yaw: 0.8, pitch: 0.35 }, water: { yaw: -1.8, pitch: -0.3 } },
    { yaw: 0, pitch: 0.05 },
  ),
  beach: outdoor(
    () => beach({ sky: 'day', seed: 11 }),
    {
      sea: { yaw: 0, pitch: -0.05 },
      shore: { yaw: 0.7, pitch: -0.25 },
      dunes: { yaw: 3.0, pitch: 0.03 },
      sky: { yaw: -0.9, pitch: 0.5 },
    },
    { yaw: 0, pitch: 0 },
  ),
  'night-harbour': outdoor(
    () => nightCity({ sky: 'night', seed: 13 }),
    {
      skyline: { yaw: 0, pitch: 0.05 },
      tower: { yaw: -0.4, pitch: 0.08 },
      moon: { yaw: -2.2, pitch: 0.55 },
      water: { yaw: 0.5, pitch: -0.2 },
    },
    { yaw: 0, pitch: 0.04 },
  ),
  'living-room': room(
    {
      width: 6,
      height: 2.8,
      depth: 5,
      eye: [0.3, 1.55, 0.4],
      wall: '#e8e1d6',
      accentWall: '#7d9a8c',
      floor: 'wood',
      floorColor: '#9a6b43',
      ceiling: 'downlights',
      lights: [2, 2],
      features: [
        { wall: 'N', u0: 1.2, u1: 4.8, v0: 0.6, v1: 2.4, kind: 'window' },
        {
          wall: 'E',
          u0: 1.5,
          u1: 2.7,
          v0: 1.1,
          v1: 1.9,
          kind: 'frame',
          art: { style: 'landscape', seed: 41 },
          frameColor: '#1e1e1e',
        },
        { wall: 'W', u0: 3.6, u1: 4.5, v0: 0, v1: 2.1, kind: 'door' },
        { wall: 'S', u0: 1.8, u1: 4.2, v0: 0.9, v1: 2.2, kind: 'screen' },
      ],
      blocks: [
        // Sofa facing the window: base, back, arms.
        { min: [-1.4, 0, 1.4], max: [1.4, 0.42, 2.3], color: '#4b5d73', material: 'fabric' },
        { min: [-1.4, 0.42, 2.05], max: [1.4, 0.85, 2.3], color: '#4b5d73', material: 'fabric' },
        { min: [-1.6, 0, 1.4], max: [-1.4, 0.6, 2.3], color: '#44546a', material: 'fabric' },
        { min: [1.4, 0, 1.4], max: [1.6, 0.6, 2.3], color: '#44546a', material: 'fabric' },
        // Coffee table.
        { min: [-0.6, 0.38, -1.6], max: [0.6, 0.44, -0.9], color: '#7a5434', material: 'wood' },
        { min: [-0.55, 0, -1.55], max: [-0.5, 0.38, -0.95], color: '#3a2a1d' },
        { min: [0.5, 0, -1.55], max: [0.55, 0.38, -0.95], color: '#3a2a1d' },
        // Sideboard on the east wall.
        { min: [2.55, 0, -0.8], max: [3, 0.8, 0.9], color: '#c9b79c', material: 'wood' },
      ],
      balls: [{ center: [0.1, 0.54, -1.25], radius: 0.1, color: '#d9c07a' }],
    },
    () => beach({ sky: 'day', seed: 17 }),
    { window: 0, picture: 1, door: 2, screen: 3 },
    { yaw: 0, pitch: -0.05 },
    51,
  ),
  'gallery-hall': room(
    {
      width: 9,
      height: 4.5,
      depth: 18,
      eye: [0, 1.6, 3],
      wall: '#f2f0eb',
      accentWall: '#8c2f39',
      floor: 'concrete',
      floorColor: '#9c9a96',
      ceiling: 'skylight',
      lights: [2, 5],
      features: [
        ...frames('W', 18, 5, 61),
        ...frames('E', 18, 5, 61, 5),
        {
          wall: 'N',
          u0: 3.3,
          u1: 5.7,
          v0: 0.6,
          v1: 2.9,
          kind: 'frame',
          art: { style: 'ink', seed: 6170 },
          frameColor: '#3b2a1e',
          spot: true,
        },
        { wall: 'S', u0: 3.9, u1: 5.1, v0: 0, v1: 2.5, kind: 'door', frameColor: '#404040' },
      ],
      blocks: [
        { min: [-1, 0, -3.3], max: [1, 0.45, -2.8], color: '#5a4633', material: 'wood' },
        { min: [-1, 0, 5.8], max: [1, 0.45, 6.3], color: '#5a4633', material: 'wood' },
      ],
    },
    () => openSky({ sky: 'day', foreground: 'meadow', seed: 19 }),
    { centrepiece: 10, left1: 1, left2: 2, right1: 7, right2: 8, door: 11 },
    { yaw: 0, pitch: 0.02 },
    61,
  ),
  classroom: room(
    {
      width: 8,
      height: 3.2,
      depth: 9,
      eye: [0.4, 1.5, 2.4],
      wall: '#eae5d3',
      floor: 'tiles',
      floorColor: '#b8b09c',
      ceiling: 'panels',
      lights: [2, 3],
      features: [
        { wall: 'N', u0: 1.6, u1: 6.4, v0: 0.9, v1: 2.3, kind: 'blackboard' },
        { wall: 'E', u0: 1.5, u1: 3.3, v0: 0.9, v1: 2.5, kind: 'window' },
        { wall: 'E', u0: 4.2, u1: 6.0, v0: 0.9, v1: 2.5, kind: 'window' },
        { wall: 'E', u0: 6.9, u1: 8.7, v0: 0.9, v1: 2.5, kind: 'window' },
        { wall: 'W', u0: 6.8, u1: 7.8, v0: 0, v1: 2.2, kind: 'door' },
        {
          wall: 'S',
          u0: 3,
          u1: 5,
          v0: 1.1,
          v1: 2.1,
          kind: 'frame',
          art: { style: 'geometric', seed: 71 },
          frameColor: '#1e1e1e',
        },
      ],
      blocks: [
        // Teacher's desk.
        { min: [-0.9, 0, -3.6], max: [0.9, 0.76, -2.9], color: '#8a6440', material: 'wood' },
        // Pupils' desks: 3 rows of 3.
        ...([-1.5, 0, 1.5].flatMap((z) =>
          [-2.4, 0, 2.4].flatMap((x) => [
            { min: [x - 0.6, 0.7, z - 0.3], max: [x + 0.6, 0.74, z + 0.3], color: '#c8a472', material: 'wood' as const },
            { min: [x - 0.55, 0, z - 0.25], max: [x - 0.5, 0.7, z + 0.25], color: '#4d5560' },
            { min: [x + 0.5, 0, z - 0.25], max: [x + 0.55, 0.7, z + 0.25], color: '#4d5560' },
            { min: [x - 0.22, 0.42, z + 0.45], max: [x + 0.22, 0.46, z + 0.85], color: '#2f6db5' },
            { min: [x - 0.22, 0.46, z + 0.82], max: [x + 0.22, 0.85, z + 0.86], color: '#2f6db5' },
          ]),
        ) as RoomSpec['blocks'] & object),
        // Bookshelf.
        { min: [-4, 0, 0.5], max: [-3.6, 1.8, 2.5], color: '#9b7a55', material: 'wood' },
      ],
      balls: [{ center: [0.6, 0.95, -3.2], radius: 0.18, color: '#3c7bd1' }],
    },
    () => openSky({ sky: 'day', foreground: 'meadow', seed: 23 }),
    { board: 0, window: 2, door: 4, poster: 5 },
    { yaw: 0, pitch: 0 },
    73,
  ),
  showroom: room(
    {
      width: 12,
      height: 4,
      depth: 12,
      eye: [0, 1.6, 3.2],
      wall: '#f5f5f5',
      accentWall: '#20242c',
      floor: 'tiles',
      floorColor: '#d8d8d8',
      ceiling: 'panels',
      lights: [3, 3],
      features: [
        { wall: 'N', u0: 3.5, u1: 8.5, v0: 1.0, v1: 3.4, kind: 'screen' },
        { wall: 'E', u0: 2, u1: 10, v0: 0.5, v1: 3.3, kind: 'window' },
        {
          wall: 'W',
          u0: 2.5,
          u1: 4,
          v0: 1.2,
          v1: 2.4,
          kind: 'frame',
          art: { style: 'abstract', seed: 81 },
          frameColor: '#c0c0c0',
          spot: true,
        },
        {
          wall: 'W',
          u0: 8,
          u1: 9.5,
          v0: 1.2,
          v1: 2.4,
          kind: 'frame',
          art: { style: 'geometric', seed: 82 },
          frameColor: '#c0c0c0',
          spot: true,
        },
        { wall: 'S', u0: 5.4, u1: 6.6, v0: 0, v1: 2.4, kind: 'door', frameColor: '#30343c' },
      ],
      blocks: [
        { min: [-3.4, 0, -1.4], max: [-2.6, 0.9, -0.6], color: '#fafafa' },
        { min: [-0.4, 0, -2.4], max: [0.4, 1.0, -1.6], color: '#fafafa' },
        { min: [2.6, 0, -1.4], max: [3.4, 0.9, -0.6], color: '#fafafa' },
        { min: [-0.9, 0, -4.6], max: [0.9, 0.3, -3.6], color: '#2b2f38' },
      ],
      balls: [
        { center: [-3, 1.15, -1], radius: 0.25, color: '#e63946' },
        { center: [0, 1.28, -2], radius: 0.28, color: '#f4a261' },
        { center: [3, 1.15, -1], radius: 0.25, color: '#2a9d8f' },
      ],
    },
    () => openSky({ sky: 'day', foreground: 'meadow', seed: 29 }),
    { screen: 0, window: 1, art: 2, door: 4 },
    { yaw: 0, pitch: -0.05 },
    83,
  ),
} satisfies Record<string, PanoramaPreset>;
export type PanoramaName = keyof typeof PANORAMAS;
export const PANORAMA_NAMES = Object.keys(PANORAMAS) as PanoramaName[];

/** Spots of products on plinths of the showroom (3D points to panorama directions). */
export const SHOWROOM_PRODUCTS: Spot[] = [
  spotOf([0, 1.6, 3.2], [-3, 1.15, -1]),
  spotOf([0, 1.6, 3.2], [0, 1.28, -2]),
  spotOf([0, 1.6, 3.2], [3, 1.15, -1]),
];

/** Direction vector of a spot (used by tests). */
export const spotDirection = (s: Spot) => dirOf(s.yaw, s.pitch);
