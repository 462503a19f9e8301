/**
 * Deterministic noise for the generated demo media: integer hashing, value noise in 2D and 3D and fractal sums
 * (fbm) of them. Sampling 3D noise on unit direction vectors gives panoramas without a seam at ±180° and without
 * pinching at the poles.
 */

/** A 32-bit integer hash of up to four integers (xxHash-like avalanche). */
export function hash4(a: number, b: number, c = 0, d = 0): number {
  let h =
    Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1) ^ Math.imul(d | 0, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A hash as a float in [0, 1). */
export const rand = (a: number, b: number, c = 0, d = 0) => hash4(a, b, c, d) / 4294967296;

/** A small seeded pseudo-random generator (mulberry32) for layout decisions. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fade = (t: number) => t * t * (3 - 2 * t);

/** Value noise in 2D, in [0, 1]. */
export function noise2(x: number, y: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const u = fade(x - xi);
  const v = fade(y - yi);
  const a = rand(xi, yi, seed);
  const b = rand(xi + 1, yi, seed);
  const c = rand(xi, yi + 1, seed);
  const d = rand(xi + 1, yi + 1, seed);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Value noise in 3D, in [0, 1]. */
export function noise3(x: number, y: number, z: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const zi = Math.floor(z);
  const u = fade(x - xi);
  const v = fade(y - yi);
  const w = fade(z - zi);
  const c000 = rand(xi, yi, zi, seed);
  const c100 = rand(xi + 1, yi, zi, seed);
  const c010 = rand(xi, yi + 1, zi, seed);
  const c110 = rand(xi + 1, yi + 1, zi, seed);
  const c001 = rand(xi, yi, zi + 1, seed);
  const c101 = rand(xi + 1, yi, zi + 1, seed);
  const c011 = rand(xi, yi + 1, zi + 1, seed);
  const c111 = rand(xi + 1, yi + 1, zi + 1, seed);
  const x00 = c000 + (c100 - c000) * u;
  const x10 = c010 + (c110 - c010) * u;
  const x01 = c001 + (c101 - c001) * u;
  const x11 = c011 + (c111 - c011) * u;
  const y0 = x00 + (x10 - x00) * v;
  const y1 = x01 + (x11 - x01) * v;
  return y0 + (y1 - y0) * w;
}

/** Fractal 2D value noise, normalised to [0, 1]. */
export function fbm2(x: number, y: number, seed: number, octaves = 5): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = 1;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise2(x * f + i * 17.3, y * f - i * 9.1, seed + i);
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

/** Fractal 3D value noise, normalised to [0, 1]. */
export function fbm3(x: number, y: number, z: number, seed: number, octaves = 5): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = 1;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise3(x * f + i * 17.3, y * f - i * 9.1, z * f + i * 5.7, seed + i);
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

/**
 * Seamless fractal noise of an angle (radians), e.g. a mountain ridge as a function of yaw: 2D noise sampled on a
 * circle, so the value at −π equals the value at π.
 */
export function fbmAngle(angle: number, scale: number, seed: number, octaves = 5): number {
  return fbm2(Math.cos(angle) * scale + 100, Math.sin(angle) * scale + 100, seed, octaves);
}

/** Value noise whose lattice wraps every `period` cells in x and y (so the texture tiles). */
function periodicNoise2(x: number, y: number, period: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const u = fade(x - xi);
  const v = fade(y - yi);
  const x0 = ((xi % period) + period) % period;
  const y0 = ((yi % period) + period) % period;
  const x1 = (x0 + 1) % period;
  const y1 = (y0 + 1) % period;
  const a = rand(x0, y0, seed);
  const b = rand(x1, y0, seed);
  const c = rand(x0, y1, seed);
  const d = rand(x1, y1, seed);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/**
 * A tileable fractal noise texture (`size × size`, values stretched to [0, 1]) with `period` noise cells across at
 * the first octave. Sampling a texture is far cheaper than evaluating fbm per pixel of a 4096 × 2048 panorama.
 */
export class NoiseTexture {
  readonly data: Float32Array;
  constructor(
    readonly size: number,
    period: number,
    seed: number,
    octaves = 6,
  ) {
    const data = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        let sum = 0;
        let amp = 0.5;
        let p = period;
        for (let o = 0; o < octaves; o++) {
          sum += amp * periodicNoise2((x / size) * p, (y / size) * p, p, seed + o * 101);
          amp *= 0.5;
          p *= 2;
        }
        data[y * size + x] = sum;
      }
    }
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const v of data) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    for (let i = 0; i < data.length; i++) data[i] = (data[i]! - lo) / (hi - lo || 1);
    this.data = data;
  }

  /** Bilinear sample at texture coordinates (1 = one tile), wrapping. */
  sample(u: number, v: number): number {
    const s = this.size;
    const x = (u - Math.floor(u)) * s;
    const y = (v - Math.floor(v)) * s;
    // u - floor(u) rounds to 1 for tiny negative u.
    const x0 = x >= s ? 0 : x | 0;
    const y0 = y >= s ? 0 : y | 0;
    const fx = x - x0;
    const fy = y - y0;
    const x1 = x0 + 1 === s ? 0 : x0 + 1;
    const y1 = y0 + 1 === s ? 0 : y0 + 1;
    const d = this.data;
    const a = d[y0 * s + x0]!;
    const b = d[y0 * s + x1]!;
    const c = d[y1 * s + x0]!;
    const e = d[y1 * s + x1]!;
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + e) * fx * fy;
  }
}

/** A seamless function of the yaw angle tabulated at `n` points (ridges, skylines), read with linear interpolation. */
export class AngleTable {
  private readonly values: Float32Array;
  constructor(
    private readonly n: number,
    fn: (yaw: number) => number,
  ) {
    this.values = new Float32Array(n + 1);
    for (let i = 0; i <= n; i++) this.values[i] = fn((i / n) * Math.PI * 2 - Math.PI);
  }

  at(yaw: number): number {
    let f = ((yaw + Math.PI) / (Math.PI * 2)) * this.n;
    f = ((f % this.n) + this.n) % this.n;
    const i = f | 0;
    const t = f - i;
    return this.values[i]! * (1 - t) + this.values[i + 1]! * t;
  }
}
