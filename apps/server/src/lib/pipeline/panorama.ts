import fs from 'node:fs';
import path from 'node:path';
import sharp, { type JpegOptions, type Metadata, type Sharp } from 'sharp';
import { PipelineError, type ProgressFn, progress } from './errors';

/** Largest accepted panorama, in pixels (40 megapixels). */
export const MAX_PANORAMA_PIXELS = 40_000_000;
/** Panoramas wider than this are also cut into tiles. */
export const TILE_THRESHOLD_WIDTH = 4096;
const PREVIEW_WIDTHS = [512, 2048, 4096];

/**
 * The JPEG of every preview and tile: quality 85 with mozjpeg's default quantisation tables (sharp's table 3),
 * overshoot deringing and optimised Huffman tables, as a baseline JPEG: mozjpeg's preset (`mozjpeg: true`) without
 * its progressive scans and their search, and without trellis quantisation. Measured on the 4096 × 2048 panorama of
 * `npm run bench pipeline`:
 * - progressive files decode about twice as slowly (87 against 39 ms in sharp's libjpeg-turbo-based decoder; browsers
 *   decode with libjpeg-turbo too) and the viewer only ever draws a whole picture: their ~4% fewer bytes cost every
 *   viewer time;
 * - the preset took 0.66 s of CPU for the 4096 px preview against 0.11 s here, more than twice the ~0.27 s of
 *   sharp's own tiling of the whole image, which the step must stay within 1.2× of. Its files are smaller, 1071 KB
 *   against 1279 KB, partly by giving up fidelity (PSNR 44.2 against 44.6 dB); at equal PSNR (quality 84 here,
 *   1206 KB) it saves about 11% of the bytes (10% at 2048 px). That is the price of meeting the budget.
 */
const PANORAMA_JPEG: JpegOptions = { quality: 85, quantisationTable: 3, overshootDeringing: true, optimiseCoding: true };

export interface PanoramaPreview {
  width: number;
  height: number;
  path: string;
}

/**
 * Tiles for Photo Sphere Viewer's EquirectangularTilesAdapter:
 * `panorama: { width, cols, rows, baseUrl: <a preview>, tileUrl: (col, row) => pattern with {col} and {row} replaced }`.
 * Tiles are JPEGs of `tileWidth × tileHeight` cut from the full resolution (resampled to exactly 2:1, `width × width/2`).
 */
export interface PanoramaTiles {
  cols: number;
  rows: number;
  /** Full equirectangular width the tiles add up to (PSV's `panorama.width`). */
  width: number;
  tileWidth: number;
  tileHeight: number;
  /** Folder holding the tiles. */
  dir: string;
  /** File name pattern relative to `dir`, e.g. `{col}_{row}.jpg`. */
  pattern: string;
  files: { col: number; row: number; path: string }[];
}

export interface ProcessPanoramaResult {
  width: number;
  height: number;
  /** True when the image is 2:1 within 1% (equirectangular). */
  ratioOk: boolean;
  warnings: string[];
  previews: PanoramaPreview[];
  tiles?: PanoramaTiles;
}

/**
 * Prepares an equirectangular 360 image: checks the 2:1 ratio (warning only), refuses more than 40 megapixels
 * (`too_many_pixels`) and truncated or undecodable files (`truncated` / `unsupported_format`), writes JPEG
 * previews 512 / 2048 / 4096 px wide (never upscaled) and, for images wider than 4096 px, tiles (8×4, or 16×8
 * above 8192 px) for progressive loading in the viewer.
 */
