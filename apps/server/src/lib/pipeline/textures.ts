import { createHash } from 'node:crypto';
import os from 'node:os';
import { ColorUtils, Document, Material } from '@gltf-transform/core';
import {
  compressTexture,
  getTextureColorSpace,
  TEXTURE_COMPRESS_SUPPORTED_FORMATS,
  type TextureCompressOptions,
} from '@gltf-transform/functions';
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
 * Gives every texture a small first version: a WebP of at most {@link TEXTURE_PREVIEW_SIZE} px, as a data URL in
 * its image's `extras.xr_preview` (a few KB per texture, plain glTF: other tools ignore it). The 3D viewer draws its
 * first frame with these and swaps in the full images one by one afterwards, so decoding and uploading the full
 * textures (most of a textured scene's first frame on a phone or software GPU, docs/perf.md "3D scenes")
 * no longer holds the scene back. A texture whose image cannot be read is left without a preview.
 */
export async function addTexturePreviews(doc: Document, work?: TextureWork): Promise<void> {
  const run = limiter(textureConcurrency());
  await Promise.all(
    doc
      .getRoot()
      .listTextures()
      .map(async (tex) => {
        const image = tex.getImage();
        if (!image || tex.getMimeType() === 'image/ktx2') return;
        // Made beside the encode from the source image when there was one; else from the image itself.
        const preview = await (work?.preview(image) ?? run(() => previewOf(image)).catch(() => null));
        // none: the viewer waits for the full image
        if (!preview) return;
        tex.setExtras({
          ...tex.getExtras(),
          [TEXTURE_PREVIEW_EXTRA]: `data:image/webp;base64,${preview.toString('base64')}`,
        });
      }),
  );
}

/** An image decoded to `size`² RGBA (stretched to a square), as the thumbnail's rasterizer samples it. */
export interface DecodedTexture {
  data: Buffer;
  size: number;
}

/** Side of the small decode every texture gets once: the thumbnail's texture size. */
export const SMALL_TEXTURE_SIZE = 256;

/** The decode the thumbnail samples: the whole image read (failing on damage), stretched to 256² RGBA. */
export async function decodeSmall(image: Uint8Array, failOn: 'error' | 'warning' = 'warning'): Promise<DecodedTexture> {
  const data = await sharp(image, { failOn })
    .resize(SMALL_TEXTURE_SIZE, SMALL_TEXTURE_SIZE, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { data, size: SMALL_TEXTURE_SIZE };
}

/**
 * How many sharp calls a model's texture work runs at once: one per core, and never all of libuv's thread pool (4
 * threads unless UV_THREADPOOL_SIZE says otherwise), which every thread of the process shares. Each sharp call holds
 * one of those threads for its whole duration; the rest stay free for the API's file reads, writes and password
 * hashing. WebP and JPEG codecs use one core per image, so one image per core is what keeps every core busy.
 */
export function textureConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, pool - 1));
}

/** Runs at most `limit` tasks at once, in the order they were queued. */
export function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    // The slot passes straight to the next waiter, so nothing can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

type SharpCall = [method: string, args: unknown[]];
type Encoder = typeof sharp;

/** What a texture's encoding produced, with what came out of the same source beside it. */
interface Encoded {
  /** The sharp calls `compressTexture` made, to check that a later call asks for the same. */
  calls: string;
  bytes: Buffer;
}

/** The image for the iOS AR version (USDZ), encoded from the source texture at the size the exporter asks for. */
export interface UsdzImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Longest texture side written into the USDZ (AR Quick Look loads the whole file on a phone). */
export const USDZ_TEXTURE_SIZE = 1024;

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64');

