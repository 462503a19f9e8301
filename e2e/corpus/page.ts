/**
 * The browser side of the model corpus comparison (bundled by esbuild from node_modules/three): loads a model with
 * three.js's own loader for its format, measures it (world bounding box, triangles, drawn meshes, clips, morph
 * targets) and renders it from two fixed views framed on a given box, in colour and as a silhouette. Images stay in
 * the page; `compare` measures two of them.
 */
import * as THREE from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { ColladaLoader } from 'three/examples/jsm/loaders/ColladaLoader.js';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import type { Analysis, Box, ImageMetrics } from './types';

const SIZE = 256;
/** Two fixed views: azimuth and elevation in degrees, looking at the box's centre. */
const VIEWS: [number, number][] = [
  [35, 25],
  [215, 20],
];

const canvas = document.createElement('canvas');
canvas.width = SIZE;
canvas.height = SIZE;
document.body.appendChild(canvas);
const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
renderer.setSize(SIZE, SIZE, false);
const gl = renderer.getContext();
const images = new Map<string, Uint8Array>();
const white = new THREE.MeshBasicMaterial({ color: 0xffffff, side: THREE.DoubleSide });

/** Runs a loader with its own manager and resolves once its result and every file it asked for (textures) are in. */
function withManager<T>(start: (manager: THREE.LoadingManager) => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const manager = new THREE.LoadingManager();
    let started = 0;
    let ended = 0;
    let result: { value: T } | undefined;
    const finish = () => {
      if (result && started === ended) resolve(result.value);
    };
    const itemStart = manager.itemStart.bind(manager);
    const itemEnd = manager.itemEnd.bind(manager);
    manager.itemStart = (url: string) => {
      started++;
      itemStart(url);
    };
    manager.itemEnd = (url: string) => {
      ended++;
      itemEnd(url);
      setTimeout(finish, 0);
    };
    start(manager).then((value) => {
      result = { value };
      setTimeout(finish, 0);
    }, reject);
  });
}

async function load(url: string, format: string): Promise<{ root: THREE.Object3D; clips: string[] }> {
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  return withManager(async (manager) => {
    switch (format) {
      case 'glb':
      case 'gltf': {
        const loader = new GLTFLoader(manager);
        loader.setMeshoptDecoder(MeshoptDecoder);
        const g = await loader.loadAsync(url);
        return { root: g.scene, clips: g.animations.map((a) => a.name) };
      }
      case 'fbx': {
        const o = await new FBXLoader(manager).loadAsync(url);
        return { root: o, clips: o.animations.map((a) => a.name) };
      }
      case 'dae': {
        const c = await new ColladaLoader(manager).loadAsync(url);
        if (!c) throw new Error('ColladaLoader returned nothing');
        return { root: c.scene, clips: (c.scene.animations ?? []).map((a) => a.name) };
      }
      case 'stl': {
        const geo = await new STLLoader(manager).loadAsync(url);
        const colors = geo.hasAttribute('color');
        return {
          root: new THREE.Mesh(geo, new THREE.MeshStandardMaterial({ vertexColors: colors })),
          clips: [],
        };
      }
      case 'ply': {
        const geo = await new PLYLoader(manager).loadAsync(url);
        if (!geo.hasAttribute('normal')) geo.computeVertexNormals();
        const colors = geo.hasAttribute('color');
        const root =
          geo.index || (geo.attributes.position?.count ?? 0) >= 3
            ? new THREE.Mesh(geo, new THREE.MeshStandardMaterial({ vertexColors: colors }))
            : new THREE.Points(geo);
        return { root, clips: [] };
      }
      case '3ds': {
        const loader = new TDSLoader(manager);
        loader.setResourcePath(base);
        return { root: await loader.loadAsync(url), clips: [] };
      }
      case 'obj': {
        const text = await (await fetch(url)).text();
        const loader = new OBJLoader(manager);
        const lib = /^mtllib\s+(.+?)\s*$/m.exec(text)?.[1];
        if (lib) {
          const mtl = await new MTLLoader(manager)
            .setPath(base)
            .loadAsync(lib)
            .catch(() => null);
          if (mtl) {
            mtl.preload();
            loader.setMaterials(mtl);
          }
        }
        return { root: loader.parse(text), clips: [] };
      }
      default:
        throw new Error(`no loader for ${format}`);
    }
  });
}