export async function processPanorama({
  inputPath,
  workDir,
  onProgress,
}: {
  inputPath: string;
  workDir: string;
  onProgress?: ProgressFn;
}): Promise<ProcessPanoramaResult> {
  const report = progress(onProgress);
  report(0);
  let meta: Metadata;
  try {
    meta = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new PipelineError('unsupported_format', `Not a readable image: ${(e as Error).message}`, { cause: e });
  }
  // Size as displayed (EXIF orientation applied), which is what the decode below produces.
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw new PipelineError('unsupported_format', 'Image size unknown');
  if (width * height > MAX_PANORAMA_PIXELS) {
    throw new PipelineError('too_many_pixels', `Image has ${(width * height) / 1e6} megapixels (limit 40)`);
  }
  const warnings: string[] = [];
  const ratioOk = Math.abs(width / height - 2) <= 0.02;
  if (!ratioOk) warnings.push(`Aspect ratio ${(width / height).toFixed(3)}:1 is not 2:1; the image may look distorted in 360`);
  // One full decode, failing on truncated data; every output is resized or cut from these raw pixels. The output
  // folder is made meanwhile.
  const decode = sharp(inputPath, { failOn: 'truncated', limitInputPixels: MAX_PANORAMA_PIXELS })
    .autoOrient()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((e: Error) => {
      throw new PipelineError('truncated', `The image is truncated or corrupt: ${e.message}`, { cause: e });
    });
  const [raw] = await Promise.all([decode, fs.promises.mkdir(workDir, { recursive: true })]);
  report(30);
  const rawOpts = { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } };
  const fullW = raw.info.width;
  const fullH = raw.info.height;

  // Each output: a sharp pipeline on the decoded pixels, and its file.
  const outputs: [Sharp, string][] = [];
  const widths = [...new Set([...PREVIEW_WIDTHS.filter((w) => w < fullW), Math.min(fullW, PREVIEW_WIDTHS.at(-1)!)])];
  const previews: PanoramaPreview[] = [];
  for (const w of [...widths].reverse()) {
    const h = Math.max(1, Math.round((fullH * w) / fullW));
    const file = path.join(workDir, `preview-${w}.jpg`);
    const image = sharp(raw.data, rawOpts);
    outputs.push([w === fullW && h === fullH ? image : image.resize(w, h, { fit: 'fill' }), file]);
    previews.unshift({ width: w, height: h, path: file });
  }

  let tiles: PanoramaTiles | undefined;
  if (fullW > TILE_THRESHOLD_WIDTH) {
    const cols = fullW > 8192 ? 16 : 8;
    const rows = cols / 2;
    const tileWidth = Math.round(fullW / cols);
    const tileHeight = tileWidth;
    const tw = tileWidth * cols;
    const th = tileHeight * rows;
    const dir = path.join(workDir, 'tiles');
    await fs.promises.mkdir(dir, { recursive: true });
    const resampled =
      tw === fullW && th === fullH ? raw.data : await sharp(raw.data, rawOpts).resize(tw, th, { fit: 'fill' }).raw().toBuffer();
    const tileOpts = { raw: { width: tw, height: th, channels: raw.info.channels } };
    const files: PanoramaTiles['files'] = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const file = path.join(dir, `${col}_${row}.jpg`);
        const tile = { left: col * tileWidth, top: row * tileHeight, width: tileWidth, height: tileHeight };
        outputs.push([sharp(resampled, tileOpts).extract(tile), file]);
        files.push({ col, row, path: file });
      }
    }
    tiles = { cols, rows, width: tw, tileWidth, tileHeight, dir, pattern: '{col}_{row}.jpg', files };
  }

  // All encodes start at once, the largest preview first (it takes longest): libvips runs them side by side on
  // libuv's threads instead of one after the other. A failure is thrown once every encode has ended, so that no
  // file is still being written into the folder when the caller cleans it up.
  let done = 0;
  const written = await Promise.allSettled(
    outputs.map(([pipeline, file]) =>
      pipeline
        .jpeg(PANORAMA_JPEG)
        .toFile(file)
        .then(() => report(30 + (70 * ++done) / outputs.length)),
    ),
  );
  const failed = written.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  report(100);
  return { width, height, ratioOk, warnings, previews, tiles };
}
