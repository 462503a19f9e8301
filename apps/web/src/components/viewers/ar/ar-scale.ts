/*
 * How far a placed AR view can be scaled. The user's factor multiplies the fitted scale (1 for a model, which shows
 * at its real size; a scene's tabletop factor, e.g. 0.05 for a 20 m scene shown 1 m long). Pinching may go from a
 * tenth of the first size up to ten times it, and always as far as real size (a 20 m scene reaches it at 20×); near
 * real size the factor snaps to it, so a pinch can stop exactly at 1:1. No three.js here.
 */

export const MIN_USER_SCALE = 0.1;
export const MAX_USER_SCALE = 10;
/** Within this fraction of real size, a pinch lands on it. */
export const REAL_SIZE_SNAP = 0.06;

/** The user's factor that shows the content at its real size (the inverse of the fitted scale). */
export function realSizeFactor(fitted: number): number {
  return fitted > 0 ? 1 / fitted : 1;
}

/** The user's factor, kept within [0.1, max(10, real size)] and snapped to real size when close to it. */
export function clampArScale(user: number, fitted: number): number {
  const real = realSizeFactor(fitted);
  const max = Math.max(MAX_USER_SCALE, real);
  const s = Math.min(max, Math.max(MIN_USER_SCALE, Number.isFinite(user) ? user : 1));
  return Math.abs(s - real) <= real * REAL_SIZE_SNAP ? real : s;
}

/** Whether the user's factor shows the content at its real size. */
export function isRealSize(user: number, fitted: number): boolean {
  return Math.abs(user - realSizeFactor(fitted)) < 1e-9;
}
