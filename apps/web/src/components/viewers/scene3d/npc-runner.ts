import type { I18nText, NpcStep, Vec3 } from '@xr/contract/scenes';

/**
 * The NPC step runner: a pure function that advances one NPC's program by `dt` seconds. The viewer calls it every
 * frame with the visitor's position; tests call it with chosen times. No three.js here: positions are plain tuples
 * and the yaw is the heading in radians around +Y (0 looks down −Z… we use atan2(dx, dz), so 0 faces +Z).
 */
export interface NpcProgram {
  steps: readonly NpcStep[];
  walk_clip: string;
  idle_clip: string;
}

export interface NpcSpeech {
  text: I18nText;
  /** Seconds left on screen. */
  remaining: number;
}

export interface NpcState {
  /** Index of the running step (`steps.length` when the program ended). */
  step: number;
  /** Seconds spent in the running step. */
  elapsed: number;
  /** Next waypoint of a walk step. */
  waypoint: number;
  position: Vec3;
  yaw: number;
  /** The clip the model should be playing (null: none / bind pose). */
  clip: string | null;
  speech: NpcSpeech | null;
  /** True while a `say` step waits for the visitor to come near. */
  waitingForVisitor: boolean;
}

export type NpcEvent = { type: 'open_hotspot'; hotspot: string } | { type: 'say'; text: I18nText };

/** Where an NPC starts. */
export function initialNpcState(position: Vec3, yaw = 0, idleClip: string | null = null): NpcState {
  return {
    step: 0,
    elapsed: 0,
    waypoint: 0,
    position: [...position] as Vec3,
    yaw,
    clip: idleClip,
    speech: null,
    waitingForVisitor: false,
  };
}

const headingTo = (from: Vec3, to: Vec3) => Math.atan2(to[0] - from[0], to[2] - from[2]);
/** Horizontal distance (the visitor's eye height does not count). */
export const groundDistance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);

/** Distance under which a waypoint counts as reached (metres). */
const REACHED = 0.02;

/**
 * The longest frame that still counts in full (seconds): the visitor's walk and the NPCs' steps both keep real time
 * on frames up to this long (a software renderer on a busy machine draws a few frames a second), so a visitor
 * walking up to an NPC does not overtake it on slow frames; a longer gap (a hidden tab coming back) does not jump.
 */
export const MAX_FRAME_SECONDS = 0.25;

/**
 * Advances `state` by `dt` seconds of `program` with the visitor at `visitor`. Returns the new state (the input is
 * not changed) and the events that happened (open a hotspot, start saying a line). Steps that take no time
 * (face visitor, open hotspot, loop) run at once; a program of only such steps runs at most one round per call.
 */
export function advanceNpc(
  program: NpcProgram,
  prev: NpcState,
  dt: number,
  visitor: Vec3,
): { state: NpcState; events: NpcEvent[] } {
  const s: NpcState = { ...prev, position: [...prev.position] as Vec3 };
  const events: NpcEvent[] = [];
  const steps = program.steps;
  if (s.speech) {
    const remaining = s.speech.remaining - dt;
    s.speech = remaining > 0 ? { ...s.speech, remaining } : null;
  }
  let left = Math.max(0, dt);
  const next = () => {
    s.step += 1;
    s.elapsed = 0;
    s.waypoint = 0;
    s.waitingForVisitor = false;
  };
  // Bound the instant steps run in one call so that `[loop]` or `[face_visitor, loop]` cannot spin.
  let guard = steps.length * 2 + 2;
  while (guard-- > 0) {
    const step = steps[s.step];
    if (!step) {
      s.clip = program.idle_clip || null;
      break;
    }
    if (step.type === 'walk') {
      s.clip = program.walk_clip || null;
      while (left > 0 && s.waypoint < step.waypoints.length) {
        const target = step.waypoints[s.waypoint]!;
        const dist = Math.hypot(target[0] - s.position[0], target[1] - s.position[1], target[2] - s.position[2]);
        if (dist > REACHED) s.yaw = headingTo(s.position, target);
        const reach = step.speed * left;
        if (reach >= dist) {
          s.position = [...target] as Vec3;
          left -= dist / step.speed;
          s.waypoint += 1;
        } else {
          const k = reach / dist;
          s.position = [
            s.position[0] + (target[0] - s.position[0]) * k,
            s.position[1] + (target[1] - s.position[1]) * k,
            s.position[2] + (target[2] - s.position[2]) * k,
          ];
          left = 0;
        }
      }
      if (s.waypoint >= step.waypoints.length) {
        next();
        continue;
      }
      break;
    }
    if (step.type === 'play' || step.type === 'idle' || step.type === 'wait') {
      s.clip = step.type === 'play' ? step.clip : program.idle_clip || null;
      const need = step.seconds - s.elapsed;
      if (left >= need) {
        left -= Math.max(0, need);
        next();
        continue;
      }
      s.elapsed += left;
      left = 0;
      break;
    }
    if (step.type === 'face_visitor') {
      s.yaw = headingTo(s.position, visitor);
      next();
      continue;
    }
    if (step.type === 'say') {
      s.clip = program.idle_clip || null;
      if (s.elapsed === 0) {
        // Waiting for the visitor to come within the radius.
        if (groundDistance(s.position, visitor) > step.radius) {
          s.waitingForVisitor = true;
          break;
        }
        s.waitingForVisitor = false;
        s.yaw = headingTo(s.position, visitor);
        s.speech = { text: step.text, remaining: step.seconds };
        events.push({ type: 'say', text: step.text });
      }
      const need = step.seconds - s.elapsed;
      if (left >= need) {
        left -= Math.max(0, need);
        next();
        continue;
      }
      // `elapsed` > 0 marks the line as started even when dt is 0.
      s.elapsed += Math.max(left, Number.EPSILON);
      left = 0;
      break;
    }
    if (step.type === 'open_hotspot') {
      events.push({ type: 'open_hotspot', hotspot: step.hotspot });
      next();
      continue;
    }
    if (step.type === 'loop') {
      s.step = 0;
      s.elapsed = 0;
      s.waypoint = 0;
      // Nothing can take time in this round: stop here rather than spin.
      if (!steps.some((x) => x.type !== 'loop' && x.type !== 'face_visitor' && x.type !== 'open_hotspot')) break;
      if (left <= 0) break;
    }
  }
  return { state: s, events };
}
