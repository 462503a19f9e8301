import { z } from 'zod';
import { boundedText, finiteIn } from '../common';
import { ID_MAX } from '../constants';
import { V } from '../messages';

/** The limits and field types both scene documents (tour and 3D scene) are made of. */

/** Limits (ours). */
export const SCENE_LIMITS = {
  tourScenes: 50,
  hotspotsPerScene: 100,
  sceneObjects: 1000,
  npcSteps: 50,
  waypoints: 20,
  title: 100,
  text: 2000,
  url: 2000,
  name: 100,
  /** Largest coordinate (metres) of a 3D scene. */
  coordinate: 10_000,
  /** Longest 360 video a time range may point into (seconds). */
  seconds: 86_400,
} as const;

/** Largest serialized document (bytes of JSON) a save accepts. */
export const SCENE_DOCUMENT_MAX_BYTES = 1024 * 1024;

/** Text in up to three languages; at least one of them may be required by the caller. */
export const i18nText = (max: number = SCENE_LIMITS.title) =>
  z.object({ zh: boundedText(max).optional(), tc: boundedText(max).optional(), en: boundedText(max).optional() }).strict();
export type I18nText = z.infer<ReturnType<typeof i18nText>>;

/** The text of an `I18nText` in a language, falling back to the others (zh, tc, en order). */
export function pickText(t: I18nText | undefined, lang: 'zh' | 'tc' | 'en'): string {
  if (!t) return '';
  return t[lang] || t.zh || t.tc || t.en || '';
}

/** Element ids inside a document (scenes, hotspots, objects): short, URL-safe, unique per document. */
export const elementId = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{1,40}$/, V('elementIdFormat'));

/** A database id (asset, library model, project). */
export const rowId = z
  .number({ message: V('invalidValue') })
  .int(V('invalidValue'))
  .min(1, V('invalidValue'))
  .max(ID_MAX, V('invalidValue'));

const coord = finiteIn(-SCENE_LIMITS.coordinate, SCENE_LIMITS.coordinate);
export const vec3 = z.tuple([coord, coord, coord]);
export type Vec3 = z.infer<typeof vec3>;

/** A colour as `#rrggbb`. */
export const color = z.string({ message: V('invalidValue') }).regex(/^#[0-9a-fA-F]{6}$/, V('colorFormat'));

/** An http(s) link (no `javascript:` or other schemes). */
export const httpUrl = z
  .string({ message: V('invalidValue') })
  .max(SCENE_LIMITS.url, V('tooLong'))
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, V('urlFormat'));

/** Background sound of a tour scene or a 3D scene. */
export const backgroundAudio = z.object({
  asset_id: rowId,
  volume: finiteIn(0, 1).default(0.6),
  loop: z.boolean().default(true),
});