/**
 * The texture work of one model, each image decoded and encoded once, on every core, beside the geometry steps:
 * - `inspect` decodes every texture once, small (the whole image is read, so damage shows): it drops unreadable
 *   textures, tells which images could be a single colour (`pruneSolidTextures`) and gives the thumbnail its pixels;
 * - `startEncoding` starts each texture's WebP encode right away, with its 128 px preview and its USDZ image cut
 *   from the same source, while the main thread validates, welds and simplifies;
 * - `encoder` is the sharp that `textureCompress` calls: the encode it asks for was usually done already, and is
 *   handed over when the calls match (a texture made later, such as a palette, is encoded then).
 * At most `textureConcurrency()` sharp calls run at once.
 */
export class TextureWork {
  private readonly limit = limiter(textureConcurrency());
  private stopped = false;
  private readonly small = new Map<Uint8Array, DecodedTexture>();
  private readonly encodes = new Map<Uint8Array, Promise<Encoded | null>>();
  /** By the SHA-1 of an encoded image: the preview and USDZ image made from its source. */
  private readonly derived = new Map<string, { preview: Promise<Buffer | null>; usdz: Promise<UsdzImage | null> }>();

  /** Runs a sharp task in turn; once stopped, queued tasks fail instead of running. */
  private run<T>(task: () => Promise<T>): Promise<T> {
    return this.limit(() => (this.stopped ? Promise.reject(new Error('The model is no longer processed')) : task()));
  }

  /** Stops the queued work (a refused model's encodes are not needed). */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Decodes every texture once (small) and drops those whose image cannot be decoded (materials keep their factors),
   * so one damaged texture costs the model that texture rather than the whole upload. Formats sharp does not decode
   * (KTX2) are left alone. Returns a warning per dropped texture.
   */
  async inspect(doc: Document): Promise<string[]> {
    const textures = doc.getRoot().listTextures();
    const decoded = await Promise.all(
      textures.map((tex) => {
        const image = tex.getImage();
        if (tex.getMimeType() === 'image/ktx2' || !image) return true;
        return this.run(() => decodeSmall(image, 'error')).then(
          (d) => {
            this.small.set(image, d);
            return true;
          },
          () => false,
        );
      }),
    );
    const warnings: string[] = [];
    textures.forEach((tex, i) => {
      if (decoded[i]) return;
      warnings.push(
        `Texture ${tex.getName() || tex.getURI() || '(embedded)'} is unreadable (damaged or in an unsupported format); the model is kept without it`,
      );
      tex.dispose();
    });
    return warnings;
  }

  /** The small decode of an image `inspect` read (the thumbnail's pixels). */
  decoded(image: Uint8Array): DecodedTexture | undefined {
    return this.small.get(image);
  }

  /**
   * Whether an image may be a single colour (by its small decode: an image whose small version varies by more than
   * resampling can add is not); unknown images may be.
   */
  maybeSolid(image: Uint8Array): boolean {
    const d = this.small.get(image);
    return !d || rgbaRange(d.data) <= SOLID_SMALL_RANGE;
  }

  /** Starts encoding every texture of the document as `textureCompress` with `options` will ask (see `encoder`). */
  startEncoding(doc: Document, options: Omit<TextureCompressOptions, 'encoder'>): void {
    const scratch = new Document();
    for (const tex of doc.getRoot().listTextures()) {
      const image = tex.getImage();
      const mime = tex.getMimeType();
      if (
        !image ||
        this.encodes.has(image) ||
        !(TEXTURE_COMPRESS_SUPPORTED_FORMATS as readonly string[]).includes(mime.split('/')[1] ?? '')
      )
        continue;
      // The same library call on a copy of the texture: whatever it asks of sharp is what `textureCompress` will ask.
      const copy = scratch.createTexture().setImage(image).setMimeType(mime).setURI(tex.getURI());
      let result: Encoded | null = null;
      const encoder = recordingSharp(async (calls, make) => {
        result = { calls, bytes: await this.run(make) };
        return result.bytes;
      });
      const job = compressTexture(copy, { ...options, encoder }).then(
        () => result,
        () => null,
      );
      this.encodes.set(image, job);
      void job.then((done) => {
        if (done) this.derive(image, done.bytes);
      });
    }
  }

