import type { ModelSource, ResolvedMedia, SceneDetails } from '@xr/contract/scenes';
import { createPrefetchStore } from '../prefetch';

/*
 * Where a scene's models are, and their early download. No three.js here: the lean full-screen page (viewer.html)
 * imports this module to start the downloads while the viewer's code is still on its way.
 */

/** The resolved entry of a model source (an upload in `details.media`, a library model in `details.library`). */
export function resolvedModel(details: SceneDetails, source: ModelSource): ResolvedMedia | undefined {
  return 'library_id' in source ? details.library[String(source.library_id)] : details.media[String(source.asset_id)];
}

/**
 * The GLB URL of a model source: the `model` output (an upload's optimized GLB, a library model's file, as the
 * contract names it). An upload's original is no fallback: it may be FBX, OBJ or a zip, which the GLB loader cannot read.
 */
export function modelUrl(details: SceneDetails, source: ModelSource): string | null {
  const m = resolvedModel(details, source);
  if (!m) return null;
  return m.urls.model ?? (m.urls.original && /\.glb(\?|$)/i.test(m.urls.original) ? m.urls.original : null);
}

/** Every model URL the document needs (deduplicated), to start all downloads at once. */
export function modelUrls(details: SceneDetails, sources: ModelSource[]): string[] {
  return [...new Set(sources.map((s) => modelUrl(details, s)).filter((u): u is string => !!u))];
}

/** Every model URL of a scene's details (models and NPCs that are not hidden), read loosely: the viewer validates. */
export function documentModelUrls(details: SceneDetails): string[] {
  const objects = (details.document as { objects?: unknown } | null)?.objects;
  if (!Array.isArray(objects)) return [];
  const sources = objects.flatMap((o: { type?: string; hidden?: boolean; source?: ModelSource }) =>
    (o?.type === 'model' || o?.type === 'npc') && !o.hidden && o.source && typeof o.source === 'object' ? [o.source] : [],
  );
  return modelUrls(details, sources);
}

const models = createPrefetchStore((r) => r.arrayBuffer());

/**
 * Starts downloading models (the lean page, as soon as `scene_details` answers); the viewer's GLB loader takes each
 * download over ({@link takePrefetchedModel}) instead of asking again. A failed download is forgotten (the loader
 * then asks the network itself).
 */
export function prefetchModels(urls: readonly string[], fetchImpl: typeof fetch = fetch): void {
  for (const url of urls) models.start(url, fetchImpl);
}

/** The download started for `url`, handed over once (the loader keeps the parsed model; the bytes are not kept here). */
export function takePrefetchedModel(url: string): Promise<ArrayBuffer> | undefined {
  return models.take(url);
}
