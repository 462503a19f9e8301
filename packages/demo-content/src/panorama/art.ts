import { clamp, encode, hex, mixInto, type Rgb, set, smoothstep } from './color';
import { AngleTable, fbmAngle, hash4, NoiseTexture, rng } from './noise';
import type { RawImage } from './render';

/** Styles of the generated artworks hung in the galleries (and shown full size by their image hotspots). */
export const ART_STYLES = ['ink', 'landscape', 'abstract', 'geometric'] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

export interface Art {
  /** Linear colour at (u, v) ∈ [0, 1]² (v down). */
  shade(u: number, v: number, out: Rgb): Rgb;
}

const PALETTES = [
  ['#e63946', '#f1faee', '#a8dadc', '#457b9d', '#1d3557'],
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#0b132b', '#1c2541', '#3a506b', '#5bc0be', '#f6f7eb'],
  ['#5f0f40', '#9a031e', '#fb8b24', '#e36414', '#0f4c5c'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
] as const;

/** An artwork of a style; `seed` varies composition and colours. */
export function createArt(style: ArtStyle, seed: number): Art {
  const r = rng(seed);
  const tex = new NoiseTexture(128, 4, seed, 5);
  if (style === 'ink') {
    // Shan shui: layered misty mountains in ink washes on warm paper, a red seal.
    const layers = [0, 1, 2].map((i) => ({
      t: new AngleTable(512, (a) => fbmAngle(a, 1.5 + i * 1.2, seed + i * 7, 6)),
      base: 0.35 + i * 0.17,
      amp: 0.35 - i * 0.08,
      ink: 0.55 - i * 0.15,
    }));
    const paper = hex('#efe4cc');
    const sealX = 0.12 + r() * 0.7;
    return {
      shade(u, v, out) {
        set(out, paper[0], paper[1], paper[2]);
        const grain = 0.94 + 0.08 * tex.sample(u * 6, v * 6);
        out[0] *= grain;
        out[1] *= grain;
        out[2] *= grain;
        for (const l of layers) {
          const top = l.base + l.amp * (0.5 - l.t.at(u * Math.PI - Math.PI / 2));
          if (v > top) {
            // Ink is darkest at the ridge and washes out downwards, into mist.
            const depth = v - top;
            const wash = l.ink * (0.5 + 0.5 * Math.exp(-depth * 9)) * (0.6 + 0.5 * tex.sample(u * 3 + l.base, v * 8));
            const mist = smoothstep(0.15, 0.32, depth) * 0.75;
            const k = clamp(wash * (1 - mist));
            mixInto(out, out, [0.03, 0.03, 0.035], k);
          }
        }
        if (Math.abs(u - sealX) < 0.035 && Math.abs(v - 0.12) < 0.05) mixInto(out, out, hex('#b3261e'), 0.85);
        return out;
      },
    };
  }
  const pal = (PALETTES[Math.floor(r() * PALETTES.length)] ?? PALETTES[0]).map(hex);
  if (style === 'landscape') {
    const ridge = new AngleTable(512, (a) => fbmAngle(a, 2, seed + 3, 6));
    const skyA = pal[4] ?? pal[0]!;
    const skyB = pal[2] ?? pal[0]!;
    const land = pal[0]!;
    const sunX = 0.2 + r() * 0.6;
    return {
      shade(u, v, out) {
        mixInto(out, skyB, skyA, clamp(v * 1.6));
        const d = Math.hypot(u - sunX, (v - 0.3) * 1.3);
        if (d < 0.08) mixInto(out, out, [1, 0.9, 0.7], smoothstep(0.08, 0.07, d));
        const top = 0.5 + 0.25 * (0.5 - ridge.at(u * Math.PI * 1.5));
        if (v > top) mixInto(out, land, pal[1] ?? land, clamp((v - top) * 2 + 0.3 * tex.sample(u * 4, v * 4)));
        const brush = 0.9 + 0.2 * tex.sample(u * 10, v * 2);
        out[0] *= brush;
        out[1] *= brush;
        out[2] *= brush;
        return out;
      },
    };
  }
  if (style === 'abstract') {
    return {
      shade(u, v, out) {
        const n = tex.sample(u * 1.3, v * 1.3);
        const m = tex.sample(u * 2.7 + 0.3, v * 2.1 + 0.6);
        const i = Math.min(pal.length - 1, Math.floor(clamp(n * 1.2 - 0.1) * pal.length));
        const j = (i + 1) % pal.length;
        return mixInto(out, pal[i]!, pal[j]!, smoothstep(0.3, 0.7, m));
      },
    };
  }
  // Geometric: circles and bars on a plain ground (Bauhaus poster).
  const shapes = Array.from({ length: 7 }, () => ({
    kind: r() < 0.5 ? 'circle' : 'bar',
    x: r(),
    y: r(),
    s: 0.08 + r() * 0.25,
    c: pal[1 + Math.floor(r() * (pal.length - 1))] ?? pal[0]!,
  }));
  const ground = pal[0]!;
  return {
    shade(u, v, out) {
      set(out, ground[0], ground[1], ground[2]);
      for (const s of shapes) {
        const inside =
          s.kind === 'circle' ? Math.hypot(u - s.x, v - s.y) < s.s : Math.abs(u - s.x) < s.s && Math.abs(v - s.y) < s.s * 0.18;
        if (inside) set(out, s.c[0], s.c[1], s.c[2]);
      }
      const k = 0.95 + 0.08 * tex.sample(u * 5, v * 5);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
      return out;
    },
  };
}

/** Renders an artwork to raw RGB pixels (hotspot images, posters). */
export function renderArt(style: ArtStyle, seed: number, width: number, height: number): RawImage {
  const art = createArt(style, seed);
  const data = Buffer.alloc(width * height * 3);
  const c: Rgb = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      art.shade((x + 0.5) / width, (y + 0.5) / height, c);
      const o = (y * width + x) * 3;
      data[o] = encode(c[0], 1);
      data[o + 1] = encode(c[1], 1);
      data[o + 2] = encode(c[2], 1);
    }
  }
  return { data, width, height };
}

/** A stable style for an index (so a wall of frames mixes styles). */
export const artStyleOf = (i: number, seed: number): ArtStyle => ART_STYLES[hash4(i, seed) % ART_STYLES.length] ?? 'abstract';
