import { describe, expect, it } from 'vitest';
import { earlyCanvasSize, fovOfZoom, panoramaPointAt, renderPerspective } from './perspective';

describe('fovOfZoom', () => {
  it("is Photo Sphere Viewer's vertical field of view: 90° at zoom 0, 60° at 50, 30° at 100, clamped", () => {
    expect(fovOfZoom(0)).toBe(90);
    expect(fovOfZoom(50)).toBe(60);
    expect(fovOfZoom(100)).toBe(30);
    expect(fovOfZoom(250)).toBe(30);
    expect(fovOfZoom(Number.NaN)).toBe(60);
  });
});

describe('panoramaPointAt', () => {
  const view = { yaw: 0, pitch: 0, zoom: 50 };
  it('looks at the middle of the panorama at yaw 0, to the right as yaw grows, up as pitch grows', () => {
    expect(panoramaPointAt(0, 0, view, 1.5)).toEqual({ u: 0.5, v: 0.5 });
    const right = panoramaPointAt(0, 0, { ...view, yaw: Math.PI / 2 }, 1.5);
    expect(right.u).toBeCloseTo(0.75, 6);
    expect(right.v).toBeCloseTo(0.5, 6);
    const up = panoramaPointAt(0, 0, { ...view, pitch: Math.PI / 4 }, 1.5);
    expect(up.u).toBeCloseTo(0.5, 6);
    expect(up.v).toBeCloseTo(0.25, 6);
  });

  it('spans the field of view: the top edge is half the vertical angle up, the right edge half the horizontal', () => {
    // zoom 50: 60° vertical; on a square picture the horizontal is 60° too
    expect(panoramaPointAt(0, 1, view, 1).v).toBeCloseTo(0.5 - 30 / 180, 6);
    expect(panoramaPointAt(1, 0, view, 1).u).toBeCloseTo(0.5 + 30 / 360, 6);
    expect(panoramaPointAt(-1, 0, view, 1).u).toBeCloseTo(0.5 - 30 / 360, 6);
  });
});

describe('renderPerspective', () => {
  // a smooth source: red grows with u, green with v (so a sample tells where it was taken)
  const sw = 256;
  const sh = 128;
  const source = { width: sw, height: sh, data: new Uint8ClampedArray(sw * sh * 4) };
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const o = (y * sw + x) * 4;
      source.data[o] = Math.round((x / (sw - 1)) * 255);
      source.data[o + 1] = Math.round((y / (sh - 1)) * 255);
      source.data[o + 2] = 40;
      source.data[o + 3] = 255;
    }

  it('draws every pixel from the panorama point its ray meets (same camera as panoramaPointAt)', () => {
    const w = 60;
    const h = 40;
    const out = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
    const view = { yaw: -0.7, pitch: 0.3, zoom: 35 };
    renderPerspective(source, out, view);
    for (const [i, j] of [
      [0, 0],
      [30, 20],
      [59, 39],
      [10, 33],
    ] as const) {
      const p = panoramaPointAt((2 * (i + 0.5)) / w - 1, 1 - (2 * (j + 0.5)) / h, view, w / h);
      const o = (j * w + i) * 4;
      expect(Math.abs(out.data[o]! - p.u * 255), `red at ${i},${j}`).toBeLessThan(4);
      expect(Math.abs(out.data[o + 1]! - p.v * 255), `green at ${i},${j}`).toBeLessThan(4);
      expect(out.data[o + 2]).toBe(40);
      expect(out.data[o + 3]).toBe(255);
    }
  });

  it('wraps around behind the viewer instead of reading outside the picture', () => {
    const out = { width: 8, height: 4, data: new Uint8ClampedArray(8 * 4 * 4) };
    renderPerspective(source, out, { yaw: Math.PI, pitch: 0, zoom: 0 });
    for (let k = 0; k < out.data.length; k += 4) {
      expect(Number.isNaN(out.data[k])).toBe(false);
      expect(out.data[k + 3]).toBe(255);
    }
    // straight behind: the seam, where red jumps from 255 (right edge) to 0 (left edge)
    const reds = Array.from({ length: 8 }, (_, i) => out.data[(1 * 8 + i) * 4]!);
    expect(Math.max(...reds)).toBeGreaterThan(200);
    expect(Math.min(...reds)).toBeLessThan(60);
  });
});

describe('earlyCanvasSize', () => {
  it('gives about two canvas pixels per panorama pixel across the view, at most half the CSS size', () => {
    // 512 px preview, zoom 50 on 1440 × 768: ~95° across the view, ~134 preview pixels, so ~269 canvas pixels
    const small = earlyCanvasSize(1440, 768, 512, 50);
    expect(small.width).toBeGreaterThan(260);
    expect(small.width).toBeLessThan(280);
    expect(small.width / small.height).toBeCloseTo(1440 / 768, 1);
    // a 2048 px preview has more detail than half the screen can show: half the CSS size
    expect(earlyCanvasSize(1440, 768, 2048, 50)).toEqual({ width: 720, height: 384 });
    expect(earlyCanvasSize(0, 768, 512, 50)).toEqual({ width: 1, height: 1 });
  });
});
