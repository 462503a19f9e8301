import fs from 'node:fs';
import path from 'node:path';
import type { Document, Material as GltfMaterial, Texture as GltfTexture, NodeIO } from '@gltf-transform/core';
import {
  type AnimationClip,
  type BufferAttribute,
  type BufferGeometry,
  type Color,
  DoubleSide,
  type Material,
  type Mesh,
  MeshStandardMaterial,
  type Object3D,
  PropertyBinding,
  Texture,
  TextureLoader,
} from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import { PipelineError } from './errors';
import { decodeText } from './text';
import { readableImage } from './textures';

export type ThreeFormat = 'obj' | 'fbx' | '3ds';

/** Lists every file under `dir` (relative paths), for resolving texture names case-insensitively. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * OBJLoader turns a whole object into lines or points as soon as it meets one `l` or `p` statement, which loses the
 * faces of a model that mixes them: only faces are kept (lines and points have no surface to show).
 */
export function facesOnlyObj(text: string, warnings: string[]): string {
  let dropped = 0;
  const kept = text.replace(/^[ \t]*[lp][ \t][^\r\n]*(?:\\\r?\n[^\r\n]*)*/gm, () => {
    dropped++;
    return '';
  });
  if (dropped > 0) warnings.push(`${dropped} line and point elements of the OBJ were dropped; its faces are kept`);
  return kept;
}

/**
 * Runs a three.js loader's synchronous `parse` in Node: texture loads (which need a DOM) are replaced by
 * placeholder textures that remember the requested URL, and embedded FBX images (normally turned into
 * `blob:` URLs through `window.URL`) are kept in memory.
 */
function withNodeShims<T>(
  run: () => T,
  retry?: (err: unknown) => (() => T) | undefined,
): { result: T; blobs: Map<string, Blob> } {
  const blobs = new Map<string, Blob>();
  const proto = TextureLoader.prototype as unknown as { load: (url: string) => Texture };
  const originalLoad = proto.load;
  proto.load = (url: string) => {
    const t = new Texture();
    t.userData.src = url;
    return t;
  };
  const g = globalThis as unknown as { window?: unknown };
  const hadWindow = 'window' in g;
  if (!hadWindow) {
    g.window = {
      innerWidth: 512,
      innerHeight: 512,
      URL: {
        createObjectURL: (blob: Blob) => {
          const id = `blob:xr/${blobs.size}`;
          blobs.set(id, blob);
          return id;
        },
      },
    };
  }
  try {
    try {
      return { result: run(), blobs };
    } catch (e) {
      const second = retry?.(e);
      if (!second) throw e;
      blobs.clear();
      return { result: second(), blobs };
    }
  } catch (e) {
    throw new PipelineError('invalid_model', `Could not parse the model: ${(e as Error).message}`, { cause: e });
  } finally {
    proto.load = originalLoad;
    if (!hadWindow) delete g.window;
  }
}

