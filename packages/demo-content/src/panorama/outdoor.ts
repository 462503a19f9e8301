import { clamp, hex, mix, mixInto, type Rgb, set, smoothstep } from './color';
import { AngleTable, fbmAngle, hash4, NoiseTexture } from './noise';
import { createSky, type Sky, type SkyParams } from './sky';

/** A panorama as a function of the viewing direction (unit vector, y up, −Z ahead). */
export interface PanoramaScene {
  shade(x: number, y: number, z: number, out: Rgb): Rgb;
  /** Multiplier before tone mapping. */
  exposure: number;
  /** The sky, when the scene has one whose clouds can drift (video frames). */
  sky?: Sky;
  /** Per-frame animation hook (seconds), for video. */
  setTime?(t: number): void;
}

const EYE = 1.7;

export const SKIES = {
  day: {
    zenith: '#2f6fc4',
    horizon: '#bcd6ee',
    sunYaw: 0.9,
    sunPitch: 0.75,
    sunColor: '#fff3dc',
    cloudCover: 0.45,
    cloudLit: '#ffffff',
    cloudShade: '#8f9bb0',
  },
  morning: {
    zenith: '#3d78c0',
    horizon: '#f3dcc0',
    sunYaw: -0.5,
    sunPitch: 0.12,
    sunColor: '#ffd7a0',
    cloudCover: 0.35,
    cloudLit: '#fff1e0',
    cloudShade: '#8d8fa8',
  },
  sunset: {
    zenith: '#2a2f6b',
    horizon: '#ff9a4d',
    sunYaw: 0,
    sunPitch: 0.025,
    sunColor: '#ff8a3a',
    cloudCover: 0.5,
    cloudLit: '#ffb38a',
    cloudShade: '#5b3d63',
    sunStrength: 1.4,
  },
  dusk: {
    zenith: '#0b1440',
    horizon: '#c06a6a',
    sunYaw: 2.6,
    sunPitch: -0.06,
    sunColor: '#ff7040',
    cloudCover: 0.25,
    cloudLit: '#a86a80',
    cloudShade: '#252a4a',
    sunStrength: 0.6,
  },
  night: {
    zenith: '#02040d',
    horizon: '#1a2240',
    sunYaw: -2.2,
    sunPitch: 0.55,
    sunColor: '#b8c6e8',
    cloudCover: 0.12,
    cloudLit: '#2a3350',
    cloudShade: '#0a0d18',
    stars: true,
    moon: true,
    sunStrength: 0.12,
  },
} satisfies Record<string, SkyParams>;
export type SkyName = keyof typeof SKIES;

/** Waves of water surfaces: a tileable height field. */
export const waveTexture = (seed: number) => new NoiseTexture(256, 8, seed + 77, 4);

/**
 * Water seen from above: the reflection of `reflectScene` (default the sky) off a surface whose normal is perturbed
 * by the wave texture (less far away, where it would alias), Fresnel mix with the water's own colour.
 */
function water(
  sky: Sky,
  waves: NoiseTexture,
  strength: number,
  x: number,
  y: number,
  z: number,
  out: Rgb,
  deep: Rgb,
  time: number,
  reflectScene?: (x: number, y: number, z: number, out: Rgb) => Rgb,
): Rgb {
  const t = EYE / -y;
  const px = x * t;
  const pz = z * t;
  const k = strength * (1 - smoothstep(3, 60, t));
  let nx = 0;
  let nz = 0;
  if (k > 0) {
    const u = px * 0.12 + time * 0.03;
    const v = pz * 0.3;
    const e = 1 / 256;
    const h0 = waves.sample(u, v);
    nx = -(waves.sample(u + e, v) - h0) * 40 * k;
    nz = -(waves.sample(u, v + e) - h0) * 40 * k;
  }
  const nl = Math.hypot(nx, 1, nz);
  const ny = 1 / nl;
  const nnx = nx / nl;
  const nnz = nz / nl;
  const dn = x * nnx + y * ny + z * nnz;
  let rx = x - 2 * dn * nnx;
  let ry = y - 2 * dn * ny;
  let rz = z - 2 * dn * nnz;
  if (ry < 0.001) ry = 0.001;
  const rl = Math.hypot(rx, ry, rz);
  rx /= rl;
  ry /= rl;
  rz /= rl;
  const refl: Rgb = [0, 0, 0];
  (reflectScene ?? sky.shade)(rx, ry, rz, refl);
  const cos = Math.max(0, -dn);
  const f = clamp(0.02 + 0.98 * (1 - cos) ** 5 + 0.15);
  out[0] = deep[0] * (1 - f) + refl[0] * f;
  out[1] = deep[1] * (1 - f) + refl[1] * f;
  out[2] = deep[2] * (1 - f) + refl[2] * f;
  return out;
}

