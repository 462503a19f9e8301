import type { Document } from '@gltf-transform/core';
import sharp from 'sharp';

/** Image types a glTF may carry as they are; anything else sharp reads (BMP via PNG, TIFF, GIF…) is turned into PNG. */
const GLTF_IMAGE_FORMATS = new Set(['png', 'jpeg', 'webp']);

/**
 * Decodes the whole image (not only its header: a PNG cut or split into fragments has a valid header and fails in
 * libpng only when its pixels are read) and returns bytes a glTF can hold, or null when the image is unreadable.
 */
export async function readableImage(bytes: Uint8Array): Promise<{ bytes: Uint8Array; mime: string } | null> {
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    // A tiny resize forces a full decode at little cost.
    await sharp(bytes, { failOn: 'error' }).resize(8, 8, { fit: 'fill' }).raw().toBuffer();
    if (meta.format && GLTF_IMAGE_FORMATS.has(meta.format)) return { bytes, mime: `image/${meta.format}` };
    return { bytes: await sharp(bytes, { failOn: 'error' }).png().toBuffer(), mime: 'image/png' };
  } catch {
    return null;
  }
}

/**
 * Drops the document's textures whose image cannot be decoded (materials keep their factors), so one damaged
 * texture costs the model that texture rather than the whole upload. Formats sharp does not decode (KTX2) are
 * left alone. Returns a warning per dropped texture.
 */
export async function dropUnreadableTextures(doc: Document): Promise<string[]> {
  const warnings: string[] = [];
  for (const tex of doc.getRoot().listTextures()) {
    const mime = tex.getMimeType();
    const image = tex.getImage();
    if (mime === 'image/ktx2' || !image) continue;
    if (await readableImage(image)) continue;
    warnings.push(
      `Texture ${tex.getName() || tex.getURI() || '(embedded)'} is unreadable (damaged or in an unsupported format); the model is kept without it`,
    );
    tex.dispose();
  }
  return warnings;
}