function exactArrayBuffer(buf: Buffer): ArrayBuffer {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

const FBX_BINARY_MAGIC = 'Kaydara FBX Binary  \u0000';
const FBX_ASCII_PROBE = 'Kaydara\\FBX\\Binary\\\\';

/** FBXLoader's ASCII sniffing: it rejects a text when certain sampled characters happen to spell its probe. */
function fbxLoaderAcceptsAscii(text: string): boolean {
  let rest = text;
  for (let i = 0; i < FBX_ASCII_PROBE.length; i++) {
    if (rest[0] === FBX_ASCII_PROBE[i]) return false;
    rest = rest.slice(i + 1);
  }
  return true;
}

/**
 * FBXLoader decides where a binary FBX's node list ends from the file size alone (it assumes a 160-byte footer
 * after the last node and 16-byte alignment), so files whose footer differs (some exporters write none, or pad
 * differently) make it read the footer as a node and fail. The top-level records chain by their end offsets: the
 * bytes after the terminating null record are replaced by the footer layout the loader expects.
 */
function normalizeFbxFooter(buf: Buffer): Buffer {
  const version = buf.readUInt32LE(23);
  const wide = version >= 7500;
  const head = wide ? 25 : 13;
  let pos = 27;
  let body = buf;
  for (let n = 0; n < 1_000_000; n++) {
    // The chain ends at the end of the file: no null record and no footer were written, add both.
    if (pos === buf.length) body = Buffer.concat([buf, Buffer.alloc(head)]);
    if (pos + head > body.length) return buf;
    const end = wide ? Number(body.readBigUInt64LE(pos)) : body.readUInt32LE(pos);
    if (end === 0) break;
    if (end <= pos || end > buf.length) return buf;
    pos = end;
  }
  const nodesEnd = pos + head;
  // The loader stops once "offset + 176 >= size" (for a size that is not a multiple of 16): true right after the
  // null record, false at every earlier node (each is at least 26 bytes before it).
  const pad = (nodesEnd + 160) % 16 === 0 ? 1 : 0;
  const footer = Buffer.alloc(160 + pad);
  footer.writeUInt32LE(version, 20);
  return Buffer.concat([body.subarray(0, nodesEnd), footer]);
}

/**
 * Returns FBX bytes the loader will take: binary with a footer it understands; ASCII with a leading comment line
 * added when a valid file would trip the loader's character-sampling check (comments are ignored by its parser).
 */
function fbxBytes(buf: Buffer): ArrayBuffer {
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) {
    return exactArrayBuffer(buf.length >= 27 ? normalizeFbxFooter(buf) : buf);
  }
  const text = decodeText(buf);
  for (let pad = 0; pad < 64; pad++) {
    const candidate = pad === 0 ? text : `;${' '.repeat(pad)}\n${text}`;
    if (fbxLoaderAcceptsAscii(candidate)) return exactArrayBuffer(Buffer.from(candidate, 'utf8'));
  }
  return exactArrayBuffer(buf);
}

/**
 * The same FBX with its animation curves renamed out of the loader's sight (same length, so binary offsets hold):
 * FBXLoader's animation parser fails on some files (a take without a layer, curves of unknown targets), and the
 * model is worth more than its animation.
 */
function withoutAnimation(bytes: ArrayBuffer): ArrayBuffer {
  const buf = Buffer.from(bytes);
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) {
    const name = Buffer.from('\u000eAnimationCurve', 'latin1');
    for (let i = buf.indexOf(name); i >= 0; i = buf.indexOf(name, i + 1)) buf[i + 1] = 0x58;
    return exactArrayBuffer(buf);
  }
  return exactArrayBuffer(Buffer.from(buf.toString('utf8').replace(/^(\s*)AnimationCurve:/gm, '$1XnimationCurve:'), 'utf8'));
}

/** Parses an OBJ (with its MTL when present next to it), FBX (binary or ASCII) or 3DS file into a three.js scene. */
function parseWithThree(file: string, format: ThreeFormat, warnings: string[]) {
  const baseDir = `${path.dirname(file)}/`;
  const buf = fs.readFileSync(file);
  if (format === 'fbx') {
    const bytes = fbxBytes(buf);
    return withNodeShims<Object3D>(
      () => new FBXLoader().parse(bytes, baseDir),
      (err) => {
        if (!String((err as Error)?.stack).includes('AnimationParser')) return undefined;
        warnings.push('The animation of this FBX could not be read; the model is kept without it');
        return () => new FBXLoader().parse(withoutAnimation(bytes), baseDir);
      },
    );
  }
  return withNodeShims<Object3D>(() => {
    if (format === '3ds') return new TDSLoader().parse(exactArrayBuffer(buf), baseDir);
    const text = facesOnlyObj(decodeText(buf), warnings);
    const loader = new OBJLoader();
    const mtlName = /^mtllib\s+(.+)$/m.exec(text)?.[1]?.trim();
    if (mtlName) {
      const mtlPath = path.resolve(baseDir, mtlName);
      const fallback = listFiles(path.dirname(file)).find(
        (f) => path.basename(f).toLowerCase() === path.basename(mtlName).toLowerCase(),
      );
      const found = mtlPath.startsWith(path.dirname(file) + path.sep) && fs.existsSync(mtlPath) ? mtlPath : fallback;
      if (found) {
        const creator = new MTLLoader().parse(decodeText(fs.readFileSync(found)), baseDir);
        creator.preload();
        loader.setMaterials(creator);
      } else warnings.push(`Material library ${mtlName} not found; using a default material`);
    }
    return loader.parse(text);
  });
}

