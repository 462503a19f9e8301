import { z } from 'zod';
import { boundedText, finiteIn } from '../common';
import { V } from '../messages';
import { color, elementId, i18nText, rowId, SCENE_LIMITS, vec3 } from './fields';
import { sceneHotspot } from './hotspots';
import { npcStep } from './npc';

/** The objects of a 3D scene: models, groups, lights, hotspots and NPCs, each with a transform. */

export const transform = z.object({
  position: vec3.default([0, 0, 0]),
  /** Euler angles in radians (XYZ order). */
  rotation: z.tuple([finiteIn(-100, 100), finiteIn(-100, 100), finiteIn(-100, 100)]).default([0, 0, 0]),
  scale: z.tuple([finiteIn(0.001, 1000), finiteIn(0.001, 1000), finiteIn(0.001, 1000)]).default([1, 1, 1]),
});
export type Transform = z.infer<typeof transform>;

/** A model comes from the platform library or from one of the creator's processed uploads. */
export const modelSource = z.union([z.object({ library_id: rowId }).strict(), z.object({ asset_id: rowId }).strict()]);
export type ModelSource = z.infer<typeof modelSource>;

export const LIGHT_KINDS = ['ambient', 'directional', 'point', 'spot'] as const;
export const light = z.object({
  kind: z.enum(LIGHT_KINDS, { message: V('invalidValue') }),
  color: color.default('#ffffff'),
  intensity: finiteIn(0, 100).default(1),
  cast_shadow: z.boolean().default(false),
  /** Point and spot: range in metres (0 = infinite). */
  distance: finiteIn(0, SCENE_LIMITS.coordinate).default(0),
  /** Spot: cone half-angle in radians. */
  angle: finiteIn(0.01, Math.PI / 2).default(Math.PI / 6),
});
export type Light = z.infer<typeof light>;

const objectBase = {
  id: elementId,
  name: boundedText(SCENE_LIMITS.name).default(''),
  /** The group this object belongs to (its transform is relative to the group's). */
  parent: elementId.nullable().default(null),
  transform: transform.default({ position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }),
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

export const sceneObject = z.discriminatedUnion(
  'type',
  [
    z.object({ ...objectBase, type: z.literal('model'), source: modelSource, cast_shadow: z.boolean().default(true) }),
    z.object({ ...objectBase, type: z.literal('group') }),
    z.object({ ...objectBase, type: z.literal('light'), light }),
    /** A hotspot at a free point, or on an object when `parent` names it. */
    z.object({ ...objectBase, type: z.literal('hotspot'), hotspot: sceneHotspot }),
    z.object({
      ...objectBase,
      type: z.literal('npc'),
      source: modelSource,
      display_name: i18nText(SCENE_LIMITS.title).default({}),
      /** Clip played while walking and while idle, when the model has them. */
      walk_clip: boundedText(SCENE_LIMITS.name).default('walk'),
      idle_clip: boundedText(SCENE_LIMITS.name).default('idle'),
      steps: z.array(npcStep).max(SCENE_LIMITS.npcSteps, V('tooMany')).default([]),
    }),
  ],
  { message: V('invalidValue') },
);
export type SceneObject = z.infer<typeof sceneObject>;
export type SceneObjectType = SceneObject['type'];
