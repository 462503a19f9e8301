import { describe, expect, it } from 'vitest';
import { formatDuration, mediaFactsOf, modelReportOf } from './types';

describe('job results', () => {
  it('reads panorama facts: size, the 2:1 check and the tile grid', () => {
    expect(
      mediaFactsOf({
        width: 8192,
        height: 4096,
        ratioOk: true,
        warnings: [],
        previews: [],
        tiles: { cols: 8, rows: 4, width: 8192 },
      }),
    ).toEqual({ kind: 'panorama', width: 8192, height: 4096, ratioOk: true, tiles: { cols: 8, rows: 4 } });
    expect(mediaFactsOf({ width: 3000, height: 2000, ratioOk: false, tiles: null })).toMatchObject({
      ratioOk: false,
      tiles: null,
    });
  });

  it('reads video facts and formats durations', () => {
    expect(
      mediaFactsOf({ container: 'mp4', durationSeconds: 75.4, width: 3840, height: 1920, codec: 'avc1.64001f', bytes: 9 }),
    ).toEqual({ kind: 'video', container: 'mp4', durationSeconds: 75.4, width: 3840, height: 1920, codec: 'avc1.64001f' });
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('0:00');
  });

  it('leaves models to their report', () => {
    const result = {
      report: { triangles: 12, meshes: 1, materials: 1, textures: 0, bytesBefore: 100, bytesAfter: 50, warnings: [] },
    };
    expect(mediaFactsOf(result)).toBeNull();
    expect(modelReportOf(result)).toMatchObject({ triangles: 12, bytes_before: 100, bytes_after: 50 });
    expect(mediaFactsOf(null)).toBeNull();
  });

  it('reads the source frame of a model report, and leaves it out of reports written without one', () => {
    const base = { triangles: 12, meshes: 1, materials: 1, textures: 0, bytesBefore: 100, bytesAfter: 50, warnings: [] };
    expect(modelReportOf({ report: { ...base, upAxis: 'z', unitScale: 0.01 } })).toMatchObject({
      up_axis: 'z',
      unit_scale: 0.01,
    });
    const old = modelReportOf({ report: base });
    expect(old && 'up_axis' in old).toBe(false);
    expect(old && 'unit_scale' in old).toBe(false);
  });
});