type SourceMaterial = Material & {
  color?: Color;
  emissive?: Color;
  map?: Texture | null;
  normalMap?: Texture | null;
  vertexColors?: boolean;
  alphaTest?: number;
};

/** What a placeholder material stands for: the source's name and texture files, attached after the export. */
interface MaterialPlan {
  name: string;
  map?: string;
  normalMap?: string;
  blend: boolean;
}

/**
 * Prepares a loaded scene for the glTF exporter: drops lines, points, cameras and lights (keeping their children),
 * repairs geometry the exporter or validator would choke on, flips UVs to glTF's convention, and replaces every
 * material with a plain MeshStandardMaterial named by a token, remembering its texture files (the exporter would
 * need a canvas to encode images; they are attached to the document afterwards from the original bytes).
 */
function prepareScene(scene: Object3D, warnings: string[]): Map<string, MaterialPlan> {
  scene.updateMatrixWorld(true);
  const drop: Object3D[] = [];
  scene.traverse((o) => {
    const x = o as Object3D & { isLine?: boolean; isPoints?: boolean; isLight?: boolean; isCamera?: boolean };
    if (x.isLine || x.isPoints || x.isLight || x.isCamera) drop.push(o);
  });
  for (const o of drop) {
    for (const child of [...o.children]) o.parent?.attach(child);
    o.parent?.remove(o);
  }

  const plans = new Map<string, MaterialPlan>();
  const replaced = new Map<string, MeshStandardMaterial>();
  const seenGeometry = new Set<string>();
  const fallback = new MeshStandardMaterial({ color: 0xcccccc, metalness: 0, roughness: 0.8 });
  fallback.name = 'xrmat:default';
  plans.set(fallback.name, { name: 'material', blend: false });

  const standardFor = (m: Material | undefined, withColors: boolean): MeshStandardMaterial => {
    if (!m) return fallback;
    const key = `${m.uuid}:${withColors}`;
    const cached = replaced.get(key);
    if (cached) return cached;
    const src = m as SourceMaterial;
    const out = new MeshStandardMaterial({ metalness: 0, roughness: 0.8 });
    out.name = `xrmat:${replaced.size}`;
    out.color.copy(src.color ?? out.color.setScalar(0.8));
    if (src.emissive && (src.emissive.r > 0 || src.emissive.g > 0 || src.emissive.b > 0)) out.emissive.copy(src.emissive);
    const blend = !!src.transparent && (src.opacity ?? 1) < 1;
    if (blend) {
      out.transparent = true;
      out.opacity = src.opacity;
    }
    if ((src.alphaTest ?? 0) > 0) out.alphaTest = src.alphaTest ?? 0;
    if (src.side === DoubleSide) out.side = DoubleSide;
    out.vertexColors = withColors;
    const srcOf = (t: Texture | null | undefined) => (t?.userData?.src as string | undefined) || undefined;
    plans.set(out.name, { name: src.name || 'material', map: srcOf(src.map), normalMap: srcOf(src.normalMap), blend });
    replaced.set(key, out);
    return out;
  };

  const meshes: Mesh[] = [];
  scene.traverse((o) => {
    if ((o as Mesh).isMesh) meshes.push(o as Mesh);
  });
  for (const m of meshes) {
    const geom: BufferGeometry = m.geometry;
    const pos = geom?.getAttribute('position') as BufferAttribute | undefined;
    const finite = pos && Array.from(pos.array as ArrayLike<number>).every((x) => Number.isFinite(x));
    if (!pos || pos.count === 0 || !finite) {
      if (pos && !finite) warnings.push(`Mesh ${m.name || '(unnamed)'} has non-finite positions; skipped`);
      for (const child of [...m.children]) m.parent?.attach(child);
      m.parent?.remove(m);
      continue;
    }
    if (!seenGeometry.has(geom.uuid)) {
      seenGeometry.add(geom.uuid);
      if (!geom.getAttribute('normal')) geom.computeVertexNormals();
      const index = geom.getIndex();
      if (index && index.count % 3 !== 0) geom.setIndex(Array.from(index.array).slice(0, index.count - (index.count % 3)));
      for (const name of Object.keys(geom.attributes)) {
        if (!/^uv\d*$/.test(name)) continue;
        const uv = geom.getAttribute(name) as BufferAttribute;
        for (let i = 0; i < uv.count; i++) uv.setY(i, 1 - uv.getY(i));
      }
    }
    const materials = Array.isArray(m.material) ? m.material : [m.material];
    const withColors = (mat: Material | undefined) =>
      !!(mat as SourceMaterial | undefined)?.vertexColors && !!geom.getAttribute('color');
    if (!materials.some(withColors)) geom.deleteAttribute('color');
    if (Array.isArray(m.material)) {
      const count = Math.max(materials.length, ...geom.groups.map((g) => (g.materialIndex ?? 0) + 1));
      m.material = Array.from({ length: count }, (_, i) => standardFor(materials[i], withColors(materials[i])));
    } else m.material = standardFor(m.material, withColors(m.material));
  }
  // The exporter writes `userData` as extras: FBXLoader keeps its whole transform data there.
  scene.traverse((o) => {
    o.userData = {};
  });
  return plans;
}

