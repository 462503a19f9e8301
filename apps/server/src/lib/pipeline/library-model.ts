import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generatedDocument } from '@xr/demo-content/library/document';
import { countDocument, createIO } from './gltf-io';
import { optimizeDocument } from './model-optimize';
import { renderThumbnail } from './thumbnail';

/** What building one generated model gives: the optimised GLB, its PNG thumbnail and its figures. */
export interface BuiltModel {
  glb: Uint8Array;
  thumbnail: Buffer;
  triangles: number;
  /** Bounding box [width, height, depth] in metres. */
  size: [number, number, number];
}

/** Thumbnail side in pixels (the grid shows them at about 120 px; 256 stays sharp on dense screens). */
export const LIBRARY_THUMBNAIL_SIZE = 256;

/**
 * Builds one generated model of the model library from its key (`gen:…`): the generator's document (demo-content
 * package), optimised like every upload (dedup, weld, prune, meshopt) and rendered to a PNG thumbnail by the
 * pipeline's software rasterizer. Throws for a key no family makes.
 */
export async function buildLibraryModel(key: string, name = key): Promise<BuiltModel> {
  const { doc, size } = generatedDocument(key, name);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-lib-'));
  try {
    const thumbPath = path.join(dir, 'thumb.png');
    await optimizeDocument(doc, (d) => renderThumbnail(d, thumbPath, LIBRARY_THUMBNAIL_SIZE));
    const io = await createIO();
    const glb = await io.writeBinary(doc);
    return {
      glb,
      thumbnail: await fs.readFile(thumbPath),
      triangles: countDocument(doc).triangles,
      size: size.map((v) => Math.round(v * 1000) / 1000) as BuiltModel['size'],
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
