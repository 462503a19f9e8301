import type { JobQueue } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import type { AssetRow } from './editor.repository';

/** Tile grid of a large panorama: full width, columns, rows (each tile is the output `tile_<col>_<row>`). */
export interface TileGrid {
  width: number;
  cols: number;
  rows: number;
}

/** What the processing job of each asset recorded (tile grid, model report…), by asset id; only ready assets. */
export async function jobResultsOf(jobs: JobQueue, rows: AssetRow[]): Promise<Map<number, unknown>> {
  const done = rows.filter((a) => a.status === 'ready' && a.jobId);
  const jobRows = await jobs.byIds(done.map((a) => a.jobId as number));
  const byJob = new Map(jobRows.map((j) => [j.id, j.result as unknown]));
  return new Map(done.map((a) => [a.id, byJob.get(a.jobId as number) ?? null]));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The tile grid a panorama's job recorded, or null. */
export function tileGridOf(result: unknown): TileGrid | null {
  const t = isRecord(result) ? result.tiles : undefined;
  if (!isRecord(t)) return null;
  const { width, cols, rows } = t;
  return typeof width === 'number' && typeof cols === 'number' && typeof rows === 'number' ? { width, cols, rows } : null;
}

/** Animation clip names a model's job recorded (`clips` or `report.clips`), or none. */
export function clipsOf(result: unknown): string[] {
  if (!isRecord(result)) return [];
  const list = Array.isArray(result.clips) ? result.clips : isRecord(result.report) ? result.report.clips : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => (typeof c === 'string' ? [c] : isRecord(c) && typeof c.name === 'string' ? [c.name] : []));
}

/** The tile grid of each tiled panorama among `rows` (from its processing job's result), by asset id. */
export async function tileGridsOf(jobs: JobQueue, rows: AssetRow[]): Promise<Map<number, TileGrid>> {
  const results = await jobResultsOf(
    jobs,
    rows.filter((a) => a.kind === 'image360'),
  );
  const grids = new Map<number, TileGrid>();
  for (const [id, result] of results) {
    const grid = tileGridOf(result);
    if (grid) grids.set(id, grid);
  }
  return grids;
}

/** Outputs of an asset an anonymous preview may see (previews, thumbnails, posters). */
export const isPreviewOutput = (name: string) => name.startsWith('preview') || name === 'thumbnail' || name === 'poster';

/** Signed, expiring URLs of an asset's outputs whose names pass `keep`, by output name. */
export async function signedOutputs(
  storage: Storage,
  ttlSeconds: number,
  asset: Pick<AssetRow, 'outputs'>,
  keep: (name: string) => boolean = () => true,
): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(asset.outputs)
        .filter(([name]) => keep(name))
        .map(async ([name, key]) => [name, await storage.signedUrl(key, ttlSeconds)] as const),
    ),
  );
}
