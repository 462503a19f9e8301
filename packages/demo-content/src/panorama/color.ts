/** Colour helpers of the generated media: colours are linear RGB triples in [0, ∞) until the final tone mapping. */

export type Rgb = [number, number, number];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toSrgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** `#rrggbb` to linear RGB. */
export function hex(h: string): Rgb {
  const n = Number.parseInt(h.slice(1), 16);
  return [toLinear(((n >> 16) & 255) / 255), toLinear(((n >> 8) & 255) / 255), toLinear((n & 255) / 255)];
}

export const clamp = (x: number, lo = 0, hi = 1) => (x < lo ? lo : x > hi ? hi : x);
export const mix = (a: number, b: number, t: number) => a + (b - a) * t;
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** Writes `a + (b - a) * t` into `out`. */
export function mixInto(out: Rgb, a: Rgb, b: Rgb, t: number): Rgb {
  out[0] = a[0] + (b[0] - a[0]) * t;
  out[1] = a[1] + (b[1] - a[1]) * t;
  out[2] = a[2] + (b[2] - a[2]) * t;
  return out;
}

export function set(out: Rgb, r: number, g: number, b: number): Rgb {
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return out;
}

const LUT_SIZE = 4096;
/** sRGB bytes of tone-mapped values 0…1 in LUT_SIZE steps (pow is too slow for 24 million calls). */
const LUT = (() => {
  const t = new Uint8Array(LUT_SIZE + 1);
  for (let i = 0; i <= LUT_SIZE; i++) t[i] = Math.round(toSrgb(i / LUT_SIZE) * 255);
  return t;
})();

/** Linear RGB to an sRGB byte, with a soft shoulder so that bright skies and suns roll off instead of clipping. */
export function encode(c: number, exposure: number): number {
  const v = c * exposure;
  // Reinhard-like shoulder above 0.8 only: mid tones stay exact.
  const t = v < 0.8 ? (v > 0 ? v : 0) : 0.8 + (0.2 * (v - 0.8)) / (0.2 + (v - 0.8));
  return LUT[(t * LUT_SIZE + 0.5) | 0]!;
}
