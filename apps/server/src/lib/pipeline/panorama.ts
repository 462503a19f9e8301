import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PipelineError, type ProgressFn, progress } from './errors';

/** Largest accepted panorama, in pixels (40 megapixels). */
export const MAX_PANORAMA_PIXELS = 40_000_000;
/** Panoramas wider than this are also cut into tiles. */
export const TILE_THRESHOLD_WIDTH = 4096;
const PREVIEW_WIDTHS = [512, 2048, 4096];

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
  // One full decode, failing on truncated data; every output is cut from these raw pixels.
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(inputPath, { failOn: 'truncated', limitInputPixels: MAX_PANORAMA_PIXELS })
      .autoOrient()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw new PipelineError('truncated', `The image is truncated or corrupt: ${(e as Error).message}`, { cause: e });
  }
  report(30);
  await fs.promises.mkdir(workDir, { recursive: true });
  const rawOpts = { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } };
  const fullW = raw.info.width;
  const fullH = raw.info.height;

  const widths = [...new Set([...PREVIEW_WIDTHS.filter((w) => w < fullW), Math.min(fullW, PREVIEW_WIDTHS.at(-1)!)])];
  const previews: PanoramaPreview[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((fullH * w) / fullW));
    const file = path.join(workDir, `preview-${w}.jpg`);
    await sharp(raw.data, rawOpts).resize(w, h, { fit: 'fill' }).jpeg({ quality: 85, mozjpeg: true }).toFile(file);
    previews.push({ width: w, height: h, path: file });
  }
  report(55);

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
        await sharp(resampled, tileOpts)
          .extract({ left: col * tileWidth, top: row * tileHeight, width: tileWidth, height: tileHeight })
          .jpeg({ quality: 85, mozjpeg: true })
          .toFile(file);
        files.push({ col, row, path: file });
        report(55 + (45 * files.length) / (cols * rows));
      }
    }
    tiles = { cols, rows, width: tw, tileWidth, tileHeight, dir, pattern: '{col}_{row}.jpg', files };
  }
  report(100);
  return { width, height, ratioOk, warnings, previews, tiles };
}