function meshes(root: THREE.Object3D): THREE.Mesh[] {
  const list: THREE.Mesh[] = [];
  root.traverse((o) => {
    if ((o as THREE.Mesh).isMesh && o.visible) list.push(o as THREE.Mesh);
  });
  return list;
}

/**
 * Triangles with an area: a triangle whose corners coincide or lie on one line (zero area, never drawn) is left
 * out, since welding and simplification remove those.
 */
function drawnTriangles(g: THREE.BufferGeometry): number {
  const pos = g.attributes.position;
  if (!pos) return 0;
  const idx = g.index;
  const n = Math.floor((idx ? idx.count : pos.count) / 3);
  const a = new THREE.Vector3();
  const b = new THREE.Vector3();
  const c = new THREE.Vector3();
  const ab = new THREE.Vector3();
  const ac = new THREE.Vector3();
  const cross = new THREE.Vector3();
  let drawn = 0;
  for (let t = 0; t < n; t++) {
    const i = idx ? idx.getX(3 * t) : 3 * t;
    const j = idx ? idx.getX(3 * t + 1) : 3 * t + 1;
    const k = idx ? idx.getX(3 * t + 2) : 3 * t + 2;
    if (i === j || j === k || i === k) continue;
    a.fromBufferAttribute(pos, i);
    b.fromBufferAttribute(pos, j);
    c.fromBufferAttribute(pos, k);
    ab.subVectors(b, a);
    ac.subVectors(c, a);
    const longest = Math.max(ab.lengthSq(), ac.lengthSq(), b.distanceToSquared(c));
    // Zero area (coincident or collinear corners) up to float precision: nothing is drawn.
    if (cross.crossVectors(ab, ac).length() <= 1e-6 * longest) continue;
    drawn++;
  }
  return drawn;
}

function measure(root: THREE.Object3D, clips: string[]): Omit<Analysis, 'ms'> {
  root.updateMatrixWorld(true);
  const box = new THREE.Box3();
  let triangles = 0;
  let draws = 0;
  let skinned = 0;
  const morph: number[] = [];
  for (const m of meshes(root)) {
    const g = m.geometry;
    const instances = (m as THREE.InstancedMesh).isInstancedMesh ? (m as THREE.InstancedMesh).count : 1;
    triangles += drawnTriangles(g) * instances;
    draws += (g.groups.length ? new Set(g.groups.map((x) => x.materialIndex)).size : 1) * instances;
    if ((m as THREE.SkinnedMesh).isSkinnedMesh) skinned++;
    const targets = g.morphAttributes.position?.length ?? 0;
    if (targets > 0) morph.push(targets);
    box.expandByObject(m, true);
  }
  const b: Box | null = box.isEmpty() ? null : { min: box.min.toArray(), max: box.max.toArray() };
  return { box: b, triangles, draws, skinned, morph: [...new Set(morph)].sort((x, y) => x - y), clips: [...clips].sort() };
}

function render(root: THREE.Object3D, frame: Box, key: string) {
  const scene = new THREE.Scene();
  scene.add(root);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 1.5));
  const sun = new THREE.DirectionalLight(0xffffff, 1.5);
  sun.position.set(1, 2, 1.5);
  scene.add(sun);
  const min = new THREE.Vector3().fromArray(frame.min);
  const max = new THREE.Vector3().fromArray(frame.max);
  const centre = min.clone().add(max).multiplyScalar(0.5);
  const radius = Math.max(max.distanceTo(min) / 2, 1e-6);
  const fov = 35;
  const distance = radius / Math.sin(THREE.MathUtils.degToRad(fov / 2));
  const camera = new THREE.PerspectiveCamera(fov, 1, distance / 100, distance * 4);
  VIEWS.forEach(([az, el], i) => {
    const a = THREE.MathUtils.degToRad(az);
    const e = THREE.MathUtils.degToRad(el);
    camera.position
      .set(Math.sin(a) * Math.cos(e), Math.sin(e), Math.cos(a) * Math.cos(e))
      .multiplyScalar(distance)
      .add(centre);
    camera.lookAt(centre);
    camera.updateMatrixWorld();
    for (const mask of [false, true]) {
      scene.overrideMaterial = mask ? white : null;
      scene.background = new THREE.Color(mask ? 0x000000 : 0x3a3a3a);
      const px = new Uint8Array(SIZE * SIZE * 4);
      // A silhouette with no pixel at all is drawn again (twice at most): on a loaded machine SwiftShader has once
      // answered a blank first frame. A model really out of the frame stays blank every time, so it still fails.
      for (let attempt = 0; attempt < 3; attempt++) {
        renderer.render(scene, camera);
        if (gl.isContextLost()) throw new Error('the WebGL context was lost while rendering');
        gl.readPixels(0, 0, SIZE, SIZE, gl.RGBA, gl.UNSIGNED_BYTE, px);
        if (!mask || px.some((v, j) => j % 4 === 0 && v > 127)) break;
      }
      images.set(`${key}:${i}:${mask ? 'mask' : 'colour'}`, px);
    }
  });
  scene.remove(root);
}

