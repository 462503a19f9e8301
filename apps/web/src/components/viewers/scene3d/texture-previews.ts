import { TEXTURE_PREVIEW_EXTRA } from '@xr/contract/scenes';
import { type Material, type Object3D, Source, type Texture } from 'three';
import type { GLTF, GLTFLoader, GLTFLoaderPlugin, GLTFParser } from 'three-stdlib';

/**
 * Small first textures for the 3D viewer's first frame (docs/decisions/0034-texture-previews.md).
 *
 * The asset pipeline gives every texture of a processed model a preview: a WebP of at most 128 px, as a data URL in
 * its glTF image's `extras.xr_preview` (`apps/server/src/lib/pipeline/textures.ts`). A GLTFLoader plugin builds each
 * such texture from its preview (a few KB: decoded and uploaded at once) and remembers where the full image is (its
 * buffer view, already downloaded with the GLB) and which material slots hold the texture. The full images are
 * then decoded and swapped in as each is ready, once nobody holds them back: the scene viewer holds them until its
 * first complete frame is drawn, so decoding and uploading fourteen 1024 px textures (about as long as the rest of
 * the first frame on a phone or a software GPU) does not delay it. A model without previews (processed by a pipeline
 * that did not make them) loads its full textures before its first frame.
 */

/** As three.js's ImageBitmapLoader decodes a glTF image (the texture keeps `flipY = false`). */
const BITMAP_OPTIONS: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };

/** What the loader needs of a GLTFLoader's parser (three-stdlib's GLTFParser, which its types leave untyped). */
interface Parser {
  json: {
    textures?: { source?: number; extensions?: Record<string, { source?: number } | undefined> }[];
    images?: { bufferView?: number; mimeType?: string; extras?: Record<string, unknown> }[];
  };
  getDependency(type: 'bufferView', index: number): Promise<ArrayBuffer>;
  loadTextureImage(textureIndex: number, sourceIndex: number, loader: unknown): Promise<Texture | null>;
}

interface FullImage {
  bytes: () => Promise<ArrayBuffer>;
  mime: string;
  /** Material slots (material, property) that show the preview, found once the model's root is built. */
  slots: { material: Material; key: string }[];
  decoding: boolean;
}

/**
 * Previews whose full image is not in yet, by the preview's image source (shared by the texture's clones): built
 * by `loadTexture`, waiting once `afterRoot` has found their slots.
 */
const built = new Map<Source<unknown>, FullImage>();
const waiting = new Map<Source<unknown>, FullImage>();
let holds = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** The bytes of a `data:image/…;base64,` URL as a Blob (no `fetch`: the page's connect-src does not allow data:). */
export function previewBlob(url: unknown): Blob | null {
  if (typeof url !== 'string') return null;
  const m = /^data:(image\/(?:webp|png|jpeg));base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!m) return null;
  const text = atob(m[2]!);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: m[1] });
}

/** The image index a texture shows (the WebP / AVIF extensions name their own source). */
function imageIndex(parser: Parser, textureIndex: number): number | undefined {
  const def = parser.json.textures?.[textureIndex];
  return def?.extensions?.EXT_texture_webp?.source ?? def?.extensions?.EXT_texture_avif?.source ?? def?.source;
}

class TexturePreviewPlugin {
  readonly name = 'XR_texture_previews';
  constructor(private readonly parser: Parser) {}

  loadTexture(textureIndex: number): Promise<Texture | null> | null {
    const source = imageIndex(this.parser, textureIndex);
    const image = source === undefined ? undefined : this.parser.json.images?.[source];
    const blob = previewBlob(image?.extras?.[TEXTURE_PREVIEW_EXTRA]);
    if (source === undefined || !image || image.bufferView === undefined || !blob) return null;
    const view = image.bufferView;
    const mime = image.mimeType ?? 'image/webp';
    // the parser's own texture set-up (sampler, name, cache), fed the preview instead of the full image
    const previewLoader = {
      isImageBitmapLoader: true,
      load: (_url: string, onLoad: (b: ImageBitmap) => void, _progress: unknown, onError: (e: unknown) => void) => {
        createImageBitmap(blob, BITMAP_OPTIONS).then(onLoad, onError);
      },
    };
    return this.parser.loadTextureImage(textureIndex, source, previewLoader).then((texture) => {
      if (texture)
        built.set(texture.source, {
          bytes: () => this.parser.getDependency('bufferView', view),
          mime,
          slots: [],
          decoding: false,
        });
      return texture;
    });
  }

