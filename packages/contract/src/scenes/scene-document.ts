import { z } from 'zod';
import { finiteIn } from '../common';
import { V } from '../messages';
import { backgroundAudio, color, rowId, SCENE_LIMITS, vec3 } from './fields';
import { type SceneObject, sceneObject } from './objects';

/** A 3D scene: settings (environment, fog, floor, spawn, sound) and a flat list of objects. */

export const SCENE_SCHEMA_VERSION = 1;

export const ENVIRONMENT_PRESETS = ['studio', 'daylight', 'sunset', 'night', 'gallery', 'none'] as const;
export type EnvironmentPreset = (typeof ENVIRONMENT_PRESETS)[number];

export const sceneSettings = z.object({
  environment: z
    .object({
      preset: z.enum(ENVIRONMENT_PRESETS, { message: V('invalidValue') }).default('daylight'),
      /** A 360 image of the creator's as the sky (replaces the preset's sky). */
      panorama_asset_id: rowId.nullable().default(null),
    })
    .default({ preset: 'daylight', panorama_asset_id: null }),
  background: color.default('#dfe8f2'),
  fog: z
    .object({
      enabled: z.boolean().default(false),
      color: color.default('#dfe8f2'),
      near: finiteIn(0, 1000).default(10),
      far: finiteIn(0, 5000).default(80),
    })
    .default({ enabled: false, color: '#dfe8f2', near: 10, far: 80 }),
  floor: z
    .object({ visible: z.boolean().default(true), color: color.default('#c8ccd2'), size: finiteIn(1, 1000).default(40) })
    .default({ visible: true, color: '#c8ccd2', size: 40 }),
  /** Where a visitor starts (eye height is added by the viewer) and which way they look (radians). */
  spawn: z
    .object({ position: vec3.default([0, 0, 6]), yaw: finiteIn(-Math.PI * 2, Math.PI * 2).default(0) })
    .default({ position: [0, 0, 6], yaw: 0 }),
  background_audio: backgroundAudio.nullable().default(null),
});
export type SceneSettings = z.infer<typeof sceneSettings>;

export const sceneDocument = z
  .object({
    schema_version: z.literal(SCENE_SCHEMA_VERSION),
    kind: z.literal('scene'),
    settings: sceneSettings.default(sceneSettings.parse({})),
    objects: z.array(sceneObject).max(SCENE_LIMITS.sceneObjects, V('tooMany')).default([]),
  })
  .superRefine((doc, ctx) => {
    const byId = new Map<string, SceneObject>();
    doc.objects.forEach((o, i) => {
      if (byId.has(o.id)) ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['objects', i, 'id'] });
      byId.set(o.id, o);
    });
    doc.objects.forEach((o, i) => {
      if (o.parent === null) return;
      if (!byId.has(o.parent) || o.parent === o.id) {
        ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['objects', i, 'parent'] });
        return;
      }
      // Walk up: a cycle never reaches a root.
      const seen = new Set<string>([o.id]);
      let p: string | null = o.parent;
      while (p !== null) {
        if (seen.has(p)) {
          ctx.addIssue({ code: 'custom', message: V('parentCycle'), path: ['objects', i, 'parent'] });
          return;
        }
        seen.add(p);
        p = byId.get(p)?.parent ?? null;
      }
    });
    doc.objects.forEach((o, i) => {
      if (o.type !== 'npc') return;
      o.steps.forEach((s, j) => {
        if (s.type === 'open_hotspot' && byId.get(s.hotspot)?.type !== 'hotspot')
          ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['objects', i, 'steps', j, 'hotspot'] });
      });
    });
  });
export type SceneDocument = z.infer<typeof sceneDocument>;
