import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderArt } from './art';
import { generateMedia } from './generate';
import { ambientWav } from './media';
import { PANORAMA_NAMES, PANORAMAS } from './presets';
import { type RawImage, rectilinear, renderEquirect } from './render';

const luma = (img: RawImage, x: number, y: number) => {
  const o = (y * img.width + x) * 3;
  return 0.2126 * img.data[o]! + 0.7152 * img.data[o + 1]! + 0.0722 * img.data[o + 2]!;
};

function stats(img: RawImage, y0 = 0, y1 = img.height) {
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < img.width; x++) {
      const l = luma(img, x, y);
      sum += l;
      sq += l * l;
      n++;
    }
  const mean = sum / n;
  return { mean, variance: sq / n - mean * mean };
}

/** Mean absolute difference between horizontal neighbours: structure (edges, texture) rather than a gradient. */
function detail(img: RawImage) {
  let d = 0;
  for (let y = 0; y < img.height; y++) for (let x = 1; x < img.width; x++) d += Math.abs(luma(img, x, y) - luma(img, x - 1, y));
  return d / (img.height * (img.width - 1));
}

describe('panorama generator', () => {
  const rendered = new Map<string, RawImage>();
  const get = (name: (typeof PANORAMA_NAMES)[number]) => {
    let img = rendered.get(name);
    if (!img) {
      img = renderEquirect(PANORAMAS[name].scene(), 256, 1);
      rendered.set(name, img);
    }
    return img;
  };

  it.each(PANORAMA_NAMES)('%s is 2:1, varied and structured', (name) => {
    const img = get(name);
    expect(img.width).toBe(256);
    expect(img.height).toBe(128);
    expect(img.data.length).toBe(256 * 128 * 3);
    // Not a flat colour: luminance spreads, and neighbouring pixels differ (texture, edges).
    expect(stats(img).variance).toBeGreaterThan(60);
    expect(detail(img)).toBeGreaterThan(0.8);
    // Seamless at ±180°: the first and last columns are close.
    let seam = 0;
    for (let y = 0; y < img.height; y++) seam += Math.abs(luma(img, 0, y) - luma(img, img.width - 1, y));
    expect(seam / img.height).toBeLessThan(25);
  });

  it('puts a horizon in the outdoor scenes: sky above differs from ground or water below', () => {
    for (const name of ['alpine-lake', 'meadow-day', 'sunset-sea', 'beach', 'night-harbour', 'dusk-hills'] as const) {
      const img = get(name);
      const up = stats(img, 8, 56);
      const down = stats(img, 72, 120);
      expect(Math.abs(up.mean - down.mean) + Math.abs(up.variance - down.variance) / 50, name).toBeGreaterThan(8);
    }
  });

  it('draws straight room edges in interiors: the ceiling is lighter than the floor', () => {
    for (const name of ['living-room', 'classroom', 'gallery-hall', 'showroom'] as const) {
      const img = get(name);
      expect(stats(img, 0, 20).mean, name).toBeGreaterThan(stats(img, 108, 128).mean);
    }
  });

  it('names spots that point at what they say (hotspots land on the blackboard, the window, the screen)', () => {
    const at = (img: RawImage, yaw: number, pitch: number) => {
      const x = Math.floor((yaw / (Math.PI * 2) + 0.5) * img.width) % img.width;
      const y = Math.floor((0.5 - pitch / Math.PI) * img.height);
      const o = (y * img.width + x) * 3;
      return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
    };
    const board = at(get('classroom'), PANORAMAS.classroom.spots.board!.yaw, PANORAMAS.classroom.spots.board!.pitch);
    expect(board[0]! + board[1]! + board[2]!).toBeLessThan(150);
    const wall = at(get('classroom'), PANORAMAS.classroom.spots.board!.yaw, PANORAMAS.classroom.spots.board!.pitch + 0.45);
    expect(wall[0]! + wall[1]! + wall[2]!).toBeGreaterThan(board[0]! + board[1]! + board[2]! + 100);
    const win = at(get('living-room'), PANORAMAS['living-room'].spots.window!.yaw, PANORAMAS['living-room'].spots.window!.pitch);
    expect(win[2]!).toBeGreaterThan(120);
    const screen = at(get('showroom'), PANORAMAS.showroom.spots.screen!.yaw, PANORAMAS.showroom.spots.screen!.pitch);
    expect(screen[2]!).toBeGreaterThan(150);
  });

  it('crops a flat perspective view that looks where it is told', () => {
    // A synthetic panorama whose red channel encodes the yaw and green the pitch.
    const W = 512;
    const H = 256;
    const data = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        data[(y * W + x) * 3] = Math.round((x / W) * 255);
        data[(y * W + x) * 3 + 1] = Math.round((y / H) * 255);
      }
    const src = { data, width: W, height: H };
    const view = rectilinear(src, { yaw: Math.PI / 2, pitch: 0, fov: 1.2 }, 64, 36);
    const centre = (18 * 64 + 32) * 3;
    // yaw π/2 is three quarters across; pitch 0 is half-way down.
    expect(view.data[centre]! / 255).toBeCloseTo(0.75, 1);
    expect(view.data[centre + 1]! / 255).toBeCloseTo(0.5, 1);
    // Lines of constant yaw stay vertical in the middle of a level view.
    const top = (2 * 64 + 32) * 3;
    expect(Math.abs(view.data[top]! - view.data[centre]!)).toBeLessThanOrEqual(2);
    // Looking down, the lower rows are further down the panorama.
    const down = rectilinear(src, { yaw: 0, pitch: -0.8, fov: 1.2 }, 64, 36);
    expect(down.data[(30 * 64 + 32) * 3 + 1]!).toBeGreaterThan(down.data[(5 * 64 + 32) * 3 + 1]!);
  });

  it('encodes panoramas that sharp reads back as 2:1 JPEGs', async () => {
    const img = get('classroom');
    const jpg = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
      .jpeg()
      .toBuffer();
    const meta = await sharp(jpg).metadata();
    expect(meta.width! / meta.height!).toBe(2);
  });

  it('renders artworks that are not flat', () => {
    for (const style of ['ink', 'landscape', 'abstract', 'geometric'] as const) {
      expect(stats(renderArt(style, 3, 96, 128)).variance, style).toBeGreaterThan(20);
    }
  });

  it('writes an ambient sound as a valid, non-silent WAV', () => {
    const wav = ambientWav(2, 1, 8000);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(40)).toBe(2 * 8000 * 2);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(3000);
  });

  it('skips a video when no ffmpeg binary is given, and says why', async () => {
    const task = { kind: 'video', name: 'beach', width: 64, seconds: 1, fps: 2, outPath: '/nonexistent/v.mp4' } as const;
    const r = await generateMedia(task, null);
    expect([r.files, r.skipped]).toEqual([[], 'no ffmpeg binary']);
  });
});