function dispose(root: THREE.Object3D) {
  root.traverse((o) => {
    const m = o as THREE.Mesh;
    if (!m.isMesh) return;
    m.geometry.dispose();
    for (const mat of Array.isArray(m.material) ? m.material : [m.material]) {
      for (const v of Object.values(mat)) if (v && (v as THREE.Texture).isTexture) (v as THREE.Texture).dispose();
      mat.dispose();
    }
  });
  renderer.renderLists.dispose();
}

/**
 * Loads, measures and (with `key`) renders a model framed on `frame` (its own box when absent), seen through `to`
 * (a scale, and a turn as a column-major 4×4 matrix) when given.
 */
async function analyse(
  url: string,
  format: string,
  key?: string,
  frame?: Box,
  to?: { scale: number; turn?: number[] },
): Promise<Analysis> {
  const t0 = performance.now();
  const loaded = await load(url, format);
  const { clips } = loaded;
  let root = loaded.root;
  if (to) {
    // The pipeline's recorded conversion (unit scale, the turn the reader left undone), applied to the reference reading.
    root = new THREE.Group().add(loaded.root);
    root.scale.setScalar(to.scale);
    if (to.turn) root.quaternion.setFromRotationMatrix(new THREE.Matrix4().fromArray(to.turn));
  }
  const a = measure(root, clips);
  const f = frame ?? a.box;
  if (key && f) render(root, f, key);
  dispose(root);
  return { ...a, ms: Math.round(performance.now() - t0) };
}

/**
 * Compares two rendered models over both views. Colour: mean absolute difference over R, G, B of all pixels (0–255)
 * and the share of pixels covered by both models whose largest channel difference is ≤ 24. Silhouette: the share
 * of pixels covered by either model that both cover (intersection over union).
 */
function compare(a: string, b: string): ImageMetrics {
  let sum = 0;
  let channels = 0;
  let within = 0;
  let union = 0;
  let both = 0;
  for (let v = 0; v < VIEWS.length; v++) {
    const ca = images.get(`${a}:${v}:colour`);
    const cb = images.get(`${b}:${v}:colour`);
    const ma = images.get(`${a}:${v}:mask`);
    const mb = images.get(`${b}:${v}:mask`);
    if (!ca || !cb || !ma || !mb) throw new Error(`no image ${a} or ${b}`);
    for (let p = 0; p < ca.length; p += 4) {
      const inA = (ma[p] ?? 0) > 127;
      const inB = (mb[p] ?? 0) > 127;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs((ca[p + c] ?? 0) - (cb[p + c] ?? 0));
        sum += d;
        if (d > worst) worst = d;
      }
      channels += 3;
      if (inA || inB) union++;
      if (inA && inB) {
        both++;
        if (worst <= 24) within++;
      }
    }
  }
  return {
    mad: sum / channels,
    within: both ? within / both : 1,
    iou: union ? both / union : 1,
  };
}

/** A PNG of one rendered view side by side with another (for a failure's report). */
function pair(a: string, b: string, view: number, kind = 'colour'): string {
  const out = document.createElement('canvas');
  out.width = SIZE * 2;
  out.height = SIZE;
  const ctx = out.getContext('2d') as CanvasRenderingContext2D;
  [a, b].forEach((k, i) => {
    const px = images.get(`${k}:${view}:${kind}`);
    if (!px) return;
    const img = ctx.createImageData(SIZE, SIZE);
    for (let y = 0; y < SIZE; y++) img.data.set(px.subarray((SIZE - 1 - y) * SIZE * 4, (SIZE - y) * SIZE * 4), y * SIZE * 4);
    ctx.putImageData(img, i * SIZE, 0);
  });
  return out.toDataURL('image/png');
}

function forget(prefix: string) {
  for (const k of [...images.keys()]) if (k.startsWith(`${prefix}:`)) images.delete(k);
}

Object.assign(window, { corpus: { analyse, compare, pair, forget } });
