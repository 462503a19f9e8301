import fs from 'node:fs';
import path from 'node:path';
import { Document, type Material as GltfMaterial, type Texture as GltfTexture } from '@gltf-transform/core';
import sharp from 'sharp';
import {
  type BufferAttribute,
  type BufferGeometry,
  type Color,
  type Material,
  type Mesh,
  type Object3D,
  Texture,
  TextureLoader,
} from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import { PipelineError } from './errors';

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
 * Runs a three.js loader's synchronous `parse` in Node: texture loads (which need a DOM) are replaced by
 * placeholder textures that remember the requested URL, and embedded FBX images (normally turned into
 * `blob:` URLs through `window.URL`) are kept in memory.
 */
function withNodeShims<T>(run: () => T): { result: T; blobs: Map<string, Blob> } {
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
    return { result: run(), blobs };
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
 * Returns FBX bytes the loader will take: binary as is; ASCII with a leading comment line added when a valid
 * file would trip the loader's character-sampling check (comments are ignored by its parser).
 */
function fbxBytes(buf: Buffer): ArrayBuffer {
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) return exactArrayBuffer(buf);
  const text = buf.toString('utf8');
  for (let pad = 0; pad < 64; pad++) {
    const candidate = pad === 0 ? text : `;${' '.repeat(pad)}\n${text}`;
    if (fbxLoaderAcceptsAscii(candidate)) return exactArrayBuffer(Buffer.from(candidate, 'utf8'));
  }
  return exactArrayBuffer(buf);
}

/** Parses an OBJ (with its MTL when present next to it), FBX (binary or ASCII) or 3DS file into a three.js scene. */
function parseWithThree(file: string, format: ThreeFormat, warnings: string[]) {
  const baseDir = `${path.dirname(file)}/`;
  const buf = fs.readFileSync(file);
  return withNodeShims<Object3D>(() => {
    if (format === 'fbx') return new FBXLoader().parse(fbxBytes(buf), baseDir);
    if (format === '3ds') return new TDSLoader().parse(exactArrayBuffer(buf), baseDir);
    const text = buf.toString('utf8');
    const loader = new OBJLoader();
    const mtlName = /^mtllib\s+(.+)$/m.exec(text)?.[1]?.trim();
    if (mtlName) {
      const mtlPath = path.resolve(baseDir, mtlName);
      const fallback = listFiles(path.dirname(file)).find(
        (f) => path.basename(f).toLowerCase() === path.basename(mtlName).toLowerCase(),
      );
      const found = mtlPath.startsWith(path.dirname(file) + path.sep) && fs.existsSync(mtlPath) ? mtlPath : fallback;
      if (found) {
        const creator = new MTLLoader().parse(fs.readFileSync(found, 'utf8'), baseDir);
        creator.preload();
        loader.setMaterials(creator);
      } else warnings.push(`Material library ${mtlName} not found; using a default material`);
    }
    return loader.parse(text);
  });
}

interface TextureSource {
  bytes: Uint8Array;
  mime: string;
}

