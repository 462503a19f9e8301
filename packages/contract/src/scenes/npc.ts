import { z } from 'zod';
import { boundedText, finiteIn } from '../common';
import { V } from '../messages';
import { elementId, i18nText, SCENE_LIMITS, vec3 } from './fields';

/** One step of an NPC's program (edited as a form, run in order; `loop` starts over). */
export const npcStep = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('walk'),
      waypoints: z.array(vec3).min(1, V('required')).max(SCENE_LIMITS.waypoints, V('tooMany')),
      /** Metres per second. */
      speed: finiteIn(0.1, 10).default(1.2),
    }),
    z.object({
      type: z.literal('play'),
      clip: boundedText(SCENE_LIMITS.name).min(1, V('required')),
      seconds: finiteIn(0, 600).default(3),
    }),
    z.object({ type: z.literal('idle'), seconds: finiteIn(0, 600).default(2) }),
    z.object({ type: z.literal('wait'), seconds: finiteIn(0, 600).default(1) }),
    z.object({ type: z.literal('face_visitor') }),
    z.object({
      type: z.literal('say'),
      text: i18nText(SCENE_LIMITS.text),
      /** Said when a visitor comes within this many metres; shown for `seconds`. */
      radius: finiteIn(0.5, 50).default(3),
      seconds: finiteIn(1, 120).default(5),
    }),
    z.object({ type: z.literal('open_hotspot'), hotspot: elementId }),
    z.object({ type: z.literal('loop') }),
  ],
  { message: V('invalidValue') },
);
export type NpcStep = z.infer<typeof npcStep>;
export const NPC_STEP_TYPES = ['walk', 'play', 'idle', 'wait', 'face_visitor', 'say', 'open_hotspot', 'loop'] as const;