  /** The preview and the USDZ image of an encoded image, cut from its source (never decoding the encoded image). */
  private derive(source: Uint8Array, encoded: Buffer) {
    const key = sha1(encoded);
    if (this.derived.has(key)) return;
    const preview = this.run(() => previewOf(source)).catch(() => null);
    const usdz = this.run(async () => {
      const [src, dst] = await Promise.all([sharp(source).metadata(), sharp(encoded).metadata()]);
      if (!dst.width || !dst.height) return null;
      const scale = Math.min(1, USDZ_TEXTURE_SIZE / Math.max(dst.width, dst.height));
      return usdzImage(source, Math.round(dst.width * scale), Math.round(dst.height * scale), src.hasAlpha);
    }).catch(() => null);
    this.derived.set(key, { preview, usdz });
  }

  /** The sharp `textureCompress` is given: started encodes are handed over, others run (at most N at once). */
  encoder(): Encoder {
    return recordingSharp(async (calls, make, image) => {
      const started = image ? await this.encodes.get(image) : undefined;
      if (started && started.calls === calls) return started.bytes;
      const bytes = await this.run(make);
      if (image) this.derive(image, bytes);
      return bytes;
    });
  }

  /** The preview made beside an encoded image, if any. */
  preview(encoded: Uint8Array): Promise<Buffer | null> | undefined {
    return this.derived.get(sha1(encoded))?.preview;
  }

  /** The USDZ images made beside the encoded images, by the SHA-1 of the encoded image (see `glbToUsdz`). */
  async usdzImages(): Promise<Map<string, UsdzImage>> {
    const out = new Map<string, UsdzImage>();
    for (const [key, { usdz }] of this.derived) {
      const image = await usdz;
      if (image) out.set(key, image);
    }
    return out;
  }
}

