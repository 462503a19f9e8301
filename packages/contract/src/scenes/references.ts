import { SCENE_LIMITS } from './fields';
import type { SceneHotspot, TourHotspot } from './hotspots';
import type { SceneObjectType } from './objects';
import type { AnyDocument, DocumentKind } from './versions';

/** What a document references (the server checks each against the author's rights) and what it holds. */

/** Asset kinds (the contract's `FILE_KINDS`). */
export type AssetKind = 'model3d' | 'image360' | 'video360' | 'image' | 'audio' | 'video';

/**
 * One reference of a document and its place (`path` inside the document, for the message that names it). An asset
 * reference says which asset kinds fit there: a tour scene's media is the 360 image or video its `media.type` says,
 * a media hotspot's asset is an image, audio or (flat) video, a plan an image, a 3D sky a 360 image, models model3d.
 */
export type DocumentReference =
  | { type: 'asset'; id: number; path: (string | number)[]; kinds: readonly AssetKind[] }
  | { type: 'library'; id: number; path: (string | number)[] }
  | { type: 'product'; id: number; path: (string | number)[] };

const HOTSPOT_ASSET_KINDS: Record<string, readonly AssetKind[]> = { video: ['video'], audio: ['audio'], image: ['image'] };

/** Every reference of a document with its place, in document order. */
export function documentReferences(doc: AnyDocument): DocumentReference[] {
  const out: DocumentReference[] = [];
  const hotspot = (h: TourHotspot | SceneHotspot, at: (string | number)[]) => {
    if ('asset_id' in h)
      out.push({ type: 'asset', id: h.asset_id, path: [...at, 'asset_id'], kinds: HOTSPOT_ASSET_KINDS[h.kind] ?? [] });
    if (h.kind === 'product') out.push({ type: 'product', id: h.project_id, path: [...at, 'project_id'] });
  };
  if (doc.kind === 'tour') {
    doc.scenes.forEach((s, i) => {
      out.push({ type: 'asset', id: s.media.asset_id, path: ['scenes', i, 'media', 'asset_id'], kinds: [s.media.type] });
      if (s.background_audio)
        out.push({
          type: 'asset',
          id: s.background_audio.asset_id,
          path: ['scenes', i, 'background_audio', 'asset_id'],
          kinds: ['audio'],
        });
      s.hotspots.forEach((h, j) => {
        hotspot(h, ['scenes', i, 'hotspots', j]);
      });
    });
    if (doc.settings.plan)
      out.push({ type: 'asset', id: doc.settings.plan.asset_id, path: ['settings', 'plan', 'asset_id'], kinds: ['image'] });
  } else {
    const env = doc.settings.environment.panorama_asset_id;
    if (env) out.push({ type: 'asset', id: env, path: ['settings', 'environment', 'panorama_asset_id'], kinds: ['image360'] });
    if (doc.settings.background_audio)
      out.push({
        type: 'asset',
        id: doc.settings.background_audio.asset_id,
        path: ['settings', 'background_audio', 'asset_id'],
        kinds: ['audio'],
      });
    doc.objects.forEach((o, i) => {
      if (o.type === 'model' || o.type === 'npc') {
        const at = ['objects', i, 'source'];
        if ('library_id' in o.source) out.push({ type: 'library', id: o.source.library_id, path: [...at, 'library_id'] });
        else out.push({ type: 'asset', id: o.source.asset_id, path: [...at, 'asset_id'], kinds: ['model3d'] });
      }
      if (o.type === 'hotspot') hotspot(o.hotspot, ['objects', i, 'hotspot']);
    });
  }
  return out;
}

export interface DocumentRefs {
  /** Uploaded assets (360 images/videos, images, audio, video, models). */
  assets: Set<number>;
  /** Platform library models. */
  library: Set<number>;
  /** Market projects shown by product hotspots. */
  products: Set<number>;
}

/** Every asset, library model and product a document references. */
export function documentRefs(doc: AnyDocument): DocumentRefs {
  const refs: DocumentRefs = { assets: new Set(), library: new Set(), products: new Set() };
  for (const r of documentReferences(doc)) {
    if (r.type === 'asset') refs.assets.add(r.id);
    else if (r.type === 'library') refs.library.add(r.id);
    else refs.products.add(r.id);
  }
  return refs;
}

/**
 * Which document kinds a catalogue may hold: 360 image and 360 video projects hold tours, 3D model projects hold 3D
 * scenes, multimedia projects either (the first save fixes which).
 */
export function documentKindsOfCatalog(catalog: string): readonly DocumentKind[] {
  if (catalog === '360_image' || catalog === '360_video') return ['tour'];
  if (catalog === 'multimedia') return ['tour', 'scene'];
  return ['scene'];
}

/** What a revision holds, counted (the revision list words it in the reader's language: `sceneSummaryTour` / `sceneSummaryScene`). */
export interface DocumentStats {
  scenes: number;
  hotspots: number;
  models: number;
  npcs: number;
  lights: number;
}

/** Counts of a document's parts, for the revision list's summary. */
export function documentStats(doc: AnyDocument): DocumentStats {
  if (doc.kind === 'tour') {
    const hotspots = doc.scenes.reduce((n, s) => n + s.hotspots.length, 0);
    return { scenes: doc.scenes.length, hotspots, models: 0, npcs: 0, lights: 0 };
  }
  const count = (t: SceneObjectType) => doc.objects.filter((o) => o.type === t).length;
  return { scenes: 1, hotspots: count('hotspot'), models: count('model'), npcs: count('npc'), lights: count('light') };
}

/**
 * A cheap look at raw JSON before the schema runs: no array longer than the largest limit, no nesting deeper than
 * the documents have, not too many values in all. Answers the place of the first excess (or null), so a hostile
 * document (10^5 hotspots, deep arrays) is refused without building 10^5 issues.
 */
export function documentShapeExcess(raw: unknown): { path: (string | number)[]; reason: 'tooMany' | 'tooDeep' } | null {
  const MAX_ARRAY = SCENE_LIMITS.sceneObjects;
  const MAX_DEPTH = 12;
  const MAX_VALUES = 200_000;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: raw, path: [] }];
  let values = 0;
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    values += 1;
    if (values > MAX_VALUES) return { path: [], reason: 'tooMany' };
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) return { path, reason: 'tooDeep' };
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY) return { path, reason: 'tooMany' };
      value.forEach((v, i) => {
        stack.push({ value: v, path: [...path, i] });
      });
    } else {
      const entries = Object.entries(value);
      if (entries.length > 50) return { path, reason: 'tooMany' };
      for (const [k, v] of entries) stack.push({ value: v, path: [...path, k] });
    }
  }
  return null;
}
