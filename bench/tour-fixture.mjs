// The 360 tour benchmarks' shared fixture: a real 8192 × 4096 panorama cut by the asset pipeline, and the
// `scene_details` reply of a one-scene tour over it (bench/tour.bench.mjs, bench/tour-early-shots.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processPanorama } from '../apps/server/src/lib/pipeline/panorama.ts';
import { writePanorama } from '../packages/demo-content/src/panorama/media.ts';

/** Renders and processes the panorama in a new temp folder: `{ work, pano, files }`, files by output name. */
export async function tourPanorama(prefix) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await writePanorama('alpine-lake', 8192, path.join(work, 'pano.jpg'));
  const pano = await processPanorama({ inputPath: path.join(work, 'pano.jpg'), workDir: path.join(work, 'out') });
  if (!pano.tiles) throw new Error('the 8K panorama was not tiled');
  const files = {};
  for (const p of pano.previews) files[`preview_${p.width}`] = p.path;
  for (const f of pano.tiles.files) files[`tile_${f.col}_${f.row}`] = f.path;
  return { work, pano, files };
}

/** The `scene_details` reply of a one-scene tour over the panorama (its files served under `${base}/bench-pano/`). */
export function tourDetails(base, { pano, files }, startView = { yaw: 0, pitch: 0, zoom: 50 }) {
  return {
    id: 1,
    kind: 'tour',
    version: 1,
    state: 'published',
    document: {
      schema_version: 1,
      kind: 'tour',
      start_scene: 'lake',
      scenes: [
        {
          id: 'lake',
          name: { en: 'Alpine lake' },
          media: { type: 'image360', asset_id: 1 },
          start_view: startView,
          background_audio: null,
          hotspots: [],
        },
      ],
      settings: { autorotate: false, gyroscope: true, plan: null },
    },
    media: {
      1: {
        id: 1,
        kind: 'image360',
        status: 'ready',
        urls: Object.fromEntries(Object.keys(files).map((n) => [n, `${base}/bench-pano/${n}.jpg`])),
        tiles: { width: pano.tiles.width, cols: pano.tiles.cols, rows: pano.tiles.rows },
        clips: [],
      },
    },
    library: {},
    products: {},
  };
}
