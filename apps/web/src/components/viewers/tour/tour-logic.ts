import {
  type I18nText,
  pickText,
  type ResolvedMedia,
  type SphericalPosition,
  type TourDocument,
  type TourHotspot,
  type TourScene,
  type TourView,
} from '@xr/contract/scenes';
import { isTiled, previews, quickPreview } from './first-picture';

/**
 * The tour viewer's decisions, kept apart from Photo Sphere Viewer and three.js so they are tested alone: which URL of
 * a resolved asset each use takes, which hotspots show at a video time, what a hotspot opens, and where the view
 * points after a scene link.
 */

export type Lang = 'zh' | 'tc' | 'en';

/** The signed URL of one tile of a tiled panorama (`tile_<col>_<row>`), or null (the viewer then shows its error tile). */
export function tileUrl(media: ResolvedMedia, col: number, row: number): string | null {
  return media.urls[`tile_${col}_${row}`] ?? null;
}

export type PanoramaSource =
  | { type: 'video'; src: string; poster?: string }
  | { type: 'tiles'; preview: string; width: number; cols: number; rows: number; media: ResolvedMedia }
  | { type: 'image'; src: string; preview?: string };

/**
 * What a scene shows: a 360 video (played in the sphere), a tiled panorama (preview first, tiles in view as they
 * come) or a single image (a ≤2048 preview first, the full one after). Null when nothing was delivered.
 */
export function panoramaOf(scene: TourScene, media: ResolvedMedia | undefined): PanoramaSource | null {
  if (!media) return null;
  const u = media.urls;
  if (scene.media.type === 'video360') {
    const src = u.video ?? u.original;
    return src ? { type: 'video', src, poster: u.poster ?? u.thumbnail } : null;
  }
  const ps = previews(u);
  const quick = quickPreview(u);
  if (media.tiles && isTiled(media) && quick) {
    const { width, cols, rows } = media.tiles;
    // Tiles cover the view at full resolution moments later: the base only has to show something at once, so the
    // smallest preview (a 512 px one decodes and uploads in a fraction of a 2048 px one's time on a phone).
    return { type: 'tiles', preview: ps.at(-1)?.[1] ?? quick, width, cols, rows, media };
  }
  const src = u.original ?? ps[0]?.[1];
  if (!src) return quick ? { type: 'image', src: quick } : null;
  return { type: 'image', src, preview: quick && quick !== src ? quick : undefined };
}

/**
 * The sphere's segments for a tiled panorama: 32 (Photo Sphere Viewer's default is 64), or more when the tiles need
 * it (the viewer wants at least one face per tile column and row). The tiles adapter draws one group per face, each a
 * draw call, the invisible ones too until their tile arrives: 512 instead of 2048 for the first frame (docs/perf.md,
 * "360 tour viewer"); faces of 11.25° still bend no line of the panorama visibly.
 */
export function tilesResolution(cols: number, rows: number): number {
  let r = 32;
  while (r < cols || r / 2 < rows) r *= 2;
  return r;
}

/**
 * The tiles adapter's options: the sphere's resolution above, and the base picture (the smallest preview) without
 * Photo Sphere Viewer's blur. The blur is invisible on a 512 px base (a radius of width / 2048 = 0.25 px), but asking
 * for it makes Photo Sphere Viewer measure the largest canvas the browser allows by drawing into canvases from the
 * maximum texture size down (8192 × 4096 first): ~0.3–0.7 s of the first frame under SwiftShader, and a 128 MB
 * allocation on a phone (docs/perf.md, "360 tour viewer").
 */
export function tilesAdapterOptions(cols: number, rows: number): { resolution: number; baseBlur: false } {
  return { resolution: tilesResolution(cols, rows), baseBlur: false };
}

/** A small picture of a scene for the scene list: the smallest preview, a thumbnail or a poster. */
export function thumbnailOf(media: ResolvedMedia | undefined): string | undefined {
  if (!media) return undefined;
  const u = media.urls;
  return u.thumbnail ?? u.poster ?? previews(u).at(-1)?.[1];
}

/** The playable or viewable URL of a hotspot's media (image, audio, video). */
export function mediaUrl(media: ResolvedMedia | undefined): string | undefined {
  if (!media) return undefined;
  const u = media.urls;
  return u.video ?? u.audio ?? u.original ?? previews(u)[0]?.[1] ?? u.thumbnail;
}

/** Whether a hotspot shows at `time` seconds of its scene's video (always, without a time range). */
export function visibleAt(h: TourHotspot, time: number | null): boolean {
  if (!h.time_range) return true;
  if (time === null) return false;
  return time >= h.time_range.start && time < h.time_range.end;
}

/** What opening a hotspot does. */
export type HotspotAction =
  | { type: 'popup'; kind: 'image' | 'video' | 'audio'; title: string; text: string; url: string | undefined }
  | { type: 'popup'; kind: 'text'; title: string; text: string }
  | { type: 'link'; title: string; text: string; url: string }
  | { type: 'scene'; target: string; keepDirection: boolean };

export function actionOf(h: TourHotspot, media: Record<string, ResolvedMedia>, lang: Lang): HotspotAction {
  const title = pickText(h.title, lang);
  const text = pickText(h.text, lang);
  switch (h.kind) {
    case 'scene':
      return { type: 'scene', target: h.target_scene, keepDirection: h.keep_direction };
    case 'link':
      return { type: 'link', title, text, url: h.url };
    case 'text':
      return { type: 'popup', kind: 'text', title, text };
    default:
      return { type: 'popup', kind: h.kind, title, text, url: mediaUrl(media[String(h.asset_id)]) };
  }
}

/**
 * Where the view points in the target scene of a scene link: keeping the direction, the visitor keeps looking the
 * way they were (yaw and pitch; zoom too), so walking through a door feels continuous; otherwise the target's start view.
 */
export function viewAfterLink(current: TourView, target: TourScene, keepDirection: boolean): TourView {
  return keepDirection ? { ...current } : { ...target.start_view };
}

/** A scene's name in a language, or its number in the tour. */
export function sceneName(doc: TourDocument, scene: TourScene, lang: Lang, fallback: (n: number) => string): string {
  return pickText(scene.name, lang) || fallback(doc.scenes.indexOf(scene) + 1);
}

/** The hotspot's title for a marker's tooltip and accessible name. */
export function hotspotLabel(h: TourHotspot, lang: Lang, kindName: (k: TourHotspot['kind']) => string): string {
  return pickText(h.title as I18nText, lang) || kindName(h.kind);
}

/** Normalizes a yaw to −π…π. */
export function normalizeYaw(yaw: number): number {
  const t = Math.PI * 2;
  return ((((yaw + Math.PI) % t) + t) % t) - Math.PI;
}

/**
 * A position for the document from one of Photo Sphere Viewer's (yaw 0…2π there, −π…π here), cut to 4 decimals for
 * small documents and stable diffs: towards zero, so a direction at the range's edge (pitch ±π/2) stays inside it.
 */
export function toSpherical(p: { yaw: number; pitch: number }): SphericalPosition {
  const r = (n: number) => Math.trunc(n * 10_000) / 10_000;
  return { yaw: r(normalizeYaw(p.yaw)), pitch: r(Math.max(-Math.PI / 2, Math.min(Math.PI / 2, p.pitch))) };
}
