import { type Art, type ArtStyle, createArt } from './art';
import { clamp, hex, mixInto, type Rgb, set, smoothstep } from './color';
import { hash4, NoiseTexture } from './noise';
import type { PanoramaScene } from './outdoor';

/** Walls of a room as seen from inside: N is ahead (−Z, yaw 0), E to the right (yaw π/2), S behind, W to the left. */
export type WallName = 'N' | 'E' | 'S' | 'W';

/** Something on a wall, placed in metres: `u` from the wall's left end (as seen facing it), `v` above the floor. */
export interface WallFeature {
  wall: WallName;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  kind: 'window' | 'door' | 'frame' | 'blackboard' | 'screen';
  /** Frames: the artwork. */
  art?: { style: ArtStyle; seed: number };
  /** Frames: moulding colour. */
  frameColor?: string;
  /** Light the feature with a wall washer (galleries). */
  spot?: boolean;
}

/** A solid block (furniture, plinths, desks) or ball (products) inside the room. */
export interface Block {
  min: [number, number, number];
  max: [number, number, number];
  color: string;
  material?: 'paint' | 'wood' | 'fabric' | 'glow';
}
export interface Ball {
  center: [number, number, number];
  radius: number;
  color: string;
}

export interface RoomSpec {
  /** Size in metres along x (width), y (height), z (depth). */
  width: number;
  height: number;
  depth: number;
  /** The camera, room centre at x = z = 0, floor at y = 0. */
  eye: [number, number, number];
  wall: string;
  /** A different colour for the wall ahead (accent wall). */
  accentWall?: string;
  floor: 'wood' | 'tiles' | 'concrete' | 'carpet';
  floorColor: string;
  ceiling: 'panels' | 'downlights' | 'skylight';
  /** Ceiling lights on a grid of `lights[0] × lights[1]`. */
  lights: [number, number];
  features: WallFeature[];
  blocks?: Block[];
  balls?: Ball[];
  /** What the windows show (and where the sun comes from). */
  outside: PanoramaScene;
  /** Sun direction for patches of sunlight through the windows (toward the sun), if any. */
  sun?: [number, number, number];
  exposure?: number;
}

interface Hit {
  t: number;
  /** 0 floor, 1 ceiling, 2 wall, 3 block, 4 ball. */
  surface: number;
  wall: WallName;
  nx: number;
  ny: number;
  nz: number;
  index: number;
}

/**
 * A room rendered by casting a ray per pixel against the room's box (floor, ceiling, four walls) and the blocks and
 * balls in it: straight lines stay straight in the viewer because the geometry is real. Lighting is a sum of ceiling
 * lamps (inverse square, cosine), a hemisphere ambient, soft darkening in the corners and under furniture, wall
 * washers on pictures, sun patches through the windows, and a faint reflection of the lamps on glossy floors.
 */
