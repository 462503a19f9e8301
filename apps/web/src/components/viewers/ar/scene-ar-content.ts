import type { SceneDetails, SceneDocument, SceneObject } from '@xr/contract/scenes';
import { modelUrl } from '../scene3d/model-urls';

/*
 * What AR shows of a 3D scene: its models and NPCs (at their start places) in the document's own arrangement, built
 * with plain three.js from `scene_details` (the viewer's react-three-fiber tree is not needed and not loaded). Lights,
 * hotspots and hidden objects are left out (AR has the room's light; a hotspot needs the viewer's popups), and so is a
 * model larger than 100 m on a side (a terrain or sky dome would surround the visitor and make the rest a speck).
 */

/** Longest side, in metres, a whole 3D scene is scaled to in AR: a tabletop view, said on screen. No three.js here. */
export const SCENE_AR_FIT_METRES = 1;

export type SceneArDoc = Pick<SceneDocument, 'objects'>;
/** The objects AR draws: models, NPCs and the groups holding them. */
export type ArObject = Extract<SceneObject, { type: 'model' | 'npc' | 'group' }>;

/** The document's drawable objects by parent (null: roots); NPCs stand at the root, as in the viewer. */
export function arObjectTree(doc: SceneArDoc): Map<string | null, ArObject[]> {
  const ids = new Set(doc.objects.map((o) => o.id));
  const m = new Map<string | null, ArObject[]>();
  for (const o of doc.objects) {
    if (o.hidden || (o.type !== 'model' && o.type !== 'npc' && o.type !== 'group')) continue;
    const p = o.type === 'npc' || !o.parent || !ids.has(o.parent) ? null : o.parent;
    m.set(p, [...(m.get(p) ?? []), o]);
  }
  return m;
}

/** Every model URL the scene's AR view loads (deduplicated). */
export function sceneArModelUrls(details: SceneDetails): string[] {
  const doc = details.document as SceneArDoc | null;
  if (!doc || !Array.isArray(doc.objects)) return [];
  const tree = arObjectTree(doc);
  const urls = new Set<string>();
  const walk = (parent: string | null) => {
    for (const o of tree.get(parent) ?? []) {
      if (o.type === 'group') walk(o.id);
      else {
        const u = modelUrl(details, o.source);
        if (u) urls.add(u);
      }
    }
  };
  walk(null);
  return [...urls];
}

/** How many models and NPCs a scene's AR view draws. */
export function sceneArObjectCount(details: SceneDetails): number {
  const doc = details.document as SceneArDoc | null;
  if (!doc || !Array.isArray(doc.objects)) return 0;
  const tree = arObjectTree(doc);
  const count = (parent: string | null): number =>
    (tree.get(parent) ?? []).reduce((n, o) => n + (o.type === 'group' ? count(o.id) : 1), 0);
  return count(null);
}

/** What AR shows: one model at its real size (with the pipeline's USDZ when there is one), or a whole 3D scene. */
export type ArTarget = { glbUrl: string; usdzUrl?: string } | { scene: SceneDetails };

/**
 * What "View in AR" shows of a project: a scene of several models as a tabletop view; the project's one model (alone,
 * or a scene's only object) at its real size; null when there is nothing to place.
 */
export function arTargetOf(
  model: { glbUrl: string; usdzUrl?: string } | null,
  details: SceneDetails | null | undefined,
): ArTarget | null {
  const objects = details?.kind === 'scene' && sceneArModelUrls(details).length > 0 ? sceneArObjectCount(details) : 0;
  if (model && objects <= 1) return model;
  return details && objects > 0 ? { scene: details } : null;
}
