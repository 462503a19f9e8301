import { MODEL_USDZ_OUTPUT } from '@xr/contract/model-outputs';
import type { SceneDetails, SceneDocument, SceneObject } from '@xr/contract/scenes';
import { modelUrl } from '../scene3d/model-urls';

/*
 * What AR shows of a 3D scene: its models and NPCs (at their start places) in the document's own arrangement, lit by
 * the scene's own lights and its environment's hemisphere and sun (as in the viewer), built with plain three.js from
 * `scene_details` (the viewer's react-three-fiber tree is not needed and not loaded). Hotspots and hidden objects are
 * left out (a hotspot needs the viewer's popups), and so is a model larger than 100 m on a side (a terrain or sky
 * dome would surround the visitor and make the rest a speck).
 */

/** Longest side, in metres, a whole 3D scene is scaled to in AR: a tabletop view, said on screen. No three.js here. */
export const SCENE_AR_FIT_METRES = 1;

export type SceneArDoc = Pick<SceneDocument, 'objects'> & { settings?: Partial<SceneDocument['settings']> };
/** The objects AR draws: models, NPCs, lights and the groups holding them. */
export type ArObject = Extract<SceneObject, { type: 'model' | 'npc' | 'light' | 'group' }>;

const DRAWN = new Set<SceneObject['type']>(['model', 'npc', 'light', 'group']);
const isDrawn = (o: SceneObject): o is ArObject => !o.hidden && DRAWN.has(o.type);

/** The document's drawn objects by parent (null: roots); NPCs stand at the root, as in the viewer. */
export function arObjectTree(doc: SceneArDoc): Map<string | null, ArObject[]> {
  const ids = new Set(doc.objects.map((o) => o.id));
  const m = new Map<string | null, ArObject[]>();
  for (const o of doc.objects) {
    if (!isDrawn(o)) continue;
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
      else if (o.type !== 'light') {
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
    (tree.get(parent) ?? []).reduce((n, o) => n + (o.type === 'group' ? count(o.id) : o.type === 'light' ? 0 : 1), 0);
  return count(null);
}

/** What AR shows: one model at its real size (with the pipeline's USDZ when there is one), or a whole 3D scene. */
export type ArTarget = { glbUrl: string; usdzUrl?: string } | { scene: SceneDetails };

/** A scene is shown as a tabletop view (scaled to `SCENE_AR_FIT_METRES`), a model at its real size. */
export const isTabletop = (target: ArTarget): target is { scene: SceneDetails } => 'scene' in target;

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

/** What `project/content` says of a project, as far as "View in AR" reads it. */
export interface ArContent {
  access: 'full' | 'preview' | 'none';
  assets: { kind: string; outputs: Record<string, string | undefined> }[];
  scene: { kind: 'tour' | 'scene' } | null;
}

/** The project's one model with its pipeline USDZ (several loose models have no arrangement to keep). */
export function soleModel(content: Pick<ArContent, 'assets'>): { glbUrl: string; usdzUrl?: string } | null {
  const models = content.assets.filter((a) => a.kind === 'model3d' && a.outputs.model);
  const outputs = models.length === 1 ? models[0]?.outputs : undefined;
  return outputs?.model ? { glbUrl: outputs.model, usdzUrl: outputs[MODEL_USDZ_OUTPUT] } : null;
}

/**
 * Whether a project's page shows "View in AR", and for what (the details page and the full-screen viewer ask the
 * same): nothing without access to the content or for a 360 tour, nothing yet while a 3D scene's details are still
 * on their way, else `arTargetOf` the project's one model and the scene.
 */
export function projectArTarget(content: ArContent | undefined, details: SceneDetails | null | undefined): ArTarget | null {
  if (!content || content.access === 'none' || content.scene?.kind === 'tour') return null;
  if (content.scene?.kind === 'scene' && !details) return null;
  return arTargetOf(soleModel(content), content.scene ? details : null);
}
