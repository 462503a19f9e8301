import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import {
  ClampToEdgeWrapping,
  type Material,
  type Mesh,
  MirroredRepeatWrapping,
  type Object3D,
  RepeatWrapping,
  Texture,
  type Wrapping,
} from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { GLTFLoader, type GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { USDZ_TEXTURE_SIZE, type UsdzImage } from './textures';

const WRAPS: Record<number, Wrapping> = {
  33071: ClampToEdgeWrapping,
  33648: MirroredRepeatWrapping,
  10497: RepeatWrapping,
};

/**
 * A texture's pixels in Node: the encoded image bytes and their size. USDZExporter only accepts DOM image kinds
 * (`imageToCanvas` tests `instanceof ImageBitmap` and draws onto `document.createElement('canvas')`); while an export
 * runs, `ImageBitmap` is this class and the canvas is `NodeCanvas`, which encodes with sharp.
 */
class NodeImage {
  constructor(
    readonly bytes: Buffer,
    readonly width: number,
    readonly height: number,
    /** The USDZ's image, already encoded from the source texture (`TextureWork`). */
    readonly prepared?: UsdzImage,
  ) {}
}

class NodeCanvas {
  width = 0;
  height = 0;
  private image: NodeImage | null = null;
  private flip = false;
  getContext() {
    return {
      translate: () => undefined,
      scale: (_x: number, y: number) => {
        if (y < 0) this.flip = !this.flip;
      },
      drawImage: (image: NodeImage) => {
        this.image = image;
      },
    };
  }
  toBlob(done: (b: Blob | null) => void, mime: string) {
    const image = this.image;
    if (!image) return done(null);
    const width = Math.max(1, Math.round(this.width));
    const height = Math.max(1, Math.round(this.height));
    const ready = image.prepared;
    if (ready && !this.flip && ready.mime === mime && ready.width === width && ready.height === height)
      return done(new Blob([new Uint8Array(ready.bytes)], { type: mime }));
    let s = sharp(image.bytes).resize(width, height, { fit: 'fill' });
    if (this.flip) s = s.flip();
    (mime === 'image/jpeg' ? s.jpeg({ quality: 90 }) : s.png())
      .toBuffer()
      .then((buf) => done(new Blob([new Uint8Array(buf)], { type: mime })))
      .catch(() => done(null));
  }
}

let shimUsers = 0;
const saved: { ImageBitmap?: unknown; document?: unknown } = {};

/** Installs the two globals USDZExporter's texture path reads; reference-counted for overlapping exports. */
function installCanvasShim(): () => void {
  const g = globalThis as Record<string, unknown>;
  if (shimUsers++ === 0) {
    saved.ImageBitmap = g.ImageBitmap;
    saved.document = g.document;
    g.ImageBitmap = NodeImage;
    g.document = { createElement: () => new NodeCanvas() };
  }
  return () => {
    if (--shimUsers === 0) {
      g.ImageBitmap = saved.ImageBitmap;
      g.document = saved.document;
    }
  };
}

type JsonTexture = { source?: number; sampler?: number; name?: string; extensions?: Record<string, { source?: number }> };
type JsonImage = { bufferView?: number; name?: string; mimeType?: string };
type JsonSampler = { wrapS?: number; wrapT?: number };

/**
 * A GLTFLoader plugin that decodes embedded textures with sharp instead of the browser's image loaders (absent in
 * Node). It sits before the built-in WebP/AVIF/Basis plugins, whose support probes need `Image`/`document`.
 */
function nodeTextures(parser: GLTFParser, prepared?: Map<string, UsdzImage>) {
  const json = parser.json as { textures?: JsonTexture[]; images?: JsonImage[]; samplers?: JsonSampler[] };
  return {
    name: 'XR_node_textures',
    async loadTexture(index: number) {
      const def = json.textures?.[index];
      if (!def) return null;
      const ext = def.extensions ?? {};
      const source = ext.EXT_texture_webp?.source ?? ext.EXT_texture_avif?.source ?? def.source;
      const imageDef = source === undefined ? undefined : json.images?.[source];
      if (!imageDef || imageDef.bufferView === undefined) return null;
      const view = (await parser.getDependency('bufferView', imageDef.bufferView)) as ArrayBuffer;
      const bytes = Buffer.from(view);
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) return null;
      const ready = prepared?.get(createHash('sha1').update(bytes).digest('base64'));
      const texture = new Texture(new NodeImage(bytes, meta.width, meta.height, ready) as unknown as Texture['image']);
      texture.flipY = false;
      texture.name = def.name ?? imageDef.name ?? '';
      // PNG keeps alpha (cut-outs, glass), JPEG is several times smaller and faster for the rest (`usdzImage`); the
      // exporter names the file by this.
      texture.userData.mimeType = ready?.mime ?? (meta.hasAlpha ? 'image/png' : 'image/jpeg');
      const sampler = def.sampler === undefined ? undefined : json.samplers?.[def.sampler];
      texture.wrapS = WRAPS[sampler?.wrapS ?? 10497] ?? RepeatWrapping;
      texture.wrapT = WRAPS[sampler?.wrapT ?? 10497] ?? RepeatWrapping;
      texture.needsUpdate = true;
      return texture;
    },
  };
}

