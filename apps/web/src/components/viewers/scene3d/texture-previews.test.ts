import { TEXTURE_PREVIEW_EXTRA } from '@xr/contract/scenes';
import { Mesh, MeshStandardMaterial, PlaneGeometry, Scene, Texture } from 'three';
import type { GLTF, GLTFLoader } from 'three-stdlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullTextures, holdFullTextures, previewBlob, texturePreviewPlugin, withTexturePreviews } from './texture-previews';

// a 1×1 WebP is enough for the parsing; decoding is the browser's (stubbed below)
const PREVIEW = `data:image/webp;base64,${btoa('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')}`;

/** A GLTFParser as far as the plugin uses it: one WebP texture with a preview, one PNG texture without. */
function fakeParser() {
  const full = new ArrayBuffer(4096);
  return {
    json: {
      textures: [{ extensions: { EXT_texture_webp: { source: 0 } } }, { source: 1 }],
      images: [
        { bufferView: 0, mimeType: 'image/webp', extras: { [TEXTURE_PREVIEW_EXTRA]: PREVIEW } },
        { bufferView: 1, mimeType: 'image/png' },
      ],
    },
    getDependency: vi.fn(async () => full),
    // as GLTFParser.loadTextureImage: an image through the given loader, then the texture's set-up
    loadTextureImage: vi.fn(
      (
        _t: number,
        _s: number,
        loader: { load: (u: string, ok: (b: ImageBitmap) => void, p: unknown, e: (x: unknown) => void) => void },
      ) =>
        new Promise<Texture>((resolve, reject) =>
          loader.load(
            'blob:full',
            (bitmap) => {
              const texture = new Texture(bitmap as unknown as HTMLImageElement);
              texture.flipY = false;
              resolve(texture);
            },
            undefined,
            reject,
          ),
        ),
    ),
  };
}

const sizeOf = (t: Texture | null) => (t?.source.data as { width: number } | undefined)?.width;

describe('texture previews', () => {
  beforeEach(() => {
    // the decoded size tells the preview (a few bytes) from the full image (4 KB here)
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (blob: Blob) => ({ width: blob.size > 1000 ? 1024 : 128, height: 1, close: vi.fn() })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads only image data URLs of the pipeline', () => {
    expect(previewBlob(PREVIEW)?.type).toBe('image/webp');
    expect(previewBlob(PREVIEW)?.size).toBe(16);
    for (const bad of [
      undefined,
      42,
      '',
      'data:text/html;base64,PHNjcmlwdD4=',
      'javascript:alert(1)',
      `${PREVIEW}<`,
      'data:image/webp,raw',
    ])
      expect(previewBlob(bad)).toBeNull();
  });

  it('builds a texture from its preview, holds the full image until released, then swaps it in', async () => {
    const parser = fakeParser();
    const plugin = texturePreviewPlugin(parser);
    // the PNG without a preview is left to the loader's own path
    expect(plugin.loadTexture(1)).toBeNull();
    const hold = holdFullTextures();
    const preview = (await plugin.loadTexture(0))!;
    expect(sizeOf(preview)).toBe(128);
    const material = new MeshStandardMaterial({ map: preview, emissiveMap: preview });
    const scene = new Scene().add(new Mesh(new PlaneGeometry(), material));
    const disposed = vi.fn();
    preview.addEventListener('dispose', disposed);
    plugin.afterRoot({ scene, scenes: [scene] } as unknown as GLTF);
    expect(fullTextures.pending()).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    // held: the preview stays, the full image is not even read
    expect(material.map).toBe(preview);
    expect(parser.getDependency).not.toHaveBeenCalled();

    const changed = vi.fn();
    const unsubscribe = fullTextures.subscribe(changed);
    hold();
    await vi.waitFor(() => expect(fullTextures.pending()).toBe(0));
    unsubscribe();
    expect(changed).toHaveBeenCalled();
    expect(parser.getDependency).toHaveBeenCalledWith('bufferView', 0);
    // both slots show one new texture each, from the full image, with the preview's settings
    for (const t of [material.map, material.emissiveMap]) {
      expect(t).not.toBe(preview);
      expect(sizeOf(t)).toBe(1024);
      expect(t?.flipY).toBe(false);
      expect(t?.userData[TEXTURE_PREVIEW_EXTRA]).toBeUndefined();
    }
    expect(material.map?.source).toBe(material.emissiveMap?.source);
    expect(disposed).toHaveBeenCalled();
  });

  it('keeps the preview when the full image cannot be decoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (blob: Blob) => {
        if (blob.size > 1000) throw new Error('broken');
        return { width: 128, height: 1, close: vi.fn() };
      }),
    );
    const plugin = texturePreviewPlugin(fakeParser());
    const preview = (await plugin.loadTexture(0))!;
    const material = new MeshStandardMaterial({ map: preview });
    const scene = new Scene().add(new Mesh(new PlaneGeometry(), material));
    plugin.afterRoot({ scene, scenes: [scene] } as unknown as GLTF);
    await vi.waitFor(() => expect(fullTextures.pending()).toBe(0));
    expect(material.map).toBe(preview);
  });

  it('runs ahead of the loader’s WebP extension', () => {
    const builtIn = () => ({ name: 'EXT_texture_webp' });
    const loader = {
      pluginCallbacks: [builtIn] as unknown[],
      register(cb: unknown) {
        this.pluginCallbacks.push(cb);
        return this;
      },
    };
    withTexturePreviews(loader as unknown as GLTFLoader);
    expect(loader.pluginCallbacks).toHaveLength(2);
    expect(loader.pluginCallbacks[1]).toBe(builtIn);
  });
});