  afterRoot(result: GLTF): null {
    const visit = (o: Object3D) => {
      const m = (o as Object3D & { material?: Material | Material[] }).material;
      for (const material of Array.isArray(m) ? m : m ? [m] : [])
        for (const [key, value] of Object.entries(material)) {
          const texture = value as Texture | null;
          if (!texture?.isTexture) continue;
          const full = built.get(texture.source) ?? waiting.get(texture.source);
          if (!full) continue;
          waiting.set(texture.source, full);
          if (!full.slots.some((s) => s.material === material && s.key === key)) full.slots.push({ material, key });
        }
    };
    for (const scene of result.scenes ?? [result.scene]) scene.traverse(visit);
    for (const source of waiting.keys()) built.delete(source);
    notify();
    upgrade();
    return null;
  }
}

/** The plugin for one parse (exported for tests). */
export const texturePreviewPlugin = (parser: unknown) => new TexturePreviewPlugin(parser as Parser);

/** Registers the preview plugin on a GLTFLoader, ahead of the built-in WebP one (which would load the full image). */
export function withTexturePreviews(loader: GLTFLoader): void {
  const callback = (parser: GLTFParser) => texturePreviewPlugin(parser) as GLTFLoaderPlugin;
  loader.register(callback);
  const callbacks = (loader as unknown as { pluginCallbacks?: unknown[] }).pluginCallbacks;
  if (callbacks && callbacks.at(-1) === callback) callbacks.unshift(callbacks.pop());
}

/** Swaps a decoded full image in for its preview in every slot that shows the preview. */
function swapIn(source: Source<unknown>, full: FullImage, bitmap: ImageBitmap): void {
  const next = new Source(bitmap);
  for (const { material, key } of full.slots) {
    const slots = material as unknown as Record<string, Texture | null>;
    const preview = slots[key];
    if (!preview?.isTexture || preview.source !== source) continue;
    // a new texture (not a new image in the old one: the preview's GPU storage has the preview's size)
    const texture = preview.clone();
    texture.source = next;
    delete texture.userData[TEXTURE_PREVIEW_EXTRA];
    texture.needsUpdate = true;
    slots[key] = texture;
    preview.dispose();
  }
  (source.data as ImageBitmap | undefined)?.close?.();
}

/**
 * Decodes the waiting full images (the browser's decoder threads) and swaps each in as soon as it is decoded: each
 * is uploaded with the next frame. Not one per frame: a software or phone GPU may draw a frame a second.
 */
function upgrade(): void {
  if (holds > 0) return;
  for (const [source, full] of waiting) {
    if (full.decoding) continue;
    full.decoding = true;
    void full
      .bytes()
      .then((bytes) => createImageBitmap(new Blob([bytes], { type: full.mime }), BITMAP_OPTIONS))
      .then(
        (bitmap) => swapIn(source, full, bitmap),
        () => {
          // the full image cannot be decoded: the preview stays
        },
      )
      .finally(() => {
        waiting.delete(source);
        notify();
      });
  }
}

/**
 * Holds the full images back (the scene viewer, until its first complete frame is drawn); returns the release.
 * Elsewhere (the editor) nobody holds them: each swaps in as soon as its model is in.
 */
export function holdFullTextures(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    upgrade();
  };
}

/** How many previews still wait for their full image, and a subscription to changes (for useSyncExternalStore). */
export const fullTextures = {
  pending: () => waiting.size,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
