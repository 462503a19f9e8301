/**
 * Pointing at hotspots in VR, without three.js (so it is tested alone): hotspots are small spheres on the panorama
 * sphere around the visitor; a controller's ray or the head's gaze picks the nearest one it passes through. Gaze
 * opens a hotspot after the visitor looks at it for a moment (dwell).
 */

export type Vec3 = [number, number, number];

/** Distance (metres) of the hotspots from the visitor in VR; the panorama sphere is further out. */
export const HOTSPOT_DISTANCE = 8;
export const SPHERE_RADIUS = 50;
/** How long (ms) gaze must rest on a hotspot to open it. */
export const DWELL_MS = 1500;

/**
 * Photo Sphere Viewer's direction of a (yaw, pitch) — yaw 0 is +z, yaw grows to the right (−x) — so hotspots sit
 * where the 2D viewer shows them on the same sphere geometry.
 */
export function directionOf(p: { yaw: number; pitch: number }): Vec3 {
  return [-Math.cos(p.pitch) * Math.sin(p.yaw), Math.sin(p.pitch), Math.cos(p.pitch) * Math.cos(p.yaw)];
}

/** Rotation (about the vertical axis) of the panorama group that puts `yaw` straight ahead (−z) of a new XR viewer. */
export function groupYawFor(yaw: number): number {
  return Math.PI + yaw;
}

/**
 * Rotation of the panorama group that puts panorama `yaw` in the world direction `facing` (the visitor's forward
 * vector): a group turned by g shows panorama yaw y at world yaw y − g.
 */
export function groupYawToFace(yaw: number, facing: Vec3): number {
  return yaw - Math.atan2(-facing[0], facing[2]);
}

/** A point rotated about the vertical axis by `angle` (three.js's rotation.y convention). */
export function rotateY([x, y, z]: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c + z * s, y, -x * s + z * c];
}

export interface PickTarget {
  id: string;
  center: Vec3;
  radius: number;
}

/** World centre and pick radius of a hotspot of `size` px (the 2D marker size) in a group turned by `groupYaw`. */
export function targetOf(id: string, pos: { yaw: number; pitch: number }, size: number, groupYaw: number): PickTarget {
  const d = directionOf(pos);
  const center = rotateY([d[0] * HOTSPOT_DISTANCE, d[1] * HOTSPOT_DISTANCE, d[2] * HOTSPOT_DISTANCE], groupYaw);
  // 40 px in the 2D viewer ≈ 0.5 m at 8 m; never smaller than a comfortable target
  return { id, center, radius: Math.max(0.35, (size / 40) * 0.5) };
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * The target a ray (origin, direction) hits first, or null. The direction need not be normalised; targets behind
 * the origin are ignored.
 */
export function pick(origin: Vec3, direction: Vec3, targets: readonly PickTarget[]): string | null {
  const len = Math.hypot(...direction);
  if (!len) return null;
  const d: Vec3 = [direction[0] / len, direction[1] / len, direction[2] / len];
  let best: { id: string; t: number } | null = null;
  for (const target of targets) {
    const oc = sub(origin, target.center);
    const b = dot(oc, d);
    const c = dot(oc, oc) - target.radius * target.radius;
    const disc = b * b - c;
    if (disc < 0) continue;
    const sq = Math.sqrt(disc);
    const t = -b - sq >= 0 ? -b - sq : -b + sq;
    if (t < 0) continue;
    if (!best || t < best.t) best = { id: target.id, t };
  }
  return best?.id ?? null;
}

/** Origin and forward direction (−z) of a column-major 4×4 world matrix (three.js `Matrix4.elements`). */
export function rayOfMatrix(m: ArrayLike<number>): { origin: Vec3; direction: Vec3 } {
  return { origin: [m[12]!, m[13]!, m[14]!], direction: [-m[8]!, -m[9]!, -m[10]!] };
}

/**
 * Gaze dwell: feed it what the gaze hits each frame; it answers the id to open once gaze has rested on the same
 * hotspot for `ms`, and the progress (0…1) to draw the ring. Looking away resets it; after an opening, gaze must
 * leave the hotspot before it can open again.
 */
export class GazeDwell {
  private id: string | null = null;
  private since = 0;
  private fired = false;
  constructor(private readonly ms = DWELL_MS) {}

  update(id: string | null, now: number): { progress: number; open: string | null } {
    if (id !== this.id) {
      this.id = id;
      this.since = now;
      this.fired = false;
    }
    if (!id || this.fired) return { progress: 0, open: null };
    const progress = Math.min(1, (now - this.since) / this.ms);
    if (progress >= 1) {
      this.fired = true;
      return { progress: 1, open: id };
    }
    return { progress, open: null };
  }
}