/** Grass or earth on the ground plane, fading into the haze. */
function ground(tex: NoiseTexture, x: number, y: number, z: number, out: Rgb, a: Rgb, b: Rgb, haze: Rgb): Rgb {
  const t = EYE / -y;
  const px = x * t;
  const pz = z * t;
  const far = smoothstep(15, 300, t);
  const n1 = tex.sample(px * 0.01, pz * 0.01);
  const n2 = tex.sample(px * 0.21 + 0.3, pz * 0.21 + 0.7);
  mixInto(out, a, b, clamp(n1 * 1.6 - 0.3));
  // Blades near the viewer: a fine, streaky grain.
  const near = 1 - smoothstep(2, 14, t);
  const n3 = near > 0 ? tex.sample(px * 1.7 + 0.1, pz * 0.9 + 0.2) : 0.5;
  const detail = (0.7 + 0.6 * mix(n2, 0.5, far)) * (1 + 0.35 * near * (n3 - 0.5) * 2);
  out[0] *= detail;
  out[1] *= detail;
  out[2] *= detail;
  return mixInto(out, out, haze, smoothstep(20, 900, t) * 0.85);
}

export interface Ridge {
  /** Elevation angle (radians) of the ridge's mean height and its amplitude. */
  base: number;
  amp: number;
  /** Horizontal frequency (peaks around the horizon). */
  freq: number;
  color: string;
  /** 0 (nearest) … 1 (lost in haze). */
  haze: number;
  snow?: boolean;
}

/** Ridge height (radians above the horizon) as a function of yaw: fbm with sharpened peaks. */
function ridgeTable(r: Ridge, seed: number): AngleTable {
  return new AngleTable(8192, (yaw) => {
    const n = smoothstep(0.12, 0.88, fbmAngle(yaw, r.freq, seed, 7));
    const peak = 1 - Math.abs(n * 2 - 1);
    return r.base + r.amp * (0.5 * n + 0.5 * peak * peak);
  });
}

