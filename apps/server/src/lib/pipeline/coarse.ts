import type { Document } from '@gltf-transform/core';
import { cloneDocument, simplify } from '@gltf-transform/functions';
import { TEXTURE_PREVIEW_EXTRA } from '@xr/contract/scenes';
import { MeshoptSimplifier } from 'meshoptimizer';

/*
 * The coarse level of detail of a dense model (docs/decisions/0035-coarse-level-of-detail.md):
 * a second, much lighter GLB the 3D viewer draws in its first frame and replaces with the model itself once that
 * frame is on screen, as the tour viewer shows a panorama's preview before its tiles. A software or phone GPU draws
 * the scene's triangles once per frame and the page parses every model before that frame: both scale with the
 * models' size (docs/perf.md "3D scenes").
 */

/** Models with fewer triangles have no coarse version (a few thousand triangles cost a first frame little). */
export const COARSE_MIN_TRIANGLES = 10_000;
/** The coarse version aims at this share of the model's triangles… */
export const COARSE_RATIO = 0.1;
/** …within this error, relative to the model's size (1 %: the silhouette holds at the distance a scene is seen from). */
export const COARSE_ERROR = 0.01;
/** A simplification that keeps more than this share of the triangles is not worth a second file. */
export const COARSE_MAX_SHARE = 0.5;

/** Decodes the texture preview's data URL (`data:image/webp;base64,…`); null for anything else. */
export function previewBytes(value: unknown): { bytes: Uint8Array; mime: string } | null {
  if (typeof value !== 'string') return null;
  const m = /^data:(image\/(?:webp|png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!m) return null;
  return { mime: m[1] as string, bytes: new Uint8Array(Buffer.from(m[2] as string, 'base64')) };
}

/**
 * The coarse version of an optimised document (textures compressed and given their previews, not yet meshopt-
 * compressed), or null when the model does not need one: fewer than {@link COARSE_MIN_TRIANGLES} triangles, a
 * character (skins, morph targets or animation clips: a simplified skinned mesh would lose its weights' shape, and
 * the NPC's clips play on the full model), or a simplification that does not get below {@link COARSE_MAX_SHARE}.
 * The copy's meshes are simplified towards {@link COARSE_RATIO} and its textures are their previews (the full images
 * come with the model itself). `count` gives a document's triangles (the pipeline's own count).
 */
export async function coarseDocument(doc: Document, count: (d: Document) => number): Promise<Document | null> {
  const root = doc.getRoot();
  if (root.listSkins().length > 0 || root.listAnimations().length > 0) return null;
  if (root.listMeshes().some((m) => m.listPrimitives().some((p) => p.listTargets().length > 0))) return null;
  const triangles = count(doc);
  if (triangles < COARSE_MIN_TRIANGLES) return null;
  const coarse = cloneDocument(doc);
  await MeshoptSimplifier.ready;
  await coarse.transform(
    simplify({ simplifier: MeshoptSimplifier, ratio: COARSE_RATIO, error: COARSE_ERROR, lockBorder: false }),
  );
  if (count(coarse) > triangles * COARSE_MAX_SHARE) return null;
  for (const tex of coarse.getRoot().listTextures()) {
    const extras = { ...tex.getExtras() };
    const preview = previewBytes(extras[TEXTURE_PREVIEW_EXTRA]);
    delete extras[TEXTURE_PREVIEW_EXTRA];
    tex.setExtras(extras);
    if (preview) tex.setImage(preview.bytes).setMimeType(preview.mime);
  }
  return coarse;
}
