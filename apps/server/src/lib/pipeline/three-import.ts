import fs from 'node:fs';
import path from 'node:path';
import type { Document, Texture as GltfTexture, NodeIO } from '@gltf-transform/core';
import {
  type AnimationClip,
  type BufferAttribute,
  type BufferGeometry,
  type Material,
  type Mesh,
  MeshStandardMaterial,
  type Object3D,
  PropertyBinding,
} from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { PipelineError } from './errors';
import { setSkeletonRoots, shareArmatureBones } from './skins';
import type { SourceFrame } from './source-frame';
import { readableImage } from './textures';
import { attachPlan, type MaterialPlan, type SourceMaterial, toExportable } from './three-materials';
import { listFiles, parseWithThree, type ThreeFormat } from './three-parse';

export type { ThreeFormat } from './three-parse';

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
  const replaced = new Map<string, Material>();
  const seenGeometry = new Set<string>();
  const fallback = new MeshStandardMaterial({ color: 0xcccccc, metalness: 0, roughness: 0.8 });
  fallback.name = 'xrmat:default';
  plans.set(fallback.name, { name: 'material', blend: false });

  const dropped = new Set<string>();
  const standardFor = (m: Material | undefined, withColors: boolean): Material => {
    if (!m) return fallback;
    const key = `${m.uuid}:${withColors}`;
    const cached = replaced.get(key);
    if (cached) return cached;
    const { material, plan } = toExportable(m as SourceMaterial, `xrmat:${replaced.size}`, withColors, dropped);
    plans.set(material.name, plan);
    replaced.set(key, material);
    return material;
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
      if (repairNonFinite(geom))
        warnings.push(`Mesh ${m.name || '(unnamed)'} had invalid (NaN) normals or texture coordinates; repaired`);
      if (!geom.getAttribute('normal')) geom.computeVertexNormals();
      mergeMaterialGroups(geom);
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
  if (dropped.size > 0) {
    warnings.push(`The ${[...dropped].join(', ')} maps of this model have no glTF equivalent and were left out`);
  }
  return plans;
}

/**
 * Gathers the faces of each material into one group. FBXLoader starts a new group at every change of material along
 * the face list, and the glTF exporter writes one primitive per group: a character whose faces alternate between a
 * few materials came out as hundreds of draw calls. The faces are reordered through the index (one is made for a
 * geometry without), materials in the order of their first group; the vertices stay as they are. Faces outside every
 * group, which three.js does not draw either, are left out.
 */
export function mergeMaterialGroups(geom: BufferGeometry): void {
  const groups = geom.groups;
  const byMaterial = new Map<number, { start: number; count: number }[]>();
  for (const g of groups) {
    const list = byMaterial.get(g.materialIndex ?? 0) ?? [];
    list.push(g);
    byMaterial.set(g.materialIndex ?? 0, list);
  }
  if (byMaterial.size === groups.length) return;
  const index = geom.getIndex();
  const total = index ? index.count : (geom.getAttribute('position') as BufferAttribute).count;
  const order: number[] = [];
  const merged: { start: number; count: number; materialIndex: number }[] = [];
  for (const [materialIndex, list] of byMaterial) {
    const start = order.length;
    for (const g of list) {
      const end = Math.min(total, g.start + g.count);
      for (let i = Math.max(0, g.start); i < end; i++) order.push(index ? index.getX(i) : i);
    }
    merged.push({ start, count: order.length - start, materialIndex });
  }
  geom.setIndex(order);
  geom.clearGroups();
  for (const g of merged) geom.addGroup(g.start, g.count, g.materialIndex);
}

/**
 * Replaces non-finite values (some exporters write NaN texture coordinates) of every attribute but positions: normals
 * are recomputed, other attributes get 0 there. Returns whether anything was repaired.
 */
function repairNonFinite(geom: BufferGeometry): boolean {
  let repaired = false;
  for (const name of Object.keys(geom.attributes)) {
    if (name === 'position') continue;
    const array = (geom.getAttribute(name) as BufferAttribute).array as unknown as number[];
    if (Array.prototype.every.call(array, (x: number) => Number.isFinite(x))) continue;
    repaired = true;
    if (name === 'normal') geom.deleteAttribute('normal');
    else for (let i = 0; i < array.length; i++) if (!Number.isFinite(array[i])) array[i] = 0;
  }
  return repaired;
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
 * Reads an OBJ, FBX, 3DS, DAE, STL or PLY file with the three.js loaders (no browser needed) and returns a glTF-Transform
 * document that keeps the node hierarchy, skins, morph targets and animation clips (FBX characters stay animated),
 * with its materials mapped channel by channel (`three-materials.ts`) and their colour, normal, emission and specular
 * textures read from `rootDir` only (the extracted upload), matched by path or file name; an unreadable texture is
 * left out with a warning. The model is brought to glTF's frame (Y up, metres) once; `onFrame` learns the frame the
 * source was in, for the report.
 */
export async function importWithThree(
  io: NodeIO,
  file: string,
  format: ThreeFormat,
  rootDir: string,
  warnings: string[],
  onFrame?: (frame: SourceFrame) => void,
): Promise<Document> {
  const { result: scene, blobs, frame } = parseWithThree(file, format, warnings);
  onFrame?.(frame);
  if (format === 'fbx') shareArmatureBones(scene);
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
  setSkeletonRoots(doc);

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
    await attachPlan(doc, mat, plan, textureFor);
  }
  if (doc.getRoot().listScenes().length === 0) throw new PipelineError('no_geometry', 'The file contains no usable geometry');
  return doc;
}
