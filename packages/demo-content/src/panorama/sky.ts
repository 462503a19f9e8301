import { hex, mixInto, type Rgb, smoothstep } from './color';
import { fbm2, fbm3, hash4, NoiseTexture, noise2 } from './noise';

/** A sky: gradient, sun (glow and disc), a layer of clouds on a plane overhead (so perspective looks right). */
export interface SkyParams {
  zenith: string;
  horizon: string;
  /** Sun direction in radians (yaw as in the viewer: 0 ahead, positive to the right; pitch above the horizon). */
  sunYaw: number;
  sunPitch: number;
  sunColor: string;
  /** 0 (clear) … 1 (overcast). */
  cloudCover: number;
  cloudLit: string;
  cloudShade: string;
  /** Stars and a milky way (night skies). */
  stars?: boolean;
  /** Moon instead of the sun disc (night skies). */
  moon?: boolean;
  /** Brightness of the sun's disc and glow. */
  sunStrength?: number;
}

const CLOUD_HEIGHT = 1;

/** Unit direction from yaw (0 ahead = −Z, positive to the right) and pitch (positive up). */
export function dirOf(yaw: number, pitch: number): [number, number, number] {
  const c = Math.cos(pitch);
  return [Math.sin(yaw) * c, Math.sin(pitch), -Math.cos(yaw) * c];
}

export interface Sky {
  /** Colour of the sky in direction (x, y, z) (unit), written to `out`. */
  shade(x: number, y: number, z: number, out: Rgb): Rgb;
  sunDir: [number, number, number];
  sun: Rgb;
  horizon: Rgb;
  /** Moves the clouds (video frames): offset of the cloud texture. */
  drift: [number, number];
}

/** Builds a sky shader. */
export function createSky(p: SkyParams, seed: number): Sky {
  const zenith = hex(p.zenith);
  const horizon = hex(p.horizon);
  const sun = hex(p.sunColor);
  const lit = hex(p.cloudLit);
  const shadeC = hex(p.cloudShade);
  const sunDir = dirOf(p.sunYaw, p.sunPitch);
  const strength = p.sunStrength ?? 1;
  const tex = p.cloudCover > 0 ? new NoiseTexture(512, 6, seed, 6) : null;
  const threshold = 0.75 - p.cloudCover * 0.55;
  const tmp: Rgb = [0, 0, 0];
  const sky: Sky = {
    sunDir,
    sun,
    horizon,
    drift: [0, 0],
    shade(x, y, z, out) {
      const up = y > 0 ? y : 0;
      mixInto(out, horizon, zenith, up ** 0.55);
      // Below the horizon the haze gets a little darker.
      if (y < 0) {
        const k = 1 - Math.min(0.35, -y * 0.8);
        out[0] *= k;
        out[1] *= k;
        out[2] *= k;
      }
      const cosSun = x * sunDir[0] + y * sunDir[1] + z * sunDir[2];
      const glow = strength * (0.25 * Math.exp((cosSun - 1) * 6) + 0.9 * Math.exp((cosSun - 1) * 90));
      out[0] += sun[0] * glow;
      out[1] += sun[1] * glow;
      out[2] += sun[2] * glow;
      if (p.stars && y > -0.02) {
        const s = stars(x, y, z, seed);
        const band = milkyWay(x, y, z, seed);
        out[0] += s + band * 0.05;
        out[1] += s + band * 0.055;
        out[2] += s * 1.1 + band * 0.08;
      }
      if (p.moon) {
        const d = Math.acos(Math.min(1, cosSun));
        const disc = smoothstep(0.022, 0.019, d);
        if (disc > 0) {
          const crater = 0.8 + 0.2 * noise2(x * 400, z * 400 + y * 400, seed);
          out[0] += disc * 1.3 * crater;
          out[1] += disc * 1.3 * crater;
          out[2] += disc * 1.2 * crater;
        }
      } else if (strength > 0 && cosSun > 0.9998) {
        const k = 14 * strength * smoothstep(0.9998, 0.99993, cosSun);
        out[0] += sun[0] * k;
        out[1] += sun[1] * k;
        out[2] += sun[2] * k;
      }
      if (tex && y > 0.005) {
        const s = CLOUD_HEIGHT / y;
        const u = (x * s) / 10 + sky.drift[0];
        const v = (z * s) / 10 + sky.drift[1];
        const n = tex.sample(u, v);
        // Fade to nothing near the horizon, where the plane's texture would alias.
        const density = smoothstep(threshold, threshold + 0.22, n) * smoothstep(0.005, 0.16, y);
        if (density > 0) {
          const thick = smoothstep(threshold + 0.05, threshold + 0.5, n);
          mixInto(tmp, lit, shadeC, thick * 0.85);
          const forward = Math.exp((cosSun - 1) * 4) * 0.8 * strength;
          tmp[0] += sun[0] * forward * (1 - thick * 0.6);
          tmp[1] += sun[1] * forward * (1 - thick * 0.6);
          tmp[2] += sun[2] * forward * (1 - thick * 0.6);
          // Distant clouds take the colour of the haze.
          const haze = smoothstep(0.35, 0.02, y) * 0.55;
          mixInto(tmp, tmp, horizon, haze);
          mixInto(out, out, tmp, density * 0.96);
        }
      }
      return out;
    },
  };
  return sky;
}

/** Point stars: one candidate per cell of a 3D grid around the unit sphere, most of them dim. */
function stars(x: number, y: number, z: number, seed: number): number {
  const g = 260;
  const gx = x * g;
  const gy = y * g;
  const gz = z * g;
  const cx = Math.floor(gx);
  const cy = Math.floor(gy);
  const cz = Math.floor(gz);
  const h = hash4(cx, cy, cz, seed);
  if (h % 100 > 12) return 0;
  const ox = ((h >>> 8) & 255) / 255;
  const oy = ((h >>> 16) & 255) / 255;
  const oz = ((h >>> 24) & 255) / 255;
  const d2 = (gx - cx - ox) ** 2 + (gy - cy - oy) ** 2 + (gz - cz - oz) ** 2;
  const mag = ((h >>> 4) & 15) / 15;
  const bright = mag ** 4 * 2.2 + 0.06;
  return bright * Math.exp(-d2 * 30) * smoothstep(-0.02, 0.15, y);
}

/** A soft band of diffuse light along a tilted great circle. */
function milkyWay(x: number, y: number, z: number, seed: number): number {
  // Distance to the plane with normal (0.35, 0.55, 0.76).
  const d = Math.abs(x * 0.35 + y * 0.55 + z * 0.76);
  const band = Math.exp(-d * d * 40);
  if (band < 0.01) return 0;
  return band * (0.4 + fbm3(x * 6, y * 6, z * 6, seed + 7, 4)) * smoothstep(0, 0.3, y);
}

/** Fractal texture of a ground plane point (metres). */
export const groundNoise = (x: number, z: number, scale: number, seed: number) => fbm2(x * scale, z * scale, seed, 5);
