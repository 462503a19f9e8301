import type { ResolvedMedia, SceneDetails } from '@xr/contract/scenes';
import { createPrefetchStore } from '../prefetch';

/*
 * The first picture a tour shows, and its early download. No Photo Sphere Viewer, three.js or zod here: the lean
 * full-screen page (viewer.html) imports this module to start the download while the viewer's code is on its way;
 * the viewer then hands the bytes to Photo Sphere Viewer's cache instead of asking the network again.
 */

/** Preview outputs (`preview_<width>`) from the largest down. */
export function previews(urls: Record<string, string>): [number, string][] {
  return Object.entries(urls)
    .filter(([n]) => /^preview(_\d+)?$/.test(n))
    .map(([n, u]): [number, string] => [Number(n.replace(/\D/g, '')) || 0, u])
    .sort((a, b) => b[0] - a[0]);
}

/** The quick picture of an image scene: the largest preview of at most 2048 px, else the smallest there is. */
export function quickPreview(urls: Record<string, string>): string | undefined {
  const ps = previews(urls);
  return ps.find(([w]) => w <= 2048)?.[1] ?? ps.at(-1)?.[1];
}

/** Whether a delivered panorama is tiled (then the smallest preview is the base under the tiles). */
export function isTiled(media: Pick<ResolvedMedia, 'tiles'>): boolean {
  return !!media.tiles && media.tiles.cols > 0;
}

/**
 * The URL Photo Sphere Viewer loads first for a 360 image (the rules of `panoramaOf`): a tiled panorama's smallest
 * preview, else the quick preview, else the original. Undefined when nothing was delivered.
 */
export function firstPictureOf(media: Pick<ResolvedMedia, 'urls' | 'tiles'>): string | undefined {
  const ps = previews(media.urls);
  const quick = quickPreview(media.urls);
  if (isTiled(media) && quick) return ps.at(-1)?.[1] ?? quick;
  return quick ?? media.urls.original;
}

/** The first picture of a tour's start scene (a 360 image; a video scene has none), read loosely: the viewer validates. */
export function startPictureUrl(details: SceneDetails): string | undefined {
  const doc = details.document as {
    kind?: unknown;
    start_scene?: unknown;
    scenes?: { id?: unknown; media?: { type?: unknown; asset_id?: unknown } }[];
  } | null;
  if (doc?.kind !== 'tour' || !Array.isArray(doc.scenes)) return undefined;
  const scene = doc.scenes.find((s) => s?.id === doc.start_scene) ?? doc.scenes[0];
  if (scene?.media?.type !== 'image360') return undefined;
  const media = details.media?.[String(scene.media.asset_id)];
  return media?.urls ? firstPictureOf(media) : undefined;
}

/**
 * The start scene of a tour and the view it opens at (its `start_view`, Photo Sphere Viewer's defaults where a value
 * is missing or not a finite number), read loosely like `startPictureUrl`; undefined unless it is a 360 image.
 */
export function startSceneView(
  details: SceneDetails,
): { scene: string; view: { yaw: number; pitch: number; zoom: number } } | undefined {
  const doc = details.document as {
    kind?: unknown;
    start_scene?: unknown;
    scenes?: { id?: unknown; media?: { type?: unknown }; start_view?: { yaw?: unknown; pitch?: unknown; zoom?: unknown } }[];
  } | null;
  if (doc?.kind !== 'tour' || !Array.isArray(doc.scenes)) return undefined;
  const scene = doc.scenes.find((s) => s?.id === doc.start_scene) ?? doc.scenes[0];
  if (typeof scene?.id !== 'string' || scene.media?.type !== 'image360') return undefined;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const v = scene.start_view ?? {};
  return { scene: scene.id, view: { yaw: num(v.yaw, 0), pitch: num(v.pitch, 0), zoom: num(v.zoom, 50) } };
}

const pictures = createPrefetchStore((r) => r.blob());

/** Starts downloading a picture (the lean page, as soon as `scene_details` answers); a failed download is forgotten. */
export function prefetchPicture(url: string, fetchImpl: typeof fetch = fetch): void {
  pictures.start(url, fetchImpl);
}

/** The download started for `url`, handed over once (Photo Sphere Viewer's cache keeps it after). */
export function takePrefetchedPicture(url: string): Promise<Blob> | undefined {
  return pictures.take(url);
}

/** The download started for `url` without handing it over (the lean page draws its early picture from it). */
export function peekPrefetchedPicture(url: string): Promise<Blob> | undefined {
  return pictures.peek(url);
}
