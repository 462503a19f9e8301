import type { SceneDocument } from '@xr/contract/scenes';
import type { Material, Mesh, Object3D, Texture } from 'three';
import type { ModelMeta } from './store/editor-store';

/** Per-object weight, measured on the loaded three.js objects. */
export interface ObjectWeight {
  id: string;
  name: string;
  triangles: number;
  textureBytes: number;
  downloadBytes: number;
}

export interface SceneWeight {
  triangles: number;
  drawCalls: number;
  textureBytes: number;
  downloadBytes: number;
  objects: ObjectWeight[];
}

export type BudgetKey = 'triangles' | 'drawCalls' | 'textureBytes' | 'downloadBytes';
export type Budget = Record<BudgetKey, number>;

const MB = 1024 * 1024;
/** Budgets (ours): a mid-range phone and a standalone headset (Quest-class) at a steady frame rate. */
export const BUDGETS: Record<'phone' | 'headset', Budget> = {
  phone: { triangles: 300_000, drawCalls: 100, textureBytes: 128 * MB, downloadBytes: 20 * MB },
  headset: { triangles: 750_000, drawCalls: 200, textureBytes: 256 * MB, downloadBytes: 50 * MB },
};

const TEXTURE_SLOTS = [
  'map',
  'normalMap',
  'roughnessMap',
  'metalnessMap',
  'aoMap',
  'emissiveMap',
  'alphaMap',
  'bumpMap',
  'lightMap',
] as const;

/** GPU bytes of a texture: RGBA8 with mipmaps (×4/3). */
function textureBytes(t: Texture): number {
  const img = t.image as { width?: number; height?: number } | undefined;
  const w = img?.width ?? 0;
  const h = img?.height ?? 0;
  return Math.round(w * h * 4 * (t.generateMipmaps ? 4 / 3 : 1));
}

function measure(root: Object3D, seenTextures: Set<Texture>): { triangles: number; textureBytes: number; meshes: number } {
  let triangles = 0;
  let bytes = 0;
  let meshes = 0;
  root.traverse((o) => {
    const mesh = o as Mesh & { count?: number; isInstancedMesh?: boolean };
    if (!mesh.isMesh || !mesh.geometry) return;
    meshes += 1;
    const g = mesh.geometry;
    const count = g.index ? g.index.count : (g.attributes.position?.count ?? 0);
    triangles += Math.floor(count / 3) * (mesh.isInstancedMesh ? (mesh.count ?? 1) : 1);
    const materials = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]) as (Material & Record<string, unknown>)[];
    for (const m of materials)
      for (const slot of TEXTURE_SLOTS) {
        const t = m?.[slot] as Texture | undefined;
        if (t && !seenTextures.has(t)) {
          seenTextures.add(t);
          bytes += textureBytes(t);
        }
      }
  });
  return { triangles, textureBytes: bytes, meshes };
}

/** Bytes a URL took to download (Resource Timing), when the browser reports it. */
function transferred(url: string): number {
  if (typeof performance === 'undefined' || !performance.getEntriesByName) return 0;
  const e = performance.getEntriesByName(new URL(url, location.href).href)[0] as PerformanceResourceTiming | undefined;
  return e?.encodedBodySize || e?.transferSize || 0;
}

/**
 * Measures the scene: triangles and texture memory from the loaded objects, draw calls from the renderer's last
 * frame, download size from the models' known sizes (library) or the browser's resource timing (uploads); each
 * model file counts once.
 */
export function measureScene(
  doc: SceneDocument,
  objects: Map<string, Object3D>,
  urls: Map<string, string | null>,
  models: Record<string, ModelMeta>,
  drawCalls: number,
): SceneWeight {
  const seen = new Set<Texture>();
  const downloaded = new Set<string>();
  const list: ObjectWeight[] = [];
  for (const o of doc.objects) {
    if (o.type !== 'model' && o.type !== 'npc') continue;
    const obj = objects.get(o.id);
    // Children objects are measured on their own: measure only this object's body.
    const m = obj ? measure(obj, seen) : { triangles: 0, textureBytes: 0, meshes: 0 };
    const url = urls.get(o.id) ?? null;
    const key = 'library_id' in o.source ? `library:${o.source.library_id}` : `media:${o.source.asset_id}`;
    let download = 0;
    if (url && !downloaded.has(url)) {
      downloaded.add(url);
      download = models[key]?.bytes || transferred(url);
    }
    list.push({
      id: o.id,
      name: o.name || o.id,
      triangles: m.triangles || models[key]?.triangles || 0,
      textureBytes: m.textureBytes,
      downloadBytes: download,
    });
  }
  return {
    triangles: list.reduce((s, o) => s + o.triangles, 0),
    textureBytes: list.reduce((s, o) => s + o.textureBytes, 0),
    downloadBytes: list.reduce((s, o) => s + o.downloadBytes, 0),
    drawCalls,
    objects: list,
  };
}

/** Which budget figures the scene exceeds. */
export function overBudget(w: SceneWeight, budget: Budget): BudgetKey[] {
  return (Object.keys(budget) as BudgetKey[]).filter((k) => w[k] > budget[k]);
}

/** The heaviest objects by share of the phone budget (triangles, textures, download), heaviest first. */
export function heaviest(w: SceneWeight, n = 3): ObjectWeight[] {
  const b = BUDGETS.phone;
  const score = (o: ObjectWeight) =>
    o.triangles / b.triangles + o.textureBytes / b.textureBytes + o.downloadBytes / b.downloadBytes;
  return [...w.objects].sort((a, c) => score(c) - score(a)).slice(0, n);
}