/** Node's missing FileReader, as much of it as GLTFExporter uses to assemble a GLB from Blobs. */
class BlobReader {
  result: ArrayBuffer | string | null = null;
  onloadend: (() => void) | null = null;

  readAsArrayBuffer(blob: Blob) {
    void blob.arrayBuffer().then((b) => {
      this.result = b;
      this.onloadend?.();
    });
  }

  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((b) => {
      this.result = `data:${blob.type || 'application/octet-stream'};base64,${Buffer.from(b).toString('base64')}`;
      this.onloadend?.();
    });
  }
}

/**
 * FBXLoader names a blend-shape track by the target's index (`body.morphTargetInfluences[0]`); the glTF exporter
 * wants its name. Tracks are renamed in place from the mesh's morph-target dictionary.
 */
function nameMorphTracks(scene: Object3D, clips: AnimationClip[]) {
  for (const clip of clips)
    for (const track of clip.tracks) {
      const parsed = PropertyBinding.parseTrackName(track.name);
      if (parsed.propertyName !== 'morphTargetInfluences' || !/^\d+$/.test(parsed.propertyIndex ?? '')) continue;
      const node = PropertyBinding.findNode(scene, parsed.nodeName) as Mesh | undefined;
      const dict = node?.morphTargetDictionary ?? {};
      const name = Object.keys(dict).find((k) => dict[k] === Number(parsed.propertyIndex));
      if (name !== undefined) track.name = `${parsed.nodeName}.morphTargetInfluences[${name}]`;
    }
}

async function exportGlb(scene: Object3D, animations: AnimationClip[]): Promise<Uint8Array> {
  const g = globalThis as unknown as { FileReader?: unknown };
  const had = 'FileReader' in g;
  if (!had) g.FileReader = BlobReader;
  const warn = console.warn;
  // The exporter reports every attribute type it converts; those notes are not the creator's concern.
  console.warn = () => undefined;
  try {
    const out = await new GLTFExporter().parseAsync(scene, { binary: true, trs: true, onlyVisible: false, animations });
    return new Uint8Array(out as ArrayBuffer);
  } finally {
    console.warn = warn;
    if (!had) delete g.FileReader;
  }
}

