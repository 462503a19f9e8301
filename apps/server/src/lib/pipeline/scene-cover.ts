import fs from 'node:fs/promises';
import { Document, type Scene } from '@gltf-transform/core';
import { mergeDocuments } from '@gltf-transform/functions';
import type { SceneDocument, SceneObject } from '@xr/contract/scenes';
import sharp from 'sharp';
import { createIO } from './gltf-io';
import { renderThumbnail } from './thumbnail';

/** Loads a model's optimized GLB by its source (library model or the creator's processed asset). */
export type GlbLoader = (source: { library_id: number } | { asset_id: number }) => Promise<Uint8Array | null>;

const eulerToQuat = ([x, y, z]: [number, number, number]): [number, number, number, number] => {
  // XYZ order, as three.js applies Euler angles.
  const c1 = Math.cos(x / 2);
  const c2 = Math.cos(y / 2);
  const c3 = Math.cos(z / 2);
  const s1 = Math.sin(x / 2);
  const s2 = Math.sin(y / 2);
  const s3 = Math.sin(z / 2);
  return [s1 * c2 * c3 + c1 * s2 * s3, c1 * s2 * c3 - s1 * c2 * s3, c1 * c2 * s3 + s1 * s2 * c3, c1 * c2 * c3 - s1 * s2 * s3];
};

/**
 * Renders a cover of a 3D scene with the pipeline's software thumbnail renderer (no GL): the visible models and
 * NPCs of the document, each loaded as GLB and placed with its transform (group transforms applied), merged into
 * one glTF document and drawn at 16:9 on the scene's floor, from the visitor's start direction and framed on the
 * models so they fill the picture (cards show the room, not a small square of it). Returns the number of models
 * drawn.
 */
export async function renderSceneCover(doc: SceneDocument, load: GlbLoader, outPath: string, height = 720): Promise<number> {
  // The pipeline's GLBs are meshopt-compressed: read them with its extensions and decoder.
  const io = await createIO();
  const target = new Document();
  target.createBuffer();
  const root = target.createScene('cover');
  const byId = new Map(doc.objects.map((o) => [o.id, o]));
  const cache = new Map<string, Uint8Array | null>();
  let drawn = 0;
  const nodeOf = new Map<string, ReturnType<Document['createNode']>>();
  const nodeFor = (o: SceneObject): ReturnType<Document['createNode']> => {
    const existing = nodeOf.get(o.id);
    if (existing) return existing;
    const n = target
      .createNode(o.name || o.id)
      .setTranslation(o.transform.position)
      .setRotation(eulerToQuat(o.transform.rotation))
      .setScale(o.transform.scale);
    nodeOf.set(o.id, n);
    const parent = o.parent ? byId.get(o.parent) : undefined;
    if (parent) nodeFor(parent).addChild(n);
    else root.addChild(n);
    return n;
  };
  for (const o of doc.objects) {
    if (o.hidden || (o.type !== 'model' && o.type !== 'npc')) continue;
    const key = JSON.stringify(o.source);
    if (!cache.has(key)) cache.set(key, await load(o.source));
    const glb = cache.get(key);
    if (!glb) continue;
    const source = await io.readBinary(glb);
    const map = mergeDocuments(target, source);
    const holder = nodeFor(o);
    for (const s of source.getRoot().listScenes()) {
      const merged = map.get(s) as Scene | undefined;
      if (!merged) continue;
      for (const child of merged.listChildren()) holder.addChild(child);
      merged.dispose();
    }
    drawn++;
  }
  // One buffer for everything merged in.
  const [keep, ...rest] = target.getRoot().listBuffers();
  for (const b of rest) {
    for (const a of target.getRoot().listAccessors()) if (a.getBuffer() === b) a.setBuffer(keep ?? null);
    b.dispose();
  }
  target.getRoot().setDefaultScene(root);
  const width = Math.round((height * 16) / 9);
  const png = `${outPath}.png`;
  // The viewer's opening view: from the visitor's start direction, 25° above, here fitted tightly to the models
  // so the room fills the wide picture; the floor is drawn in its colour but not framed.
  const { yaw } = doc.settings.spawn;
  const elevation = (25 * Math.PI) / 180;
  const { floor } = doc.settings;
  await renderThumbnail(target, png, height, {
    width,
    height,
    fit: 'tight',
    dir: [Math.sin(yaw) * Math.cos(elevation), Math.sin(elevation), Math.cos(yaw) * Math.cos(elevation)],
    light: SUN[doc.settings.environment.preset] ?? SUN.daylight,
    floor: floor.visible ? { color: linearRgb(floor.color), size: floor.size } : undefined,
  });
  await sharp(png).jpeg({ quality: 86 }).toFile(outPath);
  await fs.unlink(png).catch(() => undefined);
  return drawn;
}

/** Where the viewer's environment presets place their sun (the key light of the cover). */
const SUN: Record<string, [number, number, number]> = {
  studio: [6, 10, 6],
  daylight: [8, 14, 5],
  sunset: [-12, 4, -6],
  night: [-5, 10, 4],
  gallery: [3, 10, 2],
};

/** `#rrggbb` (sRGB) as linear RGB. */
function linearRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => (c / 255) ** 2.2) as [number, number, number];
}
