import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { type ArtStyle, renderArt } from './art';
import { rng } from './noise';
import { PANORAMAS, type PanoramaName } from './presets';
import { type CropView, type RawImage, rectilinear, renderEquirect, renderPerspective } from './render';

/** Renders a named panorama at `width × width/2` and writes it as a JPEG; returns the raw pixels too (for crops). */
export async function writePanorama(name: PanoramaName, width: number, outPath: string): Promise<RawImage> {
  const preset = PANORAMAS[name];
  const img = renderEquirect(preset.scene(), width, preset.samples);
  await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality: 88, mozjpeg: true })
    .toFile(outPath);
  return img;
}

/** A flat perspective crop of an equirectangular image, written as a JPEG (covers). */
export async function writeCrop(src: RawImage, view: CropView, width: number, height: number, outPath: string): Promise<void> {
  const img = rectilinear(src, view, width, height);
  await sharp(img.data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 86, mozjpeg: true })
    .toFile(outPath);
}

/** A generated artwork or poster (image hotspots), as a JPEG. */
export async function writeArt(style: ArtStyle, seed: number, width: number, height: number, outPath: string): Promise<void> {
  const img = renderArt(style, seed, width, height);
  await sharp(img.data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toFile(outPath);
}

/**
 * A short ambient sound as a 16-bit mono WAV written sample by sample: brown noise shaped into slow waves (sea or
 * wind), a soft low drone, and a few bird-like chirps (frequency-swept sine bursts). Deterministic for a seed.
 */
export function ambientWav(seconds: number, seed: number, sampleRate = 22050): Buffer {
  const n = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(44 + n * 2);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + n * 2, 4);
  data.write('WAVE', 8);
  data.write('fmt ', 12);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(sampleRate, 24);
  data.writeUInt32LE(sampleRate * 2, 28);
  data.writeUInt16LE(2, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(n * 2, 40);
  const r = rng(seed);
  const chirps = Array.from({ length: Math.max(2, Math.round(seconds / 2)) }, () => ({
    at: r() * (seconds - 0.5),
    f0: 2200 + r() * 1800,
    sweep: 800 + r() * 1500,
    len: 0.08 + r() * 0.12,
    repeats: 1 + Math.floor(r() * 3),
  }));
  let brown = 0;
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    brown = (brown + (r() * 2 - 1) * 0.02) * 0.998;
    lp += (brown - lp) * 0.2;
    // Waves: the noise swells every ~6 s; fade in and out at the ends so a loop does not click.
    const swell = 0.45 + 0.55 * Math.sin((t / 6.3) * Math.PI * 2 + seed) ** 2;
    const edge = Math.min(1, t / 0.5, (seconds - t) / 0.5);
    let s = lp * 6 * swell;
    s += 0.04 * Math.sin(2 * Math.PI * 110 * t) * (0.6 + 0.4 * Math.sin(t * 0.7));
    s += 0.025 * Math.sin(2 * Math.PI * 164.8 * t);
    for (const c of chirps) {
      for (let k = 0; k < c.repeats; k++) {
        const dt = t - c.at - k * (c.len + 0.06);
        if (dt < 0 || dt > c.len) continue;
        const env = Math.sin((Math.PI * dt) / c.len);
        s += 0.18 * env * Math.sin(2 * Math.PI * (c.f0 * dt + (c.sweep * dt * dt) / (2 * c.len)));
      }
    }
    const v = Math.max(-1, Math.min(1, s * edge));
    data.writeInt16LE(Math.round(v * 32000), 44 + i * 2);
  }
  return data;
}

/**
 * A short equirectangular 360° video (or, with `flat`, a flat 16:9 clip) of a panorama whose sky and water move
 * (clouds drift, waves roll): each frame is rendered by code and piped raw to ffmpeg (H.264, yuv420p, faststart MP4
 * that browsers play) by the ffmpeg binary at `bin`. Returns false when there is none.
 */
export async function writePanoramaVideo(
  name: PanoramaName,
  bin: string | null,
  opts: {
    width: number;
    seconds: number;
    fps: number;
    outPath: string;
    /** A flat clip (16:9, looking at `view`) instead of an equirectangular 360° video. */
    flat?: CropView;
    onFrame?: (done: number, total: number) => void;
  },
): Promise<boolean> {
  if (!bin) return false;
  const scene = PANORAMAS[name].scene();
  const W = opts.width;
  const H = opts.flat ? Math.round((W * 9) / 16 / 2) * 2 : W / 2;
  const frames = Math.round(opts.seconds * opts.fps);
  // biome-ignore format: one argument per pair reads better
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(opts.fps), '-i', 'pipe:0',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
    opts.outPath,
  ];
  const child = spawn(bin, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(0, 500)}`)),
    );
  });
  for (let f = 0; f < frames; f++) {
    scene.setTime?.(f / opts.fps);
    const img = opts.flat ? renderPerspective(scene, opts.flat, W, H) : renderEquirect(scene, W, 1);
    if (!child.stdin.write(img.data)) await new Promise((resolve) => child.stdin.once('drain', resolve));
    opts.onFrame?.(f + 1, frames);
  }
  child.stdin.end();
  await done;
  return true;
}