/** Mountains: layered ridges with aerial perspective, snow on the far ones; a lake or a meadow in front. */
export function mountains(opts: { sky: SkyName; ridges: Ridge[]; foreground: 'lake' | 'meadow'; seed: number }): PanoramaScene {
  const { seed } = opts;
  const sky = createSky(SKIES[opts.sky], seed);
  const sunYaw = Math.atan2(sky.sunDir[0], -sky.sunDir[2]);
  // Nearest ridge first: a direction below it sees it, whatever is behind.
  const ridges = opts.ridges
    .map((r, i) => ({ ...r, c: hex(r.color), h: ridgeTable(r, seed + 31 * (i + 1)) }))
    .sort((a, b) => a.haze - b.haze);
  const rock = new NoiseTexture(512, 16, seed + 5, 6);
  const grass = new NoiseTexture(256, 8, seed + 6, 5);
  const waves = waveTexture(seed);
  const shoreT = new AngleTable(4096, (yaw) => -0.004 - 0.006 * fbmAngle(yaw, 10, seed + 9, 4));
  const deep = hex('#0d2a33');
  const grassA = hex('#3f6b2a');
  const grassB = hex('#7b8a3a');
  const snow: Rgb = [0, 0, 0];
  let time = 0;
  const shadeAbove = (x: number, y: number, z: number, out: Rgb): Rgb => {
    const yaw = Math.atan2(x, -z);
    const pitch = Math.asin(clamp(y, -1, 1));
    for (const r of ridges) {
      const h = r.h.at(yaw);
      if (pitch >= h) continue;
      // The slope that faces the sun is lit: the ridge's derivative against yaw, signed by the sun's side.
      const dh = (r.h.at(yaw + 0.012) - r.h.at(yaw - 0.012)) / 0.024;
      const lit = -dh * Math.sign(Math.sin(sunYaw - yaw));
      const side = clamp(0.6 + lit * 0.6, 0.25, 1.1);
      // Rock / forest texture stretched along the slope lines (gullies run down from the ridge).
      const gully = rock.sample(yaw * 1.2, (h - pitch) * 2.5 + yaw * 0.2);
      const fine = rock.sample(yaw * 5 + 0.5, pitch * 6);
      const k = (0.45 + 0.55 * gully + 0.3 * (fine - 0.5)) * side;
      out[0] = r.c[0] * k;
      out[1] = r.c[1] * k;
      out[2] = r.c[2] * k;
      if (r.snow) {
        const line = h - (0.02 + 0.05 * gully + 0.02 * fine);
        const s = smoothstep(line - 0.003, line + 0.003, pitch);
        const v = 0.55 + 0.45 * side;
        mixInto(out, out, set(snow, 0.92 * v, 0.94 * v, 1.0 * v), s);
      }
      // Aerial perspective, a little more at the foot of the mountain (denser air).
      const foot = smoothstep(0, 0.12, h - pitch);
      mixInto(out, out, sky.horizon, clamp(r.haze * (0.85 + 0.3 * foot)));
      return out;
    }
    return sky.shade(x, y, z, out);
  };
  return {
    exposure: 1,
    sky,
    setTime(t) {
      time = t;
      sky.drift[0] = t * 0.012;
      sky.drift[1] = t * 0.004;
    },
    shade(x, y, z, out) {
      if (y >= 0) return shadeAbove(x, y, z, out);
      const yaw = Math.atan2(x, -z);
      const pitch = Math.asin(clamp(y, -1, 1));
      if (opts.foreground === 'lake') {
        // The far shore (a dark band of forest), then water mirroring the mountains.
        if (pitch > shoreT.at(yaw)) {
          const n = grass.sample(yaw * 8, pitch * 40);
          return mixInto(out, [0.03 + 0.04 * n, 0.05 + 0.05 * n, 0.03 + 0.02 * n], sky.horizon, 0.35);
        }
        return water(sky, waves, 0.035, x, y, z, out, deep, time, shadeAbove);
      }
      if (pitch > -0.004) return shadeAbove(x, -y, z, out);
      return ground(grass, x, y, z, out, grassA, grassB, sky.horizon);
    },
  };
}

/** Open sky over a meadow (or the sea). */
export function openSky(opts: { sky: SkyName; foreground: 'meadow' | 'sea'; seed: number }): PanoramaScene {
  const { seed } = opts;
  const sky = createSky(SKIES[opts.sky], seed);
  const tex = new NoiseTexture(256, 8, seed + 6, 5);
  const waves = waveTexture(seed);
  const a = hex('#4a7a2c');
  const b = hex('#98a04a');
  const deep = hex('#0a2c44');
  let time = 0;
  return {
    exposure: 1,
    sky,
    setTime(t) {
      time = t;
      sky.drift[0] = t * 0.012;
      sky.drift[1] = t * 0.004;
    },
    shade(x, y, z, out) {
      if (y >= 0) return sky.shade(x, y, z, out);
      if (opts.foreground === 'sea') return water(sky, waves, 0.22, x, y, z, out, deep, time);
      return ground(tex, x, y, z, out, a, b, sky.horizon);
    },
  };
}