/** Reads a processed GLB into a three.js scene in Node (meshopt-compressed geometry, textures as `NodeImage`). */
export async function loadGlbScene(glb: Uint8Array, prepared?: Map<string, UsdzImage>): Promise<Object3D> {
  await MeshoptDecoder.ready;
  const loader = new GLTFLoader();
  loader.setMeshoptDecoder(MeshoptDecoder);
  const internal = loader as unknown as { pluginCallbacks: ((p: GLTFParser) => unknown)[] };
  internal.pluginCallbacks.unshift((parser) => nodeTextures(parser, prepared));
  const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  const gltf = await loader.parseAsync(buffer, '');
  return gltf.scene;
}

/** Textures the exporter cannot write (no decoded image) are dropped from the materials rather than failing it. */
function dropUndecodedMaps(root: Object3D) {
  const maps = ['map', 'normalMap', 'roughnessMap', 'metalnessMap', 'aoMap', 'emissiveMap', 'alphaMap'] as const;
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (!mesh.isMesh) return;
    const list = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]) as (Material & Record<string, unknown>)[];
    for (const m of list)
      for (const k of maps) {
        const t = m[k] as Texture | null | undefined;
        if (t && !(t.image instanceof NodeImage)) m[k] = null;
      }
  });
}

/**
 * The AR Quick Look (iOS) form of a processed model: a USDZ made by three.js's USDZExporter from the delivered GLB,
 * in the GLB's own units (metres, glTF's convention: no fitting or scaling, so AR shows the real size), anchored to a
 * horizontal plane, textures at most 1024 px (JPEG, or PNG when they have alpha). It is made in the pipeline worker right after the GLB (one
 * more output beside `model_coarse`, stored and signed like the GLB), not lazily on request: the export parses the
 * whole model and would otherwise run on the API's event loop. Node has no canvas, so USDZExporter's texture path
 * runs against a minimal sharp-backed shim installed only for the export's duration.
 */
export async function glbToUsdz(glb: Uint8Array, prepared?: Map<string, UsdzImage>): Promise<Uint8Array> {
  const scene = await loadGlbScene(glb, prepared);
  dropUndecodedMaps(scene);
  scene.updateMatrixWorld(true);
  const restore = installCanvasShim();
  try {
    return await new USDZExporter().parseAsync(scene, {
      quickLookCompatible: true,
      maxTextureSize: USDZ_TEXTURE_SIZE,
    });
  } finally {
    restore();
  }
}

/**
 * Writes `glbToUsdz` of a GLB to `usdzPath`; `prepared` are the USDZ's images already made from the source textures,
 * by the SHA-1 (base64) of the GLB's image they stand for (`TextureWork.usdzImages`).
 */
export async function writeUsdz(glb: Uint8Array, usdzPath: string, prepared?: Map<string, UsdzImage>): Promise<string> {
  const bytes = await glbToUsdz(glb, prepared);
  await fs.promises.writeFile(usdzPath, bytes);
  return usdzPath;
}