export function createInterior(spec: RoomSpec, seed: number): PanoramaScene {
  const hw = spec.width / 2;
  const hd = spec.depth / 2;
  const H = spec.height;
  const [ox, oy, oz] = spec.eye;
  const wallC = hex(spec.wall);
  const accent = spec.accentWall ? hex(spec.accentWall) : wallC;
  const floorC = hex(spec.floorColor);
  const white = hex('#f4f2ee');
  const tex = new NoiseTexture(256, 8, seed + 1, 5);
  const grain = new NoiseTexture(256, 4, seed + 2, 4);
  const lamps: [number, number, number][] = [];
  const [lx, lz] = spec.lights;
  for (let i = 0; i < lx; i++)
    for (let j = 0; j < lz; j++) lamps.push([-hw + (spec.width * (i + 0.5)) / lx, H - 0.02, -hd + (spec.depth * (j + 0.5)) / lz]);
  /** Cone of directions from the eye that can hit a bounding sphere (cheap rejection before the slab test). */
  const cone = (cx: number, cy: number, cz: number, r: number) => {
    const dx = cx - ox;
    const dy = cy - oy;
    const dz = cz - oz;
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d <= r) return { ux: 0, uy: 0, uz: 0, cos: -2 };
    return { ux: dx / d, uy: dy / d, uz: dz / d, cos: Math.cos(Math.asin(r / d)) };
  };
  const blocks = (spec.blocks ?? []).map((b) => {
    const half = Math.sqrt((b.max[0] - b.min[0]) ** 2 + (b.max[1] - b.min[1]) ** 2 + (b.max[2] - b.min[2]) ** 2) / 2;
    return {
      ...b,
      c: hex(b.color),
      cone: cone((b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2, half * 1.001),
    };
  });
  const balls = (spec.balls ?? []).map((b) => ({ ...b, c: hex(b.color) }));
  const features = spec.features.map((f) => ({
    ...f,
    artShader: f.art ? createArt(f.art.style, f.art.seed) : (null as Art | null),
    fc: hex(f.frameColor ?? (f.kind === 'door' ? '#6b4a2f' : '#2a2420')),
  }));
  const windows = features.filter((f) => f.kind === 'window');
  const hit: Hit = { t: 0, surface: 0, wall: 'N', nx: 0, ny: 0, nz: 0, index: -1 };
  const tmp: Rgb = [0, 0, 0];

  /** Wall coordinates (u from the left end seen from inside, v height) of a point on a wall. */
  const wallU = (w: WallName, x: number, z: number) => (w === 'N' ? x + hw : w === 'E' ? z + hd : w === 'S' ? hw - x : hd - z);
  const wallLength = (w: WallName) => (w === 'N' || w === 'S' ? spec.width : spec.depth);

  function trace(x: number, y: number, z: number): Hit {
    let t = Number.POSITIVE_INFINITY;
    hit.index = -1;
    if (x > 0) {
      t = (hw - ox) / x;
      hit.surface = 2;
      hit.wall = 'E';
    } else if (x < 0) {
      t = (-hw - ox) / x;
      hit.surface = 2;
      hit.wall = 'W';
    }
    if (z !== 0) {
      const tz = z > 0 ? (hd - oz) / z : (-hd - oz) / z;
      if (tz < t) {
        t = tz;
        hit.surface = 2;
        hit.wall = z > 0 ? 'S' : 'N';
      }
    }
    if (y !== 0) {
      const ty = y > 0 ? (H - oy) / y : -oy / y;
      if (ty < t) {
        t = ty;
        hit.surface = y > 0 ? 1 : 0;
      }
    }
    const ix = 1 / x;
    const iy = 1 / y;
    const iz = 1 / z;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      if (x * b.cone.ux + y * b.cone.uy + z * b.cone.uz < b.cone.cos) continue;
      // Slab test (infinite inverse components compare correctly).
      let ax = (b.min[0] - ox) * ix;
      let bx = (b.max[0] - ox) * ix;
      if (ax > bx) {
        const sw = ax;
        ax = bx;
        bx = sw;
      }
      let ay = (b.min[1] - oy) * iy;
      let by = (b.max[1] - oy) * iy;
      if (ay > by) {
        const sw = ay;
        ay = by;
        by = sw;
      }
      let az = (b.min[2] - oz) * iz;
      let bz = (b.max[2] - oz) * iz;
      if (az > bz) {
        const sw = az;
        az = bz;
        bz = sw;
      }
      const tNear = ax > ay ? (ax > az ? ax : az) : ay > az ? ay : az;
      const tFar = bx < by ? (bx < bz ? bx : bz) : by < bz ? by : bz;
      if (tNear > tFar || tNear <= 0 || tNear >= t || Number.isNaN(tNear)) continue;
      t = tNear;
      hit.surface = 3;
      hit.index = i;
      const axis = tNear === ax ? 0 : tNear === ay ? 1 : 2;
      hit.nx = axis === 0 ? -Math.sign(x) : 0;
      hit.ny = axis === 1 ? -Math.sign(y) : 0;
      hit.nz = axis === 2 ? -Math.sign(z) : 0;
    }
    for (let i = 0; i < balls.length; i++) {
      const b = balls[i]!;
      const cx = ox - b.center[0];
      const cy = oy - b.center[1];
      const cz = oz - b.center[2];
      const bq = cx * x + cy * y + cz * z;
      const cq = cx * cx + cy * cy + cz * cz - b.radius * b.radius;
      const disc = bq * bq - cq;
      if (disc < 0) continue;
      const tb = -bq - Math.sqrt(disc);
      if (tb > 0 && tb < t) {
        t = tb;
        hit.surface = 4;
        hit.index = i;
        hit.nx = (cx + x * tb) / b.radius;
        hit.ny = (cy + y * tb) / b.radius;
        hit.nz = (cz + z * tb) / b.radius;
      }
    }
    hit.t = t;
    if (hit.surface === 0) set3(hit, 0, 1, 0);
    else if (hit.surface === 1) set3(hit, 0, -1, 0);
    else if (hit.surface === 2)
      set3(hit, hit.wall === 'E' ? -1 : hit.wall === 'W' ? 1 : 0, 0, hit.wall === 'N' ? 1 : hit.wall === 'S' ? -1 : 0);
    return hit;
  }

  /** Light reaching a point with a normal: lamps, ambient, corners, sun through windows. */
  function light(px: number, py: number, pz: number, nx: number, ny: number, nz: number): number {
    let l = 0.16 + 0.06 * ny;
    for (const m of lamps) {
      const dx = m[0] - px;
      const dy = m[1] - py;
      const dz = m[2] - pz;
      const d2 = dx * dx + dy * dy + dz * dz;
      const d = Math.sqrt(d2);
      const cos = (dx * nx + dy * ny + dz * nz) / d;
      // Downward lamps: their own cosine toward the point.
      const down = Math.max(0, -dy / d);
      if (cos > 0) l += (1.6 * cos * (0.3 + 0.7 * down)) / (1 + d2);
    }
    if (spec.sun) {
      const [sx, sy, sz] = spec.sun;
      for (const w of windows) {
        // From the point toward the sun: does the ray leave through this window?
        const plane = w.wall;
        let t = -1;
        if (plane === 'N' && sz < 0) t = (-hd - pz) / sz;
        else if (plane === 'S' && sz > 0) t = (hd - pz) / sz;
        else if (plane === 'E' && sx > 0) t = (hw - px) / sx;
        else if (plane === 'W' && sx < 0) t = (-hw - px) / sx;
        if (t <= 0) continue;
        const qx = px + sx * t;
        const qy = py + sy * t;
        const qz = pz + sz * t;
        const u = wallU(plane, qx, qz);
        const m = 0.06;
        if (u > w.u0 + m && u < w.u1 - m && qy > w.v0 + m && qy < w.v1 - m) {
          const cu = (w.u0 + w.u1) / 2;
          const mull = Math.abs(u - cu) < 0.03;
          const cos = Math.max(0, sx * nx + sy * ny + sz * nz);
          if (!mull) l += 1.1 * cos;
        }
      }
    }
    return l;
  }

  /** Darkening toward the edges where two surfaces meet. */
  const corner = (d: number) => 1 - 0.38 * Math.exp(-d / 0.22);

  function surfaceColor(h: Hit, px: number, py: number, pz: number, x: number, y: number, z: number, out: Rgb): Rgb {
    if (h.surface === 0) {
      floorAlbedo(px, pz, out);
      let ao = corner(hw - Math.abs(px)) * corner(hd - Math.abs(pz));
      for (const b of blocks) {
        const dx = Math.max(b.min[0] - px, 0, px - b.max[0]);
        const dz = Math.max(b.min[2] - pz, 0, pz - b.max[2]);
        const d2 = dx * dx + dz * dz;
        if (d2 > 2.5) continue;
        const d = Math.sqrt(d2);
        ao *= 1 - (b.min[1] < 0.05 ? 0.45 : 0.5) * Math.exp(-d / (b.min[1] < 0.05 ? 0.12 : 0.35));
      }
      for (const b of balls) {
        const d = Math.max(0, Math.sqrt((px - b.center[0]) ** 2 + (pz - b.center[2]) ** 2) - b.radius * 0.5);
        ao *= 1 - 0.5 * Math.exp(-d / (0.3 + b.center[1] * 0.3));
      }
      const l = light(px, 0, pz, 0, 1, 0) * ao;
      out[0] *= l;
      out[1] *= l;
      out[2] *= l;
      if (spec.floor === 'tiles' || spec.floor === 'concrete') {
        // Glossy floor: the lamps' reflections.
        const gloss = spec.floor === 'tiles' ? 0.3 : 0.18;
        const t = (H - py) / -y;
        const rx = px + x * t;
        const rz = pz + z * t;
        let g = 0;
        for (const m of lamps) g += Math.exp(-((rx - m[0]) ** 2 + (rz - m[2]) ** 2) * 9);
        out[0] += g * gloss;
        out[1] += g * gloss;
        out[2] += g * gloss * 0.95;
      }
      return out;
    }
    if (h.surface === 1) {
      set(out, white[0], white[1], white[2]);
      for (const m of lamps) {
        const dx = Math.abs(px - m[0]);
        const dz = Math.abs(pz - m[2]);
        if (
          spec.ceiling === 'panels'
            ? dx < 0.6 && dz < 0.3
            : spec.ceiling === 'skylight'
              ? dx < 1.0 && dz < 0.6
              : Math.sqrt(dx ** 2 + dz ** 2) < 0.09
        )
          return set(out, 4, 3.9, 3.6);
        if (spec.ceiling !== 'downlights' && dx < 0.66 && dz < 0.36 && spec.ceiling === 'panels') return set(out, 0.4, 0.4, 0.4);
      }
      const l = (0.42 + light(px, py, pz, 0, -1, 0) * 0.35) * corner(hw - Math.abs(px)) * corner(hd - Math.abs(pz));
      out[0] *= l;
      out[1] *= l;
      out[2] *= l;
      return out;
    }
    if (h.surface === 3) {
      const b = blocks[h.index]!;
      if (b.material === 'glow') return set(out, b.c[0] * 3, b.c[1] * 3, b.c[2] * 3);
      set(out, b.c[0], b.c[1], b.c[2]);
      if (b.material === 'wood') {
        const g = 0.8 + 0.3 * grain.sample((px + pz) * 0.3, py * 4 + (h.ny !== 0 ? pz * 3 : 0));
        out[0] *= g;
        out[1] *= g;
        out[2] *= g;
      } else if (b.material === 'fabric') {
        const g = 0.85 + 0.2 * tex.sample(px * 3 + pz * 3, py * 3);
        out[0] *= g;
        out[1] *= g;
        out[2] *= g;
      }
      // Edges of the block a little darker (bevel), so its shape reads.
      const ex = Math.min(px - b.min[0], b.max[0] - px);
      const ey = Math.min(py - b.min[1], b.max[1] - py);
      const ez = Math.min(pz - b.min[2], b.max[2] - pz);
      const edge = h.nx !== 0 ? Math.min(ey, ez) : h.ny !== 0 ? Math.min(ex, ez) : Math.min(ex, ey);
      const l =
        light(px, py, pz, h.nx, h.ny, h.nz) * (0.85 + 0.15 * smoothstep(0, 0.02, edge)) * (py < 0.3 ? corner(py + 0.05) : 1);
      out[0] *= l;
      out[1] *= l;
      out[2] *= l;
      return out;
    }
    if (h.surface === 4) {
      const b = balls[h.index]!;
      const l = light(px, py, pz, h.nx, h.ny, h.nz);
      set(out, b.c[0] * l, b.c[1] * l, b.c[2] * l);
      // Specular highlight of the nearest lamp and a faint rim.
      for (const m of lamps) {
        const lx2 = m[0] - px;
        const ly2 = m[1] - py;
        const lz2 = m[2] - pz;
        const ll = Math.sqrt(lx2 * lx2 + ly2 * ly2 + lz2 * lz2);
        const hx = lx2 / ll - x;
        const hy = ly2 / ll - y;
        const hz = lz2 / ll - z;
        const hl = Math.sqrt(hx * hx + hy * hy + hz * hz);
        const s = Math.max(0, (hx * h.nx + hy * h.ny + hz * h.nz) / hl) ** 60;
        out[0] += s * 0.8;
        out[1] += s * 0.8;
        out[2] += s * 0.8;
      }
      return out;
    }
    // Walls.
    const w = h.wall;
    const u = wallU(w, px, pz);
    const v = py;
    const len = wallLength(w);
    const base = w === 'N' ? accent : wallC;
    set(out, base[0], base[1], base[2]);
    const n = 0.96 + 0.06 * tex.sample(u * 0.5, v * 0.5);
    out[0] *= n;
    out[1] *= n;
    out[2] *= n;
    let emissive = false;
    let washer = 0;
    for (const f of features) {
      if (f.wall !== w) continue;
      if (f.spot) {
        const cu = (f.u0 + f.u1) / 2;
        const cv = (f.v0 + f.v1) / 2 + 0.2;
        const rw = (f.u1 - f.u0) * 0.9;
        washer += 0.7 * Math.exp(-(((u - cu) / rw) ** 2) - ((v - cv) / 1.1) ** 2);
      }
      if (u < f.u0 || u > f.u1 || v < f.v0 || v > f.v1) continue;
      const du = Math.min(u - f.u0, f.u1 - u);
      const dv = Math.min(v - f.v0, f.v1 - v);
      const edge = Math.min(du, dv);
      if (f.kind === 'window') {
        const cu = (f.u0 + f.u1) / 2;
        const frameW = 0.06;
        if (edge < frameW || Math.abs(u - cu) < 0.03 || Math.abs(v - (f.v0 + (f.v1 - f.v0) * 0.62)) < 0.025) {
          set(out, 0.82, 0.82, 0.8);
        } else {
          // The view outside, seen through slightly tinted glass.
          spec.outside.shade(x, y, z, out);
          const k = spec.outside.exposure * 0.92;
          out[0] *= k;
          out[1] *= k * 1.01;
          out[2] *= k * 1.03;
          emissive = true;
        }
      } else if (f.kind === 'door') {
        if (edge < 0.07) set(out, f.fc[0] * 0.8, f.fc[1] * 0.8, f.fc[2] * 0.8);
        else {
          set(out, f.fc[0], f.fc[1], f.fc[2]);
          const g = 0.85 + 0.25 * grain.sample(u * 0.4, v * 3);
          out[0] *= g;
          out[1] *= g;
          out[2] *= g;
          // Two recessed panels.
          const iu = u - f.u0;
          const iw = f.u1 - f.u0;
          const inPanel = iu > 0.18 && iu < iw - 0.18 && ((v > 0.25 && v < 0.95) || (v > 1.15 && v < f.v1 - 0.2));
          const onEdge =
            inPanel &&
            (Math.abs(iu - 0.18) < 0.02 ||
              Math.abs(iu - (iw - 0.18)) < 0.02 ||
              Math.abs(v - 0.25) < 0.02 ||
              Math.abs(v - 0.95) < 0.02 ||
              Math.abs(v - 1.15) < 0.02 ||
              Math.abs(v - (f.v1 - 0.2)) < 0.02);
          if (onEdge) {
            out[0] *= 0.6;
            out[1] *= 0.6;
            out[2] *= 0.6;
          }
          if (Math.sqrt((iu - (iw - 0.1)) ** 2 + (v - 1.0) ** 2) < 0.035) set(out, 0.75, 0.65, 0.35);
        }
      } else if (f.kind === 'frame') {
        const moulding = 0.05;
        const mat = 0.07;
        if (edge < moulding) {
          const bevel = 0.7 + 0.6 * (edge / moulding);
          set(out, f.fc[0] * bevel, f.fc[1] * bevel, f.fc[2] * bevel);
        } else if (edge < moulding + mat && f.art?.style !== 'ink') {
          set(out, 0.86, 0.85, 0.82);
        } else if (f.artShader) {
          const inset = f.art?.style === 'ink' ? moulding : moulding + mat;
          f.artShader.shade((u - f.u0 - inset) / (f.u1 - f.u0 - 2 * inset), (f.v1 - inset - v) / (f.v1 - f.v0 - 2 * inset), out);
        }
      } else if (f.kind === 'blackboard') {
        if (edge < 0.05) set(out, 0.28, 0.18, 0.1);
        else {
          set(out, 0.025, 0.06, 0.04);
          const s = 0.9 + 0.25 * tex.sample(u * 0.8, v * 0.8);
          out[0] *= s;
          out[1] *= s;
          out[2] *= s;
          out[0] += chalk(u - f.u0, f.v1 - v, seed) * 0.55;
          out[1] += chalk(u - f.u0, f.v1 - v, seed) * 0.57;
          out[2] += chalk(u - f.u0, f.v1 - v, seed) * 0.55;
        }
      } else if (f.kind === 'screen') {
        if (edge < 0.03) set(out, 0.02, 0.02, 0.02);
        else {
          const su = (u - f.u0) / (f.u1 - f.u0);
          const sv = (f.v1 - v) / (f.v1 - f.v0);
          set(out, 0.05 + 0.5 * su, 0.15 + 0.3 * (1 - sv), 0.6 + 0.2 * sv);
          const ring = Math.abs(Math.hypot(su - 0.5, (sv - 0.5) * 0.6) - 0.18);
          if (ring < 0.012) set(out, 1.6, 1.6, 1.6);
          emissive = true;
        }
      }
    }
    if (emissive) return out;
    // Skirting board.
    if (v < 0.1) set(out, white[0] * 0.9, white[1] * 0.9, white[2] * 0.9);
    const ao = corner(v) * corner(H - v) * corner(u) * corner(len - u);
    const l = (light(px, py, pz, h.nx, h.ny, h.nz) + washer) * ao;
    out[0] *= l;
    out[1] *= l;
    out[2] *= l;
    return out;
  }

  function floorAlbedo(px: number, pz: number, out: Rgb): Rgb {
    set(out, floorC[0], floorC[1], floorC[2]);
    if (spec.floor === 'wood') {
      const row = Math.floor(pz / 0.19);
      const shift = (hash4(row, seed) % 100) / 100;
      const along = px / 1.4 + shift;
      const plank = Math.floor(along);
      const hv = hash4(row, plank, seed);
      const tone = 0.8 + ((hv % 1000) / 1000) * 0.35;
      const g = 0.85 + 0.3 * grain.sample(px * 0.25, pz * 2.6 + (hv % 7));
      let k = tone * g;
      const fz = pz / 0.19 - row;
      const fx = along - plank;
      if (fz < 0.03 || fx < 0.006) k *= 0.55;
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
    } else if (spec.floor === 'tiles') {
      const fx = (px + 100) / 0.8;
      const fz = (pz + 100) / 0.8;
      const gx = fx - Math.floor(fx);
      const gz = fz - Math.floor(fz);
      const k = gx < 0.012 || gz < 0.012 ? 0.7 : 0.94 + 0.06 * tex.sample(px * 0.3, pz * 0.3);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
    } else if (spec.floor === 'concrete') {
      const k = 0.82 + 0.3 * tex.sample(px * 0.15, pz * 0.15) + 0.08 * grain.sample(px * 1.5, pz * 1.5);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
    } else {
      const k = 0.85 + 0.2 * grain.sample(px * 4, pz * 4);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
    }
    return out;
  }

  return {
    exposure: spec.exposure ?? 1.1,
    setTime(t) {
      spec.outside.setTime?.(t);
    },
    shade(x, y, z, out) {
      const h = trace(x, y, z);
      const px = ox + x * h.t;
      const py = oy + y * h.t;
      const pz = oz + z * h.t;
      surfaceColor(h, px, py, pz, x, y, z, out);
      mixInto(out, out, tmp, 0);
      return out;
    },
  };
}

