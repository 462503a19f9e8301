/** A pose of a person at a moment: position (metres, floor level) and heading (yaw, radians). */
export interface Pose {
  p: [number, number, number];
  yaw: number;
}

/** A received pose with the local time (ms) it applies to. */
export interface PoseSample extends Pose {
  t: number;
}

/** How far behind "now" remote avatars are drawn (ms): two 20 Hz snapshots, so there is nearly always a pair to blend. */
export const INTERPOLATION_DELAY_MS = 100;
/** Longest stretch a pose is carried forward past its last snapshot before the avatar simply stands still (ms). */
const MAX_EXTRAPOLATION_MS = 250;
/** Samples kept per person. */
const BUFFER = 16;

/** Adds a sample in time order (late or duplicate snapshots are dropped) and keeps the newest `BUFFER`. */
export function pushSample(buffer: PoseSample[], s: PoseSample): PoseSample[] {
  const last = buffer.at(-1);
  if (last && s.t <= last.t) return buffer;
  const next = [...buffer, s];
  return next.length > BUFFER ? next.slice(next.length - BUFFER) : next;
}

/** Angle from `a` to `b` the short way round (−π…π). */
export function angleDelta(a: number, b: number): number {
  let d = (b - a) % (Math.PI * 2);
  if (d > Math.PI) d -= Math.PI * 2;
  if (d < -Math.PI) d += Math.PI * 2;
  return d;
}

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;

/**
 * The pose to draw at local time `t` (already delayed by `INTERPOLATION_DELAY_MS` by the caller): linear between the
 * two samples around `t` (heading the short way round), the first sample before the buffer starts, and a short
 * extrapolation along the last motion after it ends (then the avatar stands). Null when there is no sample.
 */
export function sampleAt(buffer: readonly PoseSample[], t: number): Pose | null {
  const first = buffer[0];
  const last = buffer.at(-1);
  if (!first || !last) return null;
  if (t <= first.t) return { p: [...first.p], yaw: first.yaw };
  if (t >= last.t) {
    const prev = buffer.at(-2);
    if (!prev || last.t === prev.t) return { p: [...last.p], yaw: last.yaw };
    const k = Math.min(t - last.t, MAX_EXTRAPOLATION_MS) / (last.t - prev.t);
    return {
      p: [
        lerp(last.p[0], last.p[0] + (last.p[0] - prev.p[0]), k),
        last.p[1],
        lerp(last.p[2], last.p[2] + (last.p[2] - prev.p[2]), k),
      ],
      yaw: last.yaw,
    };
  }
  for (let i = buffer.length - 1; i > 0; i--) {
    const a = buffer[i - 1]!;
    const b = buffer[i]!;
    if (t >= a.t && t <= b.t) {
      const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
      return {
        p: [lerp(a.p[0], b.p[0], k), lerp(a.p[1], b.p[1], k), lerp(a.p[2], b.p[2], k)],
        yaw: a.yaw + angleDelta(a.yaw, b.yaw) * k,
      };
    }
  }
  return { p: [...last.p], yaw: last.yaw };
}

/** Least time between two of our own pose messages (ms): at most 20 a second. */
export const SEND_INTERVAL_MS = 50;
const MOVE_EPSILON = 0.01;
const TURN_EPSILON = 0.01;

/**
 * Whether our own pose should be sent now: at least `SEND_INTERVAL_MS` after the last one, and only when it moved
 * or turned noticeably (standing still sends nothing).
 */
export function shouldSend(last: (Pose & { at: number }) | null, pose: Pose, now: number): boolean {
  if (!last) return true;
  if (now - last.at < SEND_INTERVAL_MS) return false;
  const moved = Math.hypot(pose.p[0] - last.p[0], pose.p[1] - last.p[1], pose.p[2] - last.p[2]) > MOVE_EPSILON;
  return moved || Math.abs(angleDelta(last.yaw, pose.yaw)) > TURN_EPSILON;
}
