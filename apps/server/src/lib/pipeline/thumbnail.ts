import type { Document, Material, mat4, Node, Texture } from '@gltf-transform/core';
import type { InstancedMesh } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { type DecodedTexture, decodeSmall } from './textures';

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
/** Column-major 4×4 product a·b. */
function mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const o = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return o;
}
function lookAt(eye: V3, center: V3, up: V3): number[] {
  const z = norm(sub(eye, center));
  const x = norm(cross(up, z));
  const y = cross(z, x);
  return [x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, -dot(x, eye), -dot(y, eye), -dot(z, eye), 1];
}
function perspective(fov: number, near: number, far: number): number[] {
  const f = 1 / Math.tan(fov / 2);
  const nf = 1 / (near - far);
  return [f, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * nf, -1, 0, 0, 2 * far * near * nf, 0];
}

async function decode(
  tex: Texture | null,
  cache: Map<Texture, DecodedTexture | null>,
  decoded?: (image: Uint8Array) => DecodedTexture | undefined,
): Promise<DecodedTexture | null> {
  if (!tex) return null;
  if (cache.has(tex)) return cache.get(tex)!;
  const image = tex.getImage();
  let out: DecodedTexture | null = null;
  if (image) out = decoded?.(image) ?? (await decodeSmall(image).catch(() => null));
  cache.set(tex, out);
  return out;
}

/** Linear -> sRGB through a 4096-entry table: a power per written pixel made small models' thumbnails slow. */
const SRGB_STEPS = 4096;
const SRGB_TABLE = Float32Array.from({ length: SRGB_STEPS + 1 }, (_, i) => {
  const c = i / SRGB_STEPS;
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
});
function srgb(linear: number): number {
  const c = linear <= 0 ? 0 : linear >= 1 ? 1 : linear;
  return SRGB_TABLE[Math.round(c * SRGB_STEPS)]!;
}

/** Column-major matrix of a translation, rotation (quaternion x, y, z, w) and scale. */
function compose(t: ArrayLike<number>, q: ArrayLike<number>, sc: ArrayLike<number>): number[] {
  const [x, y, z, w] = [q[0]!, q[1]!, q[2]!, q[3]!];
  const [sx, sy, sz] = [sc[0]!, sc[1]!, sc[2]!];
  return [
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    t[0]!,
    t[1]!,
    t[2]!,
    1,
  ];
}

/** The world matrices a node's mesh is drawn with: one, or one per instance (EXT_mesh_gpu_instancing). */
export function instanceMatrices(node: Node): mat4[] {
  const world = node.getWorldMatrix();
  const batch = node.getExtension<InstancedMesh>('EXT_mesh_gpu_instancing');
  if (!batch) return [world];
  const t = batch.getAttribute('TRANSLATION');
  const r = batch.getAttribute('ROTATION');
  const s = batch.getAttribute('SCALE');
  const count = (t ?? r ?? s)?.getCount() ?? 0;
  const out: mat4[] = [];
  for (let i = 0; i < count; i++) {
    const local = compose(
      t ? t.getElement(i, [0, 0, 0]) : [0, 0, 0],
      r ? r.getElement(i, [0, 0, 0, 1]) : [0, 0, 0, 1],
      s ? s.getElement(i, [1, 1, 1]) : [1, 1, 1],
    );
    out.push(mul(world, local) as unknown as mat4);
  }
  return out;
}

/** Optional framing of a thumbnail: picture size, view direction, tight framing and a floor. */
export interface ThumbnailView {
  /** Picture size in pixels (both default to `size`). */
  width?: number;
  height?: number;
  /** Direction from the content towards the camera (default: a three-quarter view from the front right, above). */
  dir?: V3;
  /**
   * `sphere` (default) fits the bounding sphere, which leaves room around elongated content; `tight` fits the
   * projected vertices themselves to the picture, so wide content fills a wide picture.
   */
  fit?: 'sphere' | 'tight';
  /** Direction towards the key light (the viewer's sun); default from above, front right. */
  light?: V3;
  /** A square floor at y = 0 drawn under the content but not framed (it would shrink the content to a dot). */
  floor?: { color: V3; size: number };
  /** Texture pixels already decoded (`decodeSmall` of the image), so the thumbnail does not decode them again. */
  decoded?: (image: Uint8Array) => DecodedTexture | undefined;
}

/**
 * Renders a 512×512 PNG preview of a document without GL: a small software rasterizer (perspective camera
 * fitted to the bounding sphere from a three-quarter view, z-buffer, Lambert shading of the base colour and
 * texture) over a soft vertical gradient. Rendered at 2× and downscaled for anti-aliasing.
 */
