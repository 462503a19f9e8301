import fs from 'node:fs/promises';
import { Document, type Scene } from '@gltf-transform/core';
import { mergeDocuments } from '@gltf-transform/functions';
import type { SceneDocument, SceneObject } from '@xr/contract/scenes';
import sharp from 'sharp';
import { createIO } from './model';
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
 * one glTF document and drawn from a three-quarter view; the square render sits on a 16:9 canvas of the same
 * background gradient. Returns the number of models drawn.
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
  const square = `${outPath}.square.png`;
  await renderThumbnail(target, square, height);
  const width = Math.round((height * 16) / 9);
  // The renderer's background gradient, continued left and right.
  const bg = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    const r = Math.round((0.93 - 0.2 * t) * 255);
    const g = Math.round((0.94 - 0.18 * t) * 255);
    const b = Math.round((0.97 - 0.13 * t) * 255);
    for (let x = 0; x < width; x++) bg.set([r, g, b], (y * width + x) * 3);
  }
  await sharp(bg, { raw: { width, height, channels: 3 } })
    .composite([{ input: square, left: Math.round((width - height) / 2), top: 0 }])
    .jpeg({ quality: 86 })
    .toFile(outPath);
  await fs.unlink(square).catch(() => undefined);
  return drawn;
}
