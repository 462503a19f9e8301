import { sphericalPosition } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { tilesAdapterOptions, tilesResolution, toSpherical } from './tour-logic';

describe('toSpherical', () => {
  it('keeps every direction Photo Sphere Viewer reports (yaw 0…2π) inside the document range', () => {
    // a click just left of straight ahead: PSV says yaw ≈ 2π, which rounds past 2π unless normalised first
    for (const yaw of [0, 1e-7, Math.PI, 2 * Math.PI - 1e-7, 2 * Math.PI - 3e-5, 2 * Math.PI]) {
      for (const pitch of [-Math.PI / 2, -0.3, 0, 0.3, Math.PI / 2]) {
        const p = toSpherical({ yaw, pitch });
        expect(sphericalPosition.safeParse(p).success).toBe(true);
        expect(Math.abs(p.yaw)).toBeLessThanOrEqual(Math.PI + 1e-4);
      }
    }
  });
});

describe('tilesResolution', () => {
  it('is 32 segments for the pipeline tiles (8 × 4, 16 × 8), more only when the tiles need it', () => {
    expect(tilesResolution(8, 4)).toBe(32);
    expect(tilesResolution(16, 8)).toBe(32);
    expect(tilesResolution(32, 16)).toBe(32);
    expect(tilesResolution(64, 32)).toBe(64);
    expect(tilesResolution(2, 32)).toBe(64);
  });
});

describe('tilesAdapterOptions', () => {
  it('asks for no blur of the base picture (Photo Sphere Viewer would measure the largest canvas first)', () => {
    expect(tilesAdapterOptions(16, 8)).toEqual({ resolution: 32, baseBlur: false });
    expect(tilesAdapterOptions(64, 32)).toEqual({ resolution: 64, baseBlur: false });
  });
});