function set3(h: Hit, x: number, y: number, z: number) {
  h.nx = x;
  h.ny = y;
  h.nz = z;
}

/** Chalk writing on a blackboard: lines of short strokes (words) and a circle with a diameter. */
function chalk(u: number, v: number, seed: number): number {
  // A diagram on the right part: a circle.
  const c = Math.abs(Math.sqrt((u - 2.9) ** 2 + (v - 0.55) ** 2) - 0.32);
  let s = c < 0.012 ? 0.9 : 0;
  if (Math.abs(v - 0.55) < 0.008 && Math.abs(u - 2.9) < 0.32) s = 0.9;
  // Lines of text on the left.
  const line = Math.floor((v - 0.18) / 0.17);
  if (line >= 0 && line < 5 && u > 0.25 && u < 2.3) {
    const fv = (v - 0.18) / 0.17 - line;
    const word = Math.floor((u - 0.25) / 0.22);
    const hw = hash4(line, word, seed);
    const lineLen = 4 + (hash4(line, seed) % 6);
    if (word < lineLen && hw % 5 !== 0 && fv > 0.3 && fv < 0.62) {
      const fu = ((u - 0.25) / 0.22 - word) * 8;
      // Letters: bumps of a stroke height by position.
      const letter = Math.floor(fu);
      const hl = hash4(line, word, letter, seed);
      const top = 0.3 + ((hl % 100) / 100) * 0.2;
      if (fu - letter < 0.55 && fv > top && fu < 7.2) s = Math.max(s, 0.7 * clamp(1 - Math.abs(fu - letter - 0.27) * 3));
    }
  }
  return s;
}
