import type { Document } from '@gltf-transform/core';
import { TEXTURE_PREVIEW_EXTRA, TEXTURE_PREVIEW_SIZE } from '@xr/contract/scenes';
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

/**
 * Gives every texture a small first version: a WebP of at most {@link TEXTURE_PREVIEW_SIZE} px, as a data URL in
 * its image's `extras.xr_preview` (a few KB per texture, plain glTF: other tools ignore it). The 3D viewer draws its
 * first frame with these and swaps in the full images one by one afterwards, so decoding and uploading the full
 * textures (most of a textured scene's first frame on a phone or software GPU, docs/perf.md "3D scenes", session 14)
 * no longer holds the scene back. A texture whose image cannot be read is left without a preview.
 */
export async function addTexturePreviews(doc: Document): Promise<void> {
  for (const tex of doc.getRoot().listTextures()) {
    const image = tex.getImage();
    if (!image || tex.getMimeType() === 'image/ktx2') continue;
    try {
      const preview = await sharp(image, { failOn: 'error' })
        .resize(TEXTURE_PREVIEW_SIZE, TEXTURE_PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
      tex.setExtras({
        ...tex.getExtras(),
        [TEXTURE_PREVIEW_EXTRA]: `data:image/webp;base64,${preview.toString('base64')}`,
      });
    } catch {
      // no preview: the viewer waits for the full image, as before
    }
  }
}