/** The 128 px WebP preview of an image (see `addTexturePreviews`). */
function previewOf(image: Uint8Array): Promise<Buffer> {
  return sharp(image, { failOn: 'error' })
    .resize(TEXTURE_PREVIEW_SIZE, TEXTURE_PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

/**
 * An image for the USDZ at `width × height`: JPEG (quality 90) when it has no alpha channel, PNG otherwise (alpha:
 * cut-outs, glass). AR Quick Look reads both; a PNG of a photographic texture is several times larger and slower.
 */
export async function usdzImage(image: Uint8Array, width: number, height: number, hasAlpha?: boolean): Promise<UsdzImage> {
  const s = sharp(image).resize(Math.max(1, width), Math.max(1, height), { fit: 'fill' });
  const mime = hasAlpha ? 'image/png' : 'image/jpeg';
  const bytes = await (hasAlpha ? s.png() : s.jpeg({ quality: 90 })).toBuffer();
  return { bytes, mime, width: Math.max(1, width), height: Math.max(1, height) };
}

/**
 * A sharp look-alike that records the calls made on an image and, on `toBuffer`, hands them to `finish` with a
 * function that makes them on a real sharp image (and the input image, when it was given as bytes).
 */
function recordingSharp(
  finish: (calls: string, make: () => Promise<Buffer>, image: Uint8Array | undefined) => Promise<Buffer>,
): Encoder {
  return ((...input: unknown[]) => {
    const calls: SharpCall[] = [];
    const image = input[0] instanceof Uint8Array ? input[0] : undefined;
    const make = () => {
      let s = (sharp as unknown as (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>)(...input);
      for (const [method, args] of calls) s = s[method]!(...args) as typeof s;
      return (s.toBuffer as () => Promise<Buffer>)();
    };
    const proxy: unknown = new Proxy(
      {},
      {
        get: (_t, prop) => {
          if (prop === 'then') return undefined;
          if (prop === 'toBuffer') return () => finish(JSON.stringify([input.slice(1), calls]), make, image);
          return (...args: unknown[]) => {
            calls.push([String(prop), args]);
            return proxy;
          };
        },
      },
    );
    return proxy;
  }) as unknown as Encoder;
}

/** The lowest and highest value of each RGBA channel over raw RGBA pixels (0–255). */
function rgbaBounds(data: Buffer): { min: number[]; max: number[] } {
  const min = [255, 255, 255, 255];
  const max = [0, 0, 0, 0];
  for (let i = 0; i < data.length; i += 4)
    for (let k = 0; k < 4; k++) {
      const v = data[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  return { min, max };
}

/** Largest spread of any RGBA channel over an image's pixels (0–255). */
function rgbaRange(data: Buffer): number {
  const { min, max } = rgbaBounds(data);
  return Math.max(...max.map((m, k) => m - min[k]!));
}

/**
 * gltf-transform's `prune` calls an image "solid" when the spread of its pixels (length of the RGBA max − min) is at
 * most 3/255. Resampling to the small decode can overshoot at edges by a few levels, never by this much: an image
 * whose small version spreads further is not solid.
 */
const SOLID_SMALL_RANGE = 16;
/** gltf-transform's tolerance for a single-colour texture. */
const SOLID_EPS = 3 / 255;

/**
 * What `prune({ keepSolidTextures: false })` of gltf-transform does (a single-colour texture becomes its material's
 * factor), decoding in full only the images `work` cannot rule out, instead of every texture (a 2048 px image
 * decoded for nothing costs ~0.1 s; a model has several). Same test, same factors and slots as the library.
 */
export async function pruneSolidTextures(doc: Document, work: TextureWork): Promise<void> {
  const root = doc.getRoot();
  const graph = doc.getGraph();
  for (const tex of root.listTextures()) {
    const image = tex.getImage();
    if (!image || !work.maybeSolid(image)) continue;
    const factor = await solidColour(image);
    if (!factor) continue;
    if (getTextureColorSpace(tex) === 'srgb') ColorUtils.convertSRGBToLinear(factor, factor);
    for (const edge of graph.listParentEdges(tex)) {
      const parent = edge.getParent();
      if (parent !== root && parent instanceof Material && applyFactor(parent, factor, edge.getName())) edge.dispose();
    }
    if (tex.listParents().length === 1) tex.dispose();
  }
}

/** The colour (0–1 RGBA) of an image within {@link SOLID_EPS}, or null (also when it cannot be decoded). */
async function solidColour(image: Uint8Array): Promise<[number, number, number, number] | null> {
  let data: Buffer;
  try {
    data = await sharp(image).ensureAlpha().raw().toBuffer();
  } catch {
    return null;
  }
  const { min, max } = rgbaBounds(data);
  if (Math.hypot(...max.map((m, k) => m - min[k]!)) / 255 > SOLID_EPS) return null;
  return max.map((m, k) => (m + min[k]!) / 2 / 255) as [number, number, number, number];
}

/** gltf-transform's `applyMaterialFactor`: moves a solid texture's colour into the material, if the slot allows. */
function applyFactor(material: Material, factor: [number, number, number, number], slot: string): boolean {
  switch (slot) {
    case 'baseColorTexture': {
      const base = material.getBaseColorFactor();
      material.setBaseColorFactor([factor[0] * base[0], factor[1] * base[1], factor[2] * base[2], factor[3] * base[3]]);
      return true;
    }
    case 'emissiveTexture': {
      const e = material.getEmissiveFactor();
      material.setEmissiveFactor([factor[0] * e[0], factor[1] * e[1], factor[2] * e[2]]);
      return true;
    }
    case 'occlusionTexture':
      return Math.abs(factor[0] - 1) <= SOLID_EPS;
    case 'metallicRoughnessTexture':
      material.setRoughnessFactor(factor[1] * material.getRoughnessFactor());
      material.setMetallicFactor(factor[2] * material.getMetallicFactor());
      return true;
    case 'normalTexture':
      return Math.hypot(factor[0] - 0.5, factor[1] - 0.5, factor[2] - 1, factor[3] - 1) <= SOLID_EPS;
  }
  return false;
}
