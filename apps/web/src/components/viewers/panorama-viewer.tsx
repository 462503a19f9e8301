import '@photo-sphere-viewer/core/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import './psv-defaults';
import { useEffect, useRef } from 'react';
import { VisibleTilesAdapter } from './tiles-adapter';

/** The server's tiles of a large panorama: full width, grid, and the (signed) URL of each tile by `tile_<col>_<row>`. */
export interface PanoramaTiles {
  width: number;
  cols: number;
  rows: number;
  urls: Record<string, string>;
}

export interface PanoramaViewerProps {
  /** Equirectangular image (or a video poster) URL. */
  src: string;
  /** Smaller preview shown while the full panorama (or its tiles) loads. */
  preview?: string;
  /** When the panorama was cut into tiles: the viewer loads only the tiles in view, over the preview. */
  tiles?: PanoramaTiles;
  height?: number | string;
  caption?: string;
}

/** The tile URL of one cell, or null (PSV then shows its error tile) when the server did not deliver it. */
export const tileUrlOf = (tiles: PanoramaTiles) => (col: number, row: number) => tiles.urls[`tile_${col}_${row}`] ?? null;

/**
 * A 360 image viewer (Photo Sphere Viewer). Panoramas the server cut into tiles (wider than 4096 px) open with the
 * equirectangular tiles adapter: the preview shows at once and only the tiles in view are fetched, so an
 * 8K or 16K image starts as fast as its preview. Smaller ones show their preview first and the full image after.
 */
export default function PanoramaViewer({ src, preview, tiles, height = 420, caption }: PanoramaViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  // callers build `tiles` during render: compare it by value so a re-render does not rebuild the viewer
  const tilesKey = tiles ? JSON.stringify(tiles) : '';
  useEffect(() => {
    if (!container.current) return;
    const tiles: PanoramaTiles | undefined = tilesKey ? JSON.parse(tilesKey) : undefined;
    const common = { container: container.current, caption, navbar: ['zoom', 'move', 'caption', 'fullscreen'], loadingTxt: '' };
    if (tiles) {
      const viewer = new Viewer({
        ...common,
        // no blur of the base picture: see tilesAdapterOptions (asking for it measures the largest canvas, ~0.5 s)
        adapter: [VisibleTilesAdapter, { baseBlur: false }],
        panorama: { width: tiles.width, cols: tiles.cols, rows: tiles.rows, baseUrl: preview ?? src, tileUrl: tileUrlOf(tiles) },
      });
      return () => viewer.destroy();
    }
    const viewer = new Viewer({ ...common, panorama: preview ?? src });
    if (preview && preview !== src) {
      void viewer.addEventListener('ready', () => void viewer.setPanorama(src, { transition: false, showLoader: false }), {
        once: true,
      });
    }
    return () => viewer.destroy();
  }, [src, preview, tilesKey, caption]);
  return (
    <div
      ref={container}
      className="xr-viewer"
      style={{ width: '100%', height }}
      data-testid="panorama-viewer"
      data-tiled={tiles ? 'true' : undefined}
    />
  );
}
