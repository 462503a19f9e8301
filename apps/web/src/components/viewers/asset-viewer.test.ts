import { describe, expect, it } from 'vitest';
import { viewerPropsOf } from './asset-viewer';
import { tileUrlOf } from './panorama-viewer';

const tileOutputs = (cols: number, rows: number) => {
  const out: Record<string, string> = {};
  for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) out[`tile_${c}_${r}`] = `/signed/t${c}-${r}.jpg`;
  return out;
};

describe('viewerPropsOf', () => {
  it('opens a tiled panorama with its grid, the largest preview as the base and every tile URL', () => {
    const props = viewerPropsOf({
      kind: 'image360',
      filename: 'hall.jpg',
      original_url: '/signed/original.jpg',
      outputs: { preview_512: '/signed/p512.jpg', preview_4096: '/signed/p4096.jpg', ...tileOutputs(8, 4) },
      tiles: { width: 8192, cols: 8, rows: 4 },
    });
    expect(props).toMatchObject({ kind: 'panorama', src: '/signed/original.jpg', preview: '/signed/p4096.jpg' });
    expect(props?.tiles).toMatchObject({ width: 8192, cols: 8, rows: 4 });
    expect(props?.download).toEqual({ url: '/signed/original.jpg', filename: 'hall.jpg' });
    const url = tileUrlOf(props!.tiles!);
    expect(url(7, 3)).toBe('/signed/t7-3.jpg');
    expect(url(8, 0)).toBeNull();
  });

  it('shows only the preview when the tiles were not delivered (anonymous preview) or are incomplete', () => {
    const preview = viewerPropsOf({
      kind: 'image360',
      filename: 'hall.jpg',
      original_url: '',
      outputs: { preview_2048: '/signed/p2048.jpg' },
      tiles: { width: 8192, cols: 8, rows: 4 },
    });
    expect(preview).toMatchObject({ kind: 'panorama', src: '/signed/p2048.jpg' });
    expect(preview?.tiles).toBeUndefined();
    expect(preview?.download).toBeUndefined();
    const partial = viewerPropsOf({
      kind: 'image360',
      filename: 'hall.jpg',
      original_url: '/signed/o.jpg',
      outputs: { tile_0_0: '/signed/t.jpg' },
      tiles: { width: 8192, cols: 8, rows: 4 },
    });
    expect(partial?.tiles).toBeUndefined();
  });

  it('opens models with the optimized GLB and videos with their poster', () => {
    expect(
      viewerPropsOf({
        kind: 'model3d',
        filename: 'a.fbx',
        original_url: '/o.fbx',
        outputs: { model: '/m.glb', thumbnail: '/t.png' },
      }),
    ).toMatchObject({ kind: 'model', src: '/m.glb' });
    expect(
      viewerPropsOf({ kind: 'video360', filename: 'v.mp4', original_url: '/v.mp4', outputs: { poster: '/p.jpg' } }),
    ).toMatchObject({ kind: 'video', src: '/v.mp4', poster: '/p.jpg' });
  });
});
