import { z } from 'zod';
import { finiteIn } from '../common';
import { V } from '../messages';
import { elementId, httpUrl, i18nText, rowId, SCENE_LIMITS } from './fields';

/** A direction on the panorama in radians: yaw (longitude) −π…π, pitch (latitude) −π/2…π/2. */
export const sphericalPosition = z.object({
  yaw: finiteIn(-Math.PI * 2, Math.PI * 2),
  pitch: finiteIn(-Math.PI / 2, Math.PI / 2),
});
export type SphericalPosition = z.infer<typeof sphericalPosition>;

/** A view: direction plus zoom level (Photo Sphere Viewer's 0…100). */
export const tourView = sphericalPosition.extend({ zoom: finiteIn(0, 100).default(50) });
export type TourView = z.infer<typeof tourView>;

export const HOTSPOT_ICONS = ['info', 'play', 'image', 'audio', 'link', 'arrow', 'star', 'cart'] as const;
export type HotspotIcon = (typeof HOTSPOT_ICONS)[number];

/** Seconds in a 360 video during which a hotspot shows (`end` > `start`). */
export const timeRange = z
  .object({ start: finiteIn(0, SCENE_LIMITS.seconds), end: finiteIn(0, SCENE_LIMITS.seconds) })
  .refine((r) => r.end > r.start, { message: V('timeRangeOrder'), path: ['end'] });

/** What every hotspot has: id, title and text in up to three languages, icon, size (px in tours, metres × 100 in 3D). */
const hotspotBase = {
  id: elementId,
  title: i18nText(SCENE_LIMITS.title).default({}),
  text: i18nText(SCENE_LIMITS.text).default({}),
  icon: z.enum(HOTSPOT_ICONS, { message: V('invalidValue') }).default('info'),
  size: finiteIn(16, 128).default(40),
};

/**
 * Hotspot content by kind (spec: video, audio, image, link; plus text; tours add `scene` — go to another scene —
 * and 3D scenes add `product` — a market project's card with "add to cart").
 */
const mediaHotspot = <K extends string>(kind: K) => z.object({ ...hotspotBase, kind: z.literal(kind), asset_id: rowId });
const linkHotspot = z.object({ ...hotspotBase, kind: z.literal('link'), url: httpUrl });
const textHotspot = z.object({ ...hotspotBase, kind: z.literal('text') });
const sceneLinkHotspot = z.object({
  ...hotspotBase,
  kind: z.literal('scene'),
  target_scene: elementId,
  /** Keep the viewing direction across the move (otherwise the target's start view). */
  keep_direction: z.boolean().default(true),
});
const productHotspot = z.object({ ...hotspotBase, kind: z.literal('product'), project_id: rowId });

export const TOUR_HOTSPOT_KINDS = ['video', 'audio', 'image', 'link', 'text', 'scene'] as const;
export const SCENE_HOTSPOT_KINDS = ['video', 'audio', 'image', 'link', 'text', 'product'] as const;

const tourHotspotContent = z.discriminatedUnion(
  'kind',
  [mediaHotspot('video'), mediaHotspot('audio'), mediaHotspot('image'), linkHotspot, textHotspot, sceneLinkHotspot],
  { message: V('hotspotKind') },
);

/** A tour hotspot: content, place on the panorama, optional time range (360 video scenes). */
export const tourHotspot = z.intersection(
  tourHotspotContent,
  z.object({ position: sphericalPosition, time_range: timeRange.nullable().default(null) }),
);
export type TourHotspot = z.infer<typeof tourHotspot>;
export type TourHotspotKind = (typeof TOUR_HOTSPOT_KINDS)[number];

/** A 3D scene's hotspot: content only (its place is the hotspot object's transform). */
export const sceneHotspot = z.discriminatedUnion(
  'kind',
  [mediaHotspot('video'), mediaHotspot('audio'), mediaHotspot('image'), linkHotspot, textHotspot, productHotspot],
  { message: V('hotspotKind') },
);
export type SceneHotspot = z.infer<typeof sceneHotspot>;