/** A beach: sand in the foreground, a shore line with foam, the sea to the horizon ahead, low dunes behind. */
export function beach(opts: { sky: SkyName; seed: number }): PanoramaScene {
  const { seed } = opts;
  const sky = createSky(SKIES[opts.sky], seed);
  const sand = new NoiseTexture(256, 8, seed + 10, 5);
  const waves = waveTexture(seed);
  const duneT = new AngleTable(4096, (yaw) => {
    const back = smoothstep(1.6, 2.5, Math.abs(yaw));
    return back * (0.015 + 0.05 * fbmAngle(yaw, 3, seed + 4, 5));
  });
  const sandA = hex('#e0cba3');
  const sandB = hex('#b99f76');
  const wet = hex('#8a7658');
  const deep = hex('#0b4460');
  const shallow = hex('#2a9aa0');
  const dune = hex('#cdb58a');
  const own: Rgb = [0, 0, 0];
  let time = 0;
  return {
    exposure: 1,
    sky,
    setTime(t) {
      time = t;
      sky.drift[0] = t * 0.012;
      sky.drift[1] = t * 0.004;
    },
    shade(x, y, z, out) {
      const yaw = Math.atan2(x, -z);
      if (y >= 0) {
        const pitch = Math.asin(clamp(y, -1, 1));
        const dh = duneT.at(yaw);
        if (pitch < dh) {
          const n = sand.sample(yaw * 3, pitch * 12);
          const side = 0.75 + 0.4 * n;
          return mixInto(out, set(out, dune[0] * side, dune[1] * side, dune[2] * side), sky.horizon, 0.3);
        }
        return sky.shade(x, y, z, out);
      }
      const t = EYE / -y;
      const px = x * t;
      const pz = z * t;
      const behind = smoothstep(1.6, 2.4, Math.abs(yaw));
      // The shore runs across the view ahead (−Z), wavy; the wash moves in and out with time.
      const shore = -8 - 6 * (sand.sample(px * 0.004, 0.5) - 0.5) + Math.sin(time * 1.2) * 0.4;
      if (pz < shore && behind < 0.5) {
        mixInto(own, shallow, deep, smoothstep(0, 40, shore - pz));
        water(sky, waves, 0.2, x, y, z, out, own, time);
        const d = shore - pz;
        const foam = clamp(
          Math.exp(-d * 1.4) * (0.4 + 0.9 * sand.sample(px * 0.4, pz * 0.4 + time * 0.05)) +
            Math.exp(-(((d - 5 - Math.sin(time) * 0.6) * 1.2) ** 2)) * sand.sample(px * 0.2, pz * 0.1) * 0.7,
        );
        return mixInto(out, out, [0.85, 0.88, 0.88], foam);
      }
      const n1 = sand.sample(px * 0.03, pz * 0.03);
      const n2 = sand.sample(px * 0.4 + 0.5, pz * 0.4);
      mixInto(out, sandA, sandB, clamp(n1 * 1.5 - 0.25));
      const wetness = smoothstep(shore + 3.5, shore, pz) * (1 - behind);
      mixInto(out, out, wet, wetness * 0.7);
      // Wind ripples near the viewer.
      const near = 1 - smoothstep(3, 25, t);
      const ripple = 0.5 + 0.5 * Math.sin(px * 4 + pz * 1.2 + n2 * 5);
      const k = 0.9 + 0.12 * ripple * near + 0.1 * (n2 - 0.5);
      out[0] *= k;
      out[1] *= k;
      out[2] *= k;
      return mixInto(out, out, sky.horizon, smoothstep(30, 900, t) * 0.7);
    },
  };
}

