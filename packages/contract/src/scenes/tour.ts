import { z } from 'zod';
import { finiteIn } from '../common';
import { V } from '../messages';
import { backgroundAudio, elementId, i18nText, rowId, SCENE_LIMITS } from './fields';
import { tourHotspot, tourView } from './hotspots';

/** A 360 tour: scenes of 360 images or videos with hotspots, an optional plan. */

export const TOUR_SCHEMA_VERSION = 1;

export const tourScene = z.object({
  id: elementId,
  name: i18nText(SCENE_LIMITS.title).default({}),
  /** A processed 360 image or 360 video of the creator's. */
  media: z.object({ type: z.enum(['image360', 'video360'], { message: V('invalidValue') }), asset_id: rowId }),
  start_view: tourView.default({ yaw: 0, pitch: 0, zoom: 50 }),
  background_audio: backgroundAudio.nullable().default(null),
  hotspots: z.array(tourHotspot).max(SCENE_LIMITS.hotspotsPerScene, V('tooMany')).default([]),
});
export type TourScene = z.infer<typeof tourScene>;

/** Pixel position of a scene on the tour's plan (a floor plan or map picture). */
const planPoint = z.object({ scene: elementId, x: finiteIn(0, 1), y: finiteIn(0, 1) });

export const tourDocument = z
  .object({
    schema_version: z.literal(TOUR_SCHEMA_VERSION),
    kind: z.literal('tour'),
    start_scene: elementId,
    scenes: z.array(tourScene).min(1, V('tourNeedsScene')).max(SCENE_LIMITS.tourScenes, V('tooMany')),
    settings: z
      .object({
        autorotate: z.boolean().default(false),
        gyroscope: z.boolean().default(true),
        /** An optional plan (floor plan or map image asset) with a point per scene. */
        plan: z
          .object({ asset_id: rowId, points: z.array(planPoint).max(SCENE_LIMITS.tourScenes, V('tooMany')) })
          .nullable()
          .default(null),
      })
      .default({ autorotate: false, gyroscope: true, plan: null }),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    doc.scenes.forEach((s, i) => {
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['scenes', i, 'id'] });
      ids.add(s.id);
      const hs = new Set<string>();
      s.hotspots.forEach((h, j) => {
        if (hs.has(h.id))
          ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['scenes', i, 'hotspots', j, 'id'] });
        hs.add(h.id);
        if (h.time_range && s.media.type !== 'video360')
          ctx.addIssue({ code: 'custom', message: V('timeRangeVideoOnly'), path: ['scenes', i, 'hotspots', j, 'time_range'] });
      });
    });
    for (const [i, s] of doc.scenes.entries())
      for (const [j, h] of s.hotspots.entries())
        if (h.kind === 'scene' && !ids.has(h.target_scene))
          ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['scenes', i, 'hotspots', j, 'target_scene'] });
    if (!ids.has(doc.start_scene)) ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['start_scene'] });
    doc.settings.plan?.points.forEach((p, i) => {
      if (!ids.has(p.scene))
        ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['settings', 'plan', 'points', i, 'scene'] });
    });
  });
export type TourDocument = z.infer<typeof tourDocument>;