/**
 * Reads an OBJ, FBX or 3DS file with the three.js loaders (no browser needed) and returns a glTF-Transform
 * document that keeps the node hierarchy, skins, morph targets and animation clips (FBX characters stay animated),
 * with base colour and normal textures read from `rootDir` only (the extracted upload), matched by path or file
 * name; an unreadable texture is left out with a warning.
 */
export async function importWithThree(
  io: NodeIO,
  file: string,
  format: ThreeFormat,
  rootDir: string,
  warnings: string[],
): Promise<Document> {
  const { result: scene, blobs } = parseWithThree(file, format, warnings);
  const animations = (scene as Object3D & { animations?: AnimationClip[] }).animations ?? [];
  const plans = prepareScene(scene, warnings);
  let hasMesh = false;
  scene.traverse((o) => {
    if ((o as Mesh).isMesh) hasMesh = true;
  });
  if (!hasMesh) throw new PipelineError('no_geometry', 'The file contains no meshes');
  nameMorphTracks(scene, animations);
  let glb: Uint8Array;
  try {
    glb = await exportGlb(scene, animations);
  } catch (err) {
    // A clip the exporter cannot map (a track of a node it does not export) costs the animation, not the model.
    if (animations.length === 0) throw err;
    warnings.push(`The animation clips could not be converted (${(err as Error).message}); the model is kept without them`);
    glb = await exportGlb(scene, []);
  }
  const doc = await io.readBinary(glb);

  const files = listFiles(rootDir);
  const root = path.resolve(rootDir);
  const textures = new Map<string, GltfTexture | null>();
  const readTexture = async (src: string): Promise<GltfTexture | null> => {
    let bytes: Uint8Array | undefined;
    if (blobs.has(src)) bytes = new Uint8Array(await blobs.get(src)!.arrayBuffer());
    else if (src.startsWith('data:')) bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    else {
      let clean = src;
      try {
        clean = decodeURIComponent(src);
      } catch {
        // a literal % in a file name
      }
      clean = clean.replace(/\\/g, '/');
      const direct = path.resolve(root, clean);
      const base = path.posix.basename(clean).toLowerCase();
      const hit =
        direct.startsWith(root + path.sep) && fs.existsSync(direct)
          ? direct
          : files.find((f) => path.basename(f).toLowerCase() === base);
      if (hit) bytes = fs.readFileSync(hit);
    }
    const label = src.startsWith('blob:') || src.startsWith('data:') ? 'embedded texture' : `Texture ${src}`;
    if (!bytes) {
      warnings.push(`${label} not found`);
      return null;
    }
    const image = await readableImage(bytes);
    if (!image) {
      warnings.push(`${label} is unreadable (damaged or in an unsupported format); the model is kept without it`);
      return null;
    }
    const name = src.startsWith('blob:') || src.startsWith('data:') ? 'embedded' : path.posix.basename(src.replace(/\\/g, '/'));
    return doc.createTexture(name).setImage(image.bytes).setMimeType(image.mime);
  };
  const textureFor = async (src: string | undefined) => {
    if (!src) return null;
    if (!textures.has(src)) textures.set(src, await readTexture(src));
    return textures.get(src) ?? null;
  };

  for (const mat of doc.getRoot().listMaterials()) {
    const plan = plans.get(mat.getName());
    if (!plan) continue;
    mat.setName(plan.name);
    await attach(mat, plan, textureFor);
  }
  if (doc.getRoot().listScenes().length === 0) throw new PipelineError('no_geometry', 'The file contains no usable geometry');
  return doc;
}

async function attach(
  mat: GltfMaterial,
  plan: MaterialPlan,
  textureFor: (src: string | undefined) => Promise<GltfTexture | null>,
) {
  const map = await textureFor(plan.map);
  if (map) mat.setBaseColorTexture(map);
  const normal = await textureFor(plan.normalMap);
  if (normal) mat.setNormalTexture(normal);
  if (plan.blend) mat.setAlphaMode('BLEND');
}