/** A city across the water at night: lit windows in tower silhouettes, reflected in the harbour, stars and moon. */
export function nightCity(opts: { sky: SkyName; seed: number }): PanoramaScene {
  const { seed } = opts;
  const sky = createSky(SKIES[opts.sky], seed);
  const deep = hex('#03060c');
  const hills = hex('#0a0e17');
  const warm = [hex('#ffd38a'), hex('#ffe8b8'), hex('#9fd4ff'), hex('#ff7ac8')] as const;
  const tex = new NoiseTexture(256, 8, seed + 4, 5);
  const hillT = new AngleTable(4096, (yaw) => 0.012 + 0.05 * fbmAngle(yaw, 4, seed + 3, 5));
  let time = 0;
  /** The building at a yaw: columns of merged 0.8° cells, heights by hash, taller in the centre of the city. */
  const building = (yaw: number) => {
    const cell = Math.floor((yaw + Math.PI) / 0.012);
    const group = Math.floor(cell / (2 + (hash4(Math.floor(cell / 4), seed) % 3)));
    const h = hash4(group, seed + 1);
    const city = smoothstep(2.1, 1.2, Math.abs(yaw));
    const tall = (h % 1000) / 1000;
    const height = city * (0.015 + tall ** 2 * 0.15 * (1.2 - Math.abs(yaw) / 2.5));
    return { group, height, tone: (h >>> 10) % 4 };
  };
  const skyline = (x: number, y: number, z: number, out: Rgb): Rgb => {
    const yaw = Math.atan2(x, -z);
    const pitch = Math.asin(clamp(y, -1, 1));
    const b = building(yaw);
    if (pitch < b.height && pitch > -0.001) {
      const wx = (yaw + Math.PI) / 0.003;
      const wy = pitch / 0.004;
      const fx = wx - Math.floor(wx);
      const fy = wy - Math.floor(wy);
      set(out, 0.012, 0.014, 0.022);
      if (fx > 0.25 && fx < 0.8 && fy > 0.2 && fy < 0.75) {
        const hw = hash4(Math.floor(wx), Math.floor(wy), b.group, seed);
        if (hw % 100 < 40) {
          const c = warm[b.tone === 3 ? (hw % 2 ? 3 : 0) : hw % 3]!;
          const k = 0.45 + ((hw >>> 8) % 100) / 110;
          set(out, c[0] * k, c[1] * k, c[2] * k);
        }
      }
      // Red aviation lights on the tallest towers.
      if (b.height > 0.09 && b.height - pitch < 0.003 && Math.abs(fx - 0.5) < 0.4) out[0] += 1.2 + 0.8 * Math.sin(time * 3);
      return out;
    }
    const hh = hillT.at(yaw);
    if (pitch < hh && pitch > -0.001) {
      const n = tex.sample(yaw * 6, pitch * 20);
      set(out, hills[0] * (0.7 + n), hills[1] * (0.7 + n), hills[2] * (0.7 + n));
      if (hash4(Math.floor(yaw * 900), Math.floor(pitch * 900), seed + 5) % 173 === 0) {
        out[0] += 0.8;
        out[1] += 0.6;
        out[2] += 0.3;
      }
      return out;
    }
    sky.shade(x, y, z, out);
    // The city's glow near the horizon.
    const glow = Math.exp(-Math.max(0, pitch) * 12) * smoothstep(2.3, 1.2, Math.abs(yaw)) * 0.1;
    out[0] += glow;
    out[1] += glow * 0.6;
    out[2] += glow * 0.35;
    return out;
  };
  return {
    exposure: 1.15,
    sky,
    setTime(t) {
      time = t;
      sky.drift[0] = t * 0.003;
    },
    shade(x, y, z, out) {
      if (y >= 0) return skyline(x, y, z, out);
      const s = EYE / -y;
      const px = x * s;
      const pz = z * s;
      if (pz > -4) {
        // The promenade at the viewer's feet: paving slabs under a street lamp, a railing at the edge.
        const tile = (Math.floor(px * 1.2) + Math.floor(pz * 1.2)) & 1;
        const n = tex.sample(px * 0.3, pz * 0.3);
        const lamp = 0.5 / (1 + ((px - 1.5) ** 2 + (pz + 1) ** 2) * 0.8);
        const k = 0.03 + tile * 0.01 + n * 0.02 + lamp;
        set(out, k * 1.1, k * 0.95, k * 0.75);
        if (Math.abs(pz + 3.9) < 0.08) mixInto(out, out, [0.15, 0.15, 0.17], 0.7);
        return out;
      }
      // Harbour water: the skyline's reflection, smeared vertically by ripples.
      const yaw = Math.atan2(x, -z);
      const pitch = Math.asin(clamp(y, -1, 1));
      const ripple = (tex.sample(yaw * 4, pitch * 60 + time * 0.05) - 0.5) * 0.02 * Math.min(1, -pitch * 8);
      const mp = Math.min(-pitch + ripple, 1.2);
      const c = Math.cos(mp);
      skyline(Math.sin(yaw + ripple * 0.15) * c, Math.sin(mp), -Math.cos(yaw + ripple * 0.15) * c, out);
      const f = 0.5 * (1 - smoothstep(0, 0.6, -pitch) * 0.6);
      out[0] = deep[0] + out[0] * f;
      out[1] = deep[1] + out[1] * f;
      out[2] = deep[2] + out[2] * f;
      return out;
    },
  };
}
