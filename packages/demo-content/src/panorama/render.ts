import { encode, type Rgb } from './color';
import type { PanoramaScene } from './outdoor';

/** Raw 8-bit RGB pixels. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Renders a scene into an equirectangular image `width × width/2`: column u is the yaw `(u/W − 0.5)·2π` (0 in the
 * middle, positive to the right, as Photo Sphere Viewer shows it), row v the pitch `(0.5 − v/H)·π`. `samples` per
 * axis (2 = 4 rays a pixel) smooths the edges of interiors.
 */
export function renderEquirect(scene: PanoramaScene, width: number, samples = 1): RawImage {
  const W = Math.max(2, Math.round(width / 2) * 2);
  const H = W / 2;
  const data = Buffer.alloc(W * H * 3);
  const c: Rgb = [0, 0, 0];
  const e = scene.exposure;
  const ray = (fu: number, fv: number) => {
    const yaw = (fu / W - 0.5) * Math.PI * 2;
    const pitch = (0.5 - fv / H) * Math.PI;
    const cp = Math.cos(pitch);
    return scene.shade(Math.sin(yaw) * cp, Math.sin(pitch), -Math.cos(yaw) * cp, c);
  };
  // First pass: one ray through each pixel's centre (row trigonometry hoisted).
  const sinYaw = new Float64Array(W);
  const cosYaw = new Float64Array(W);
  for (let u = 0; u < W; u++) {
    const yaw = ((u + 0.5) / W - 0.5) * Math.PI * 2;
    sinYaw[u] = Math.sin(yaw);
    cosYaw[u] = Math.cos(yaw);
  }
  for (let v = 0; v < H; v++) {
    const pitch = (0.5 - (v + 0.5) / H) * Math.PI;
    const cp = Math.cos(pitch);
    const y = Math.sin(pitch);
    for (let u = 0; u < W; u++) {
      scene.shade(sinYaw[u]! * cp, y, -cosYaw[u]! * cp, c);
      const o = (v * W + u) * 3;
      data[o] = encode(c[0], e);
      data[o + 1] = encode(c[1], e);
      data[o + 2] = encode(c[2], e);
    }
  }
  if (samples <= 1) return { data, width: W, height: H };
  // Second pass (adaptive anti-aliasing): pixels that differ from a neighbour are supersampled on a grid.
  const n = samples * samples;
  const edge = new Uint8Array(W * H);
  const diff = (a: number, b: number) =>
    Math.abs(data[a]! - data[b]!) + Math.abs(data[a + 1]! - data[b + 1]!) + Math.abs(data[a + 2]! - data[b + 2]!);
  for (let v = 0; v < H - 1; v++) {
    for (let u = 0; u < W; u++) {
      const o = (v * W + u) * 3;
      const right = (v * W + ((u + 1) % W)) * 3;
      const down = ((v + 1) * W + u) * 3;
      if (diff(o, right) > 24) {
        edge[v * W + u] = 1;
        edge[v * W + ((u + 1) % W)] = 1;
      }
      if (diff(o, down) > 24) {
        edge[v * W + u] = 1;
        edge[(v + 1) * W + u] = 1;
      }
    }
  }
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      if (!edge[v * W + u]) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          ray(u + (sx + 0.5) / samples, v + (sy + 0.5) / samples);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const o = (v * W + u) * 3;
      data[o] = encode(r / n, e);
      data[o + 1] = encode(g / n, e);
      data[o + 2] = encode(b / n, e);
    }
  }
  return { data, width: W, height: H };
}

/** A view for a flat crop: centre direction (radians) and horizontal field of view. */
export interface CropView {
  yaw: number;
  pitch: number;
  /** Horizontal field of view in radians. */
  fov: number;
}

/**
 * A flat (rectilinear) perspective picture of an equirectangular image, as a camera at the centre of the sphere
 * looking at `view` would see it: each output pixel's ray is rotated by pitch then yaw, turned into longitude and
 * latitude, and sampled bilinearly (wrapping around in longitude).
 */
export function rectilinear(src: RawImage, view: CropView, width: number, height: number): RawImage {
  const out = Buffer.alloc(width * height * 3);
  const tx = Math.tan(view.fov / 2);
  const ty = (tx * height) / width;
  const cy = Math.cos(view.pitch);
  const sy = Math.sin(view.pitch);
  const cw = Math.cos(view.yaw);
  const sw = Math.sin(view.yaw);
  const { data, width: W, height: H } = src;
  for (let j = 0; j < height; j++) {
    const py = (1 - (2 * (j + 0.5)) / height) * ty;
    for (let i = 0; i < width; i++) {
      const px = ((2 * (i + 0.5)) / width - 1) * tx;
      // Camera space: x right, y up, −z ahead. Pitch about x, then yaw about y (to the right).
      const y1 = py * cy + sy;
      const z1 = -(cy - py * sy);
      const x2 = px * cw - z1 * sw;
      const z2 = px * sw + z1 * cw;
      const len = Math.hypot(x2, y1, z2);
      const lon = Math.atan2(x2, -z2);
      const lat = Math.asin(Math.max(-1, Math.min(1, y1 / len)));
      const fu = (lon / (Math.PI * 2) + 0.5) * W - 0.5;
      const fv = (0.5 - lat / Math.PI) * H - 0.5;
      const u0 = Math.floor(fu);
      const v0 = Math.max(0, Math.min(H - 1, Math.floor(fv)));
      const v1 = Math.min(H - 1, v0 + 1);
      const a = fu - u0;
      const b = Math.max(0, Math.min(1, fv - Math.floor(fv)));
      const ua = ((u0 % W) + W) % W;
      const ub = (ua + 1) % W;
      const o = (j * width + i) * 3;
      for (let k = 0; k < 3; k++) {
        const p00 = data[(v0 * W + ua) * 3 + k]!;
        const p10 = data[(v0 * W + ub) * 3 + k]!;
        const p01 = data[(v1 * W + ua) * 3 + k]!;
        const p11 = data[(v1 * W + ub) * 3 + k]!;
        out[o + k] = Math.round(p00 * (1 - a) * (1 - b) + p10 * a * (1 - b) + p01 * (1 - a) * b + p11 * a * b);
      }
    }
  }
  return { data: out, width, height };
}

/** A flat perspective picture rendered straight from a scene (one ray per pixel): frames of flat clips. */
export function renderPerspective(scene: PanoramaScene, view: CropView, width: number, height: number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  const tx = Math.tan(view.fov / 2);
  const ty = (tx * height) / width;
  const cy = Math.cos(view.pitch);
  const sy = Math.sin(view.pitch);
  const cw = Math.cos(view.yaw);
  const sw = Math.sin(view.yaw);
  const c: Rgb = [0, 0, 0];
  for (let j = 0; j < height; j++) {
    const py = (1 - (2 * (j + 0.5)) / height) * ty;
    for (let i = 0; i < width; i++) {
      const px = ((2 * (i + 0.5)) / width - 1) * tx;
      const y1 = py * cy + sy;
      const z1 = -(cy - py * sy);
      const x2 = px * cw - z1 * sw;
      const z2 = px * sw + z1 * cw;
      const len = Math.sqrt(x2 * x2 + y1 * y1 + z2 * z2);
      scene.shade(x2 / len, y1 / len, z2 / len, c);
      const o = (j * width + i) * 3;
      data[o] = encode(c[0], scene.exposure);
      data[o + 1] = encode(c[1], scene.exposure);
      data[o + 2] = encode(c[2], scene.exposure);
    }
  }
  return { data, width, height };
}