/** Converts a three.js scene (as produced by the loaders) into a glTF-Transform document, baking world transforms. */
async function sceneToDocument(scene: Object3D, rootDir: string, blobs: Map<string, Blob>, warnings: string[]) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const gScene = doc.createScene('Scene');
  const files = listFiles(rootDir);
  const textureCache = new Map<string, GltfTexture | null>();
  const materialCache = new Map<string, GltfMaterial>();
  const root = path.resolve(rootDir);

  const readTexture = async (src: string): Promise<TextureSource | null> => {
    let bytes: Uint8Array | undefined;
    if (blobs.has(src)) bytes = new Uint8Array(await blobs.get(src)!.arrayBuffer());
    else if (src.startsWith('data:')) bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    else {
      const clean = decodeURIComponent(src).replace(/\\/g, '/');
      const direct = path.resolve(root, clean);
      const base = path.posix.basename(clean).toLowerCase();
      const hit =
        direct.startsWith(root + path.sep) && fs.existsSync(direct)
          ? direct
          : files.find((f) => path.basename(f).toLowerCase() === base);
      if (hit) bytes = fs.readFileSync(hit);
    }
    if (!bytes) {
      warnings.push(`Texture ${src} not found`);
      return null;
    }
    try {
      const meta = await sharp(bytes).metadata();
      if (meta.format === 'png' || meta.format === 'jpeg' || meta.format === 'webp')
        return { bytes, mime: `image/${meta.format}` };
      return { bytes: await sharp(bytes).png().toBuffer(), mime: 'image/png' };
    } catch {
      warnings.push(`Texture ${path.basename(src)} is in an unreadable format; skipped`);
      return null;
    }
  };

  const textureFor = async (t: Texture | null | undefined): Promise<GltfTexture | null> => {
    const src = t?.userData?.src as string | undefined;
    if (!src) return null;
    if (!textureCache.has(src)) {
      const data = await readTexture(src);
      textureCache.set(
        src,
        data
          ? doc
              .createTexture(path.basename(src.startsWith('blob:') ? 'embedded' : src))
              .setImage(data.bytes)
              .setMimeType(data.mime)
          : null,
      );
    }
    return textureCache.get(src) ?? null;
  };

  const materialFor = async (m: Material | undefined): Promise<GltfMaterial> => {
    const key = m?.uuid ?? 'default';
    const cached = materialCache.get(key);
    if (cached) return cached;
    const mat = doc
      .createMaterial(m?.name || 'material')
      .setMetallicFactor(0)
      .setRoughnessFactor(0.8);
    const src = m as (Material & { color?: Color; map?: Texture | null }) | undefined;
    const c = src?.color;
    const opacity = src?.transparent ? (src.opacity ?? 1) : 1;
    mat.setBaseColorFactor([c?.r ?? 0.8, c?.g ?? 0.8, c?.b ?? 0.8, opacity]);
    if (opacity < 1) mat.setAlphaMode('BLEND');
    if (src?.side === 2) mat.setDoubleSided(true);
    const tex = await textureFor(src?.map);
    if (tex) mat.setBaseColorTexture(tex);
    materialCache.set(key, mat);
    return mat;
  };

  scene.updateMatrixWorld(true);
  const meshes: Mesh[] = [];
  scene.traverse((o) => {
    if ((o as Mesh).isMesh) meshes.push(o as Mesh);
  });
  if (meshes.length === 0) throw new PipelineError('invalid_model', 'The file contains no meshes');

  for (const m of meshes) {
    const geom: BufferGeometry = m.geometry.clone();
    geom.applyMatrix4(m.matrixWorld);
    if (!geom.getAttribute('normal')) geom.computeVertexNormals();
    const pos = geom.getAttribute('position') as BufferAttribute | undefined;
    if (!pos || pos.count === 0) continue;
    const nor = geom.getAttribute('normal') as BufferAttribute | undefined;
    const uv = geom.getAttribute('uv') as BufferAttribute | undefined;
    const index = geom.getIndex();
    const groups = geom.groups.length ? geom.groups : [{ start: 0, count: index ? index.count : pos.count, materialIndex: 0 }];
    const mesh = doc.createMesh(m.name || 'mesh');
    for (const g of groups) {
      const material = Array.isArray(m.material) ? m.material[g.materialIndex ?? 0] : m.material;
      // Vertex ids of this group, compacted so each primitive only carries the vertices it uses.
      const ids: number[] = [];
      for (let i = g.start; i < Math.min(g.start + g.count, index ? index.count : pos.count); i++)
        ids.push(index ? index.getX(i) : i);
      const usable = ids.length - (ids.length % 3);
      if (usable === 0) continue;
      const remap = new Map<number, number>();
      const order: number[] = [];
      const indices = new Uint32Array(usable);
      for (let i = 0; i < usable; i++) {
        const v = ids[i]!;
        let n = remap.get(v);
        if (n === undefined) {
          n = order.length;
          remap.set(v, n);
          order.push(v);
        }
        indices[i] = n;
      }
      const p = new Float32Array(order.length * 3);
      const nn = nor ? new Float32Array(order.length * 3) : null;
      const tt = uv ? new Float32Array(order.length * 2) : null;
      order.forEach((v, i) => {
        p.set([pos.getX(v), pos.getY(v), pos.getZ(v)], i * 3);
        if (nn && nor) {
          const x = nor.getX(v);
          const y = nor.getY(v);
          const z = nor.getZ(v);
          const len = Math.hypot(x, y, z) || 1;
          nn.set(len > 0 ? [x / len, y / len, z / len] : [0, 1, 0], i * 3);
        }
        if (tt && uv) tt.set([uv.getX(v), 1 - uv.getY(v)], i * 2);
      });
      if (p.some((x) => !Number.isFinite(x))) {
        warnings.push(`Mesh ${m.name} has non-finite positions; skipped`);
        continue;
      }
      const prim = doc
        .createPrimitive()
        .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(p).setBuffer(buffer))
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
        .setMaterial(await materialFor(material));
      if (nn) prim.setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(nn).setBuffer(buffer));
      if (tt) prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(tt).setBuffer(buffer));
      mesh.addPrimitive(prim);
    }
    if (mesh.listPrimitives().length === 0) {
      mesh.dispose();
      continue;
    }
    gScene.addChild(doc.createNode(m.name || 'node').setMesh(mesh));
  }
  if (gScene.listChildren().length === 0) throw new PipelineError('invalid_model', 'The file contains no usable geometry');
  doc.getRoot().setDefaultScene(gScene);
  return doc;
}

/**
 * Reads an OBJ, FBX or 3DS file with the three.js loaders (no browser needed) and returns a glTF-Transform
 * document with positions, normals, UVs, indices and base colour / texture per material. Textures are read
 * from `rootDir` only (the extracted upload), matched by path or by file name.
 */
export async function importWithThree(file: string, format: ThreeFormat, rootDir: string, warnings: string[]): Promise<Document> {
  const { result, blobs } = parseWithThree(file, format, warnings);
  return sceneToDocument(result, rootDir, blobs, warnings);
}