export async function renderThumbnail(doc: Document, outPath: string, size = 512, view: ThumbnailView = {}): Promise<void> {
  const outW = view.width ?? size;
  const outH = view.height ?? size;
  const SW = outW * 2;
  const SH = outH * 2;
  const aspect = SW / SH;
  const color = new Float32Array(SW * SH * 3);
  const depth = new Float32Array(SW * SH).fill(Number.POSITIVE_INFINITY);
  for (let y = 0; y < SH; y++) {
    const t = y / (SH - 1);
    const r = 0.93 - 0.2 * t;
    const g = 0.94 - 0.18 * t;
    const b = 0.97 - 0.13 * t;
    for (let x = 0, o = y * SW * 3; x < SW; x++, o += 3) {
      color[o] = r;
      color[o + 1] = g;
      color[o + 2] = b;
    }
  }

  interface Batch {
    pos: Float32Array;
    uv: Float32Array | null;
    idx: Uint32Array;
    material: Material | null;
    /** Whether the camera frames it (the floor is drawn but not framed). */
    framed: boolean;
    /** Linear base colour instead of the material's. */
    rgb?: V3;
  }
  const batches: Batch[] = [];
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  scene?.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    for (const world of instanceMatrices(node))
      for (const prim of mesh.listPrimitives()) {
        if (prim.getMode() !== 4) continue;
        const posAcc = prim.getAttribute('POSITION');
        if (!posAcc) continue;
        const n = posAcc.getCount();
        const pos = new Float32Array(n * 3);
        const el = [0, 0, 0];
        for (let i = 0; i < n; i++) {
          posAcc.getElement(i, el);
          const [x, y, z] = el as V3;
          const v: V3 = [
            world[0] * x + world[4] * y + world[8] * z + world[12],
            world[1] * x + world[5] * y + world[9] * z + world[13],
            world[2] * x + world[6] * y + world[10] * z + world[14],
          ];
          pos[i * 3] = v[0];
          pos[i * 3 + 1] = v[1];
          pos[i * 3 + 2] = v[2];
          for (let k = 0; k < 3; k++) {
            min[k] = Math.min(min[k]!, v[k]!);
            max[k] = Math.max(max[k]!, v[k]!);
          }
        }
        const uvAcc = prim.getAttribute('TEXCOORD_0');
        let uv: Float32Array | null = null;
        if (uvAcc) {
          uv = new Float32Array(n * 2);
          const e = [0, 0];
          for (let i = 0; i < n; i++) {
            uvAcc.getElement(i, e);
            uv[i * 2] = e[0]!;
            uv[i * 2 + 1] = e[1]!;
          }
        }
        const indAcc = prim.getIndices();
        const idx = indAcc ? Uint32Array.from(indAcc.getArray() ?? []) : Uint32Array.from({ length: n - (n % 3) }, (_, i) => i);
        batches.push({ pos, uv, idx, material: prim.getMaterial(), framed: true });
      }
  });
  if (view.floor && batches.length > 0) {
    // Tiles of about a metre, so tiles behind the camera drop out without taking the visible floor with them.
    const n = Math.max(1, Math.min(64, Math.round(view.floor.size)));
    const step = view.floor.size / n;
    const h = view.floor.size / 2;
    const pos = new Float32Array((n + 1) * (n + 1) * 3);
    for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) pos.set([-h + i * step, 0, -h + j * step], (j * (n + 1) + i) * 3);
    const idx = new Uint32Array(n * n * 6);
    for (let j = 0, o = 0; j < n; j++)
      for (let i = 0; i < n; i++, o += 6) {
        const a = j * (n + 1) + i;
        idx.set([a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2], o);
      }
    batches.push({ pos, uv: null, idx, material: null, framed: false, rgb: view.floor.color });
  }

  if (batches.length > 0 && Number.isFinite(min[0]!)) {
    const center: V3 = [(min[0]! + max[0]!) / 2, (min[1]! + max[1]!) / 2, (min[2]! + max[2]!) / 2];
    const radius = Math.max(1e-6, Math.hypot(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!) / 2);
    const fov = (35 * Math.PI) / 180;
    const dir = norm(view.dir ?? [1, 0.75, 1.4]);
    let dist = (radius / Math.sin(fov / 2)) * 1.12;
    let eye: V3 = [center[0] + dir[0] * dist, center[1] + dir[1] * dist, center[2] + dir[2] * dist];
    let near = Math.max(radius * 1e-3, dist - radius * 1.1);
    let far = dist + radius * 1.1;
    if (view.fit === 'tight') {
      // Like the viewer's first view, a part larger than 100 m (terrain, sky dome) is drawn but not framed: it
      // would put the camera so far away that the rest is a speck.
      const huge = (b: Batch) => {
        const lo = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
        const hi = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
        for (let i = 0; i < b.pos.length; i++) {
          lo[i % 3] = Math.min(lo[i % 3]!, b.pos[i]!);
          hi[i % 3] = Math.max(hi[i % 3]!, b.pos[i]!);
        }
        return hi.some((h, k) => h - lo[k]! > 100);
      };
      const ordinary = batches.filter((b) => b.framed && !huge(b));
      if (ordinary.length > 0) for (const b of batches) if (b.framed && !ordinary.includes(b)) b.framed = false;
      // Camera basis: f looks at the content, r and u span the picture. For a camera at e (in that basis) a
      // point (a, b, c) is inside the horizontal field when |a − e_a| ≤ tx·(c − e_c); the closest camera that
      // holds for every vertex has e_c = (U1 + U2) / 2, e_a = tx·(U2 − U1) / 2 with U1 = min(c − a/tx),
      // U2 = min(c + a/tx); the same vertically, and the farther of the two solutions keeps both.
      const f: V3 = [-dir[0], -dir[1], -dir[2]];
      const r = norm(cross(f, [0, 1, 0]));
      const u = cross(r, f);
      const ty = Math.tan(fov / 2) * 0.9;
      const tx = ty * aspect;
      let h1 = Number.POSITIVE_INFINITY;
      let h2 = Number.POSITIVE_INFINITY;
      let v1 = Number.POSITIVE_INFINITY;
      let v2 = Number.POSITIVE_INFINITY;
      for (const b of batches) {
        if (!b.framed) continue;
        for (let i = 0; i < b.pos.length; i += 3) {
          const p: V3 = [b.pos[i]!, b.pos[i + 1]!, b.pos[i + 2]!];
          const a = dot(p, r);
          const bb = dot(p, u);
          const c = dot(p, f);
          h1 = Math.min(h1, c - a / tx);
          h2 = Math.min(h2, c + a / tx);
          v1 = Math.min(v1, c - bb / ty);
          v2 = Math.min(v2, c + bb / ty);
        }
      }
      const ec = Math.min((h1 + h2) / 2, (v1 + v2) / 2);
      const ea = (tx * (h2 - h1)) / 2;
      const eb = (ty * (v2 - v1)) / 2;
      eye = [0, 1, 2].map((k) => r[k]! * ea + u[k]! * eb + f[k]! * ec) as V3;
      const ahead: V3 = [eye[0] + f[0], eye[1] + f[1], eye[2] + f[2]];
      let dMin = Number.POSITIVE_INFINITY;
      let dMax = 0;
      for (const b of batches)
        for (let i = 0; i < b.pos.length; i += 3) {
          const d = dot(sub([b.pos[i]!, b.pos[i + 1]!, b.pos[i + 2]!], eye), f);
          if (b.framed) dMin = Math.min(dMin, d);
          dMax = Math.max(dMax, d);
        }
      dist = Math.max(1e-6, dMin);
      near = Math.max(radius * 1e-3, dMin * 0.5);
      far = Math.max(near * 2, dMax * 1.05);
      center[0] = ahead[0];
      center[1] = ahead[1];
      center[2] = ahead[2];
    }
    const viewM = lookAt(eye, center, [0, 1, 0]);
    const proj = perspective(fov, near, far);
    proj[0] = proj[0]! / aspect;
    const vp = mul(proj, viewM);
    const light = norm(view.light ?? [0.5, 1, 0.8]);
    const lightView = norm([light[0] + dir[0], light[1] + dir[1], light[2] + dir[2]]);
    const texCache = new Map<Texture, DecodedTexture | null>();
    const sx = new Float32Array(3);
    const sy = new Float32Array(3);
    const sz = new Float32Array(3);

    for (const b of batches) {
      const factor = b.rgb ? [...b.rgb, 1] : (b.material?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1]);
      const tex = await decode(b.material?.getBaseColorTexture() ?? null, texCache, view.decoded);
      const { pos, idx, uv } = b;
      for (let t = 0; t + 2 < idx.length; t += 3) {
        const ia = idx[t]!;
        const ib = idx[t + 1]!;
        const ic = idx[t + 2]!;
        let behind = false;
        const tri = [ia, ib, ic];
        for (let k = 0; k < 3; k++) {
          const vi = tri[k]!;
          const x = pos[vi * 3]!;
          const y = pos[vi * 3 + 1]!;
          const z = pos[vi * 3 + 2]!;
          const w = vp[3]! * x + vp[7]! * y + vp[11]! * z + vp[15]!;
          if (w <= 1e-6) behind = true;
          const cx = (vp[0]! * x + vp[4]! * y + vp[8]! * z + vp[12]!) / w;
          const cy = (vp[1]! * x + vp[5]! * y + vp[9]! * z + vp[13]!) / w;
          sx[k] = (cx * 0.5 + 0.5) * SW;
          sy[k] = (1 - (cy * 0.5 + 0.5)) * SH;
          sz[k] = (vp[2]! * x + vp[6]! * y + vp[10]! * z + vp[14]!) / w;
        }
        if (behind) continue;
        const e1: V3 = [pos[ib * 3]! - pos[ia * 3]!, pos[ib * 3 + 1]! - pos[ia * 3 + 1]!, pos[ib * 3 + 2]! - pos[ia * 3 + 2]!];
        const e2: V3 = [pos[ic * 3]! - pos[ia * 3]!, pos[ic * 3 + 1]! - pos[ia * 3 + 1]!, pos[ic * 3 + 2]! - pos[ia * 3 + 2]!];
        const nrm = norm(cross(e1, e2));
        const lambert = 0.22 + 0.5 * Math.abs(dot(nrm, light)) + 0.18 * Math.abs(dot(nrm, lightView));
        const area = (sx[1]! - sx[0]!) * (sy[2]! - sy[0]!) - (sx[2]! - sx[0]!) * (sy[1]! - sy[0]!);
        if (Math.abs(area) < 1e-9) continue;
        const x0 = Math.max(0, Math.floor(Math.min(sx[0]!, sx[1]!, sx[2]!)));
        const x1 = Math.min(SW - 1, Math.ceil(Math.max(sx[0]!, sx[1]!, sx[2]!)));
        const y0 = Math.max(0, Math.floor(Math.min(sy[0]!, sy[1]!, sy[2]!)));
        const y1 = Math.min(SH - 1, Math.ceil(Math.max(sy[0]!, sy[1]!, sy[2]!)));
        for (let py = y0; py <= y1; py++) {
          const cy = py + 0.5;
          for (let px = x0; px <= x1; px++) {
            const cx = px + 0.5;
            const w0 = ((sx[1]! - cx) * (sy[2]! - cy) - (sx[2]! - cx) * (sy[1]! - cy)) / area;
            const w1 = ((sx[2]! - cx) * (sy[0]! - cy) - (sx[0]! - cx) * (sy[2]! - cy)) / area;
            const w2 = 1 - w0 - w1;
            if (w0 < 0 || w1 < 0 || w2 < 0) continue;
            const z = w0 * sz[0]! + w1 * sz[1]! + w2 * sz[2]!;
            const p = py * SW + px;
            if (z >= depth[p]!) continue;
            depth[p] = z;
            let r = factor[0]!;
            let g = factor[1]!;
            let bl = factor[2]!;
            if (tex && uv) {
              const u = w0 * uv[ia * 2]! + w1 * uv[ib * 2]! + w2 * uv[ic * 2]!;
              const vv = w0 * uv[ia * 2 + 1]! + w1 * uv[ib * 2 + 1]! + w2 * uv[ic * 2 + 1]!;
              const tx = Math.min(tex.size - 1, Math.max(0, Math.floor((u - Math.floor(u)) * tex.size)));
              const ty = Math.min(tex.size - 1, Math.max(0, Math.floor((vv - Math.floor(vv)) * tex.size)));
              const o = (ty * tex.size + tx) * 4;
              // Texture texels are sRGB; approximate linear with a square.
              r *= (tex.data[o]! / 255) ** 2.2;
              g *= (tex.data[o + 1]! / 255) ** 2.2;
              bl *= (tex.data[o + 2]! / 255) ** 2.2;
            }
            color[p * 3] = srgb(r * lambert);
            color[p * 3 + 1] = srgb(g * lambert);
            color[p * 3 + 2] = srgb(bl * lambert);
          }
        }
      }
    }
  }

  const rgba = Buffer.alloc(SW * SH * 4);
  for (let i = 0; i < SW * SH; i++) {
    rgba[i * 4] = Math.round(color[i * 3]! * 255);
    rgba[i * 4 + 1] = Math.round(color[i * 3 + 1]! * 255);
    rgba[i * 4 + 2] = Math.round(color[i * 3 + 2]! * 255);
    rgba[i * 4 + 3] = 255;
  }
  await sharp(rgba, { raw: { width: SW, height: SH, channels: 4 } })
    .resize(outW, outH, { kernel: 'lanczos3' })
    .png()
    .toFile(outPath);
}
