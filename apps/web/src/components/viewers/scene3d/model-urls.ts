import { MODEL_COARSE_OUTPUT } from '@xr/contract/model-outputs';
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

/**
 * The GLB URL of a model's coarse level of detail (`urls.model_coarse`: a dense upload's lighter version, see
 * `MODEL_COARSE_OUTPUT`; a dense imported library model's too), or null when it has none (light models, characters,
 * the generated library models, models processed before coarse versions existed).
 */
export function coarseModelUrl(details: SceneDetails, source: ModelSource): string | null {
  return resolvedModel(details, source)?.urls[MODEL_COARSE_OUTPUT] ?? null;
}

/** What the viewer's first frame draws of a model: its coarse version when it has one, else the model. */
export function firstFrameModelUrl(details: SceneDetails, source: ModelSource): string | null {
  return coarseModelUrl(details, source) ?? modelUrl(details, source);
}

/** A document object drawing a model: a model (coarse version first) or an NPC (always the model: it walks and plays clips). */
export interface ModelObjectRef {
  type: string;
  source: ModelSource;
}

/**
 * Every model URL the viewer's first frame needs (deduplicated: a model's coarse version where it has one, an NPC's
 * model), to start all downloads at once.
 */
export function modelUrls(details: SceneDetails, objects: readonly ModelObjectRef[]): string[] {
  const first = (o: ModelObjectRef) => (o.type === 'npc' ? modelUrl(details, o.source) : firstFrameModelUrl(details, o.source));
  return [...new Set(objects.map(first).filter((u): u is string => !!u))];
}

/** Every first-frame model URL of a scene's details (models and NPCs that are not hidden), read loosely: the viewer validates. */
export function documentModelUrls(details: SceneDetails): string[] {
  const objects = (details.document as { objects?: unknown } | null)?.objects;
  if (!Array.isArray(objects)) return [];
  const refs = objects.filter(
    (o: { type?: string; hidden?: boolean; source?: ModelSource }): o is ModelObjectRef =>
      (o?.type === 'model' || o?.type === 'npc') && !o.hidden && !!o.source && typeof o.source === 'object',
  );
  return modelUrls(details, refs);
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
