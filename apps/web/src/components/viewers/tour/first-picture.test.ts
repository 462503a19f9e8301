import type { ResolvedMedia, SceneDetails } from '@xr/contract/scenes';
import { describe, expect, it, vi } from 'vitest';
import {
  firstPictureOf,
  peekPrefetchedPicture,
  prefetchPicture,
  startPictureUrl,
  startSceneView,
  takePrefetchedPicture,
} from './first-picture';
import { panoramaOf } from './tour-logic';

const media = (urls: Record<string, string>, tiles: ResolvedMedia['tiles'] = null): ResolvedMedia =>
  ({ id: 1, kind: 'image360', status: 'ready', urls, tiles, clips: [] }) as ResolvedMedia;

/** The URL Photo Sphere Viewer is given first for a scene (what `TourPanorama` passes it). */
function shownFirst(m: ResolvedMedia): string | undefined {
  const src = panoramaOf({ media: { type: 'image360', asset_id: 1 } } as never, m);
  if (!src || src.type === 'video') return undefined;
  return src.type === 'tiles' ? src.preview : (src.preview ?? src.src);
}

describe("a tour's first picture", () => {
  it('is the picture the viewer loads first, for tiled, previewed and bare panoramas', () => {
    const cases = [
      media(
        { preview_512: '/512.jpg', preview_2048: '/2048.jpg', preview_4096: '/4096.jpg', tile_0_0: '/t.jpg' },
        { width: 8192, cols: 8, rows: 4 },
      ),
      media({ preview_512: '/512.jpg', preview_2048: '/2048.jpg', original: '/full.jpg' }),
      media({ preview_4096: '/4096.jpg', original: '/full.jpg' }),
      media({ original: '/full.jpg' }),
      media({ preview: '/p.jpg' }),
    ];
    expect(cases.map(firstPictureOf)).toEqual(['/512.jpg', '/2048.jpg', '/4096.jpg', '/full.jpg', '/p.jpg']);
    for (const m of cases) expect(firstPictureOf(m)).toBe(shownFirst(m));
  });

  it("is read from the start scene of a tour's details; none for a video scene, a 3D scene or a broken document", () => {
    const details = {
      kind: 'tour',
      document: {
        kind: 'tour',
        start_scene: 'b',
        scenes: [
          { id: 'a', media: { type: 'image360', asset_id: 1 } },
          { id: 'b', media: { type: 'image360', asset_id: 2 } },
          { id: 'v', media: { type: 'video360', asset_id: 3 } },
        ],
      },
      media: {
        1: media({ preview_512: '/a.jpg' }),
        2: media({ preview_512: '/b-512.jpg', preview_2048: '/b-2048.jpg' }),
        3: media({ video: '/v.mp4' }),
      },
    } as unknown as SceneDetails;
    expect(startPictureUrl(details)).toBe('/b-2048.jpg');
    const doc = details.document as { start_scene: string };
    expect(startPictureUrl({ ...details, document: { ...doc, start_scene: 'v' } } as SceneDetails)).toBeUndefined();
    expect(startPictureUrl({ ...details, document: { ...doc, start_scene: 'gone' } } as SceneDetails)).toBe('/a.jpg');
    expect(startPictureUrl({ ...details, document: { kind: 'scene', objects: [] } } as SceneDetails)).toBeUndefined();
    expect(startPictureUrl({ ...details, document: { kind: 'tour', scenes: 'no' } } as SceneDetails)).toBeUndefined();
    expect(startPictureUrl({ ...details, document: null } as unknown as SceneDetails)).toBeUndefined();
    expect(startPictureUrl({ ...details, media: {} } as SceneDetails)).toBeUndefined();
  });

  it("gives the start scene's id and opening view (defaults where missing), none for a video or broken document", () => {
    const details = {
      kind: 'tour',
      document: {
        kind: 'tour',
        start_scene: 'b',
        scenes: [
          { id: 'a', media: { type: 'image360', asset_id: 1 } },
          { id: 'b', media: { type: 'image360', asset_id: 2 }, start_view: { yaw: 1.2, pitch: -0.3, zoom: 70 } },
          { id: 'v', media: { type: 'video360', asset_id: 3 } },
        ],
      },
      media: {},
    } as unknown as SceneDetails;
    expect(startSceneView(details)).toEqual({ scene: 'b', view: { yaw: 1.2, pitch: -0.3, zoom: 70 } });
    const doc = details.document as { start_scene: string };
    const at = (document: unknown) => startSceneView({ ...details, document } as SceneDetails);
    expect(at({ ...doc, start_scene: 'gone' })).toEqual({ scene: 'a', view: { yaw: 0, pitch: 0, zoom: 50 } });
    expect(at({ ...doc, start_scene: 'v' })).toBeUndefined();
    expect(
      at({
        kind: 'tour',
        scenes: [{ id: 'x', media: { type: 'image360' }, start_view: { yaw: 'no', zoom: Number.POSITIVE_INFINITY } }],
      }),
    ).toEqual({
      scene: 'x',
      view: { yaw: 0, pitch: 0, zoom: 50 },
    });
    expect(at({ kind: 'scene', objects: [] })).toBeUndefined();
    expect(at(null)).toBeUndefined();
  });

  it('downloads once and is handed over once; a failed download is forgotten', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === '/bad.jpg' ? new Response('', { status: 404 }) : new Response(new Uint8Array([1, 2, 3])),
    );
    prefetchPicture('/p1.jpg', fetch as unknown as typeof globalThis.fetch);
    prefetchPicture('/p1.jpg', fetch as unknown as typeof globalThis.fetch);
    prefetchPicture('/bad.jpg', fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    // the lean page's early picture reads the download without taking it over
    expect((await peekPrefetchedPicture('/p1.jpg'))?.size).toBe(3);
    const blob = await takePrefetchedPicture('/p1.jpg');
    expect(blob?.size).toBe(3);
    expect(takePrefetchedPicture('/p1.jpg')).toBeUndefined();
    // the failed one is forgotten: the viewer's loader asks the network itself, a new prefetch asks again
    await new Promise((r) => setTimeout(r, 0));
    expect(takePrefetchedPicture('/bad.jpg')).toBeUndefined();
    prefetchPicture('/bad.jpg', fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(takePrefetchedPicture('/bad.jpg')).rejects.toThrow('404');
    expect(takePrefetchedPicture('/never.jpg')).toBeUndefined();
  });
});
