import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getBounds } from '@gltf-transform/core';
import { LIBRARY_CATEGORY_IDS, LIBRARY_NAME_MAX, type LibraryCategory, localizedNames } from '@xr/contract/library';
import { z } from 'zod';
import { PipelineError } from '../../lib/pipeline/errors';
import { createIO } from '../../lib/pipeline/model';
import type { PipelinePool } from '../../lib/pipeline/pool';
import type { LibraryService } from './library.service';

/** Files the importer takes (the asset pipeline's formats; `.max` is reported with the export advice). */
export const IMPORT_EXTENSIONS = ['.glb', '.gltf', '.fbx', '.obj', '.3ds', '.dae', '.stl', '.ply', '.zip', '.max'] as const;
/** Optional file in the folder giving names, category and tags per file (relative path -> entry). */
export const IMPORT_MANIFEST = 'library.json';

const manifestSchema = z.record(
  z.string(),
  z.object({
    names: localizedNames.optional(),
    category: z.enum(LIBRARY_CATEGORY_IDS).optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  }),
);

export interface ImportReport {
  added: { file: string; id: number; name: string }[];
  /** Already in the library (same GLB after processing). */
  skipped: { file: string; id: number }[];
  failed: { file: string; reason: string; message: string }[];
}

/** `red_chair-01.fbx` -> `Red chair 01` (the same in every language until an admin renames it). */
export function nameFromFile(file: string): string {
  const base =
    path
      .basename(file, path.extname(file))
      .replace(/[_\-.]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Model';
  return (base.charAt(0).toUpperCase() + base.slice(1)).slice(0, LIBRARY_NAME_MAX);
}

async function listModels(root: string, dir = root, depth = 0, out: string[] = []): Promise<string[]> {
  if (depth > 8) return out;
  const entries = await fs.readdir(dir, { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.') || e.name === '__MACOSX') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) await listModels(root, full, depth + 1, out);
    else if (e.isFile() && (IMPORT_EXTENSIONS as readonly string[]).includes(path.extname(e.name).toLowerCase())) out.push(full);
  }
  return out;
}

/**
 * Runs the asset pipeline (on its worker threads) over every model file under `folder` and adds each result to the
 * library with its thumbnail. Names, category and tags come from an optional `library.json` beside the files, else
 * from the file name (category `imported`). Animation clips the processed GLB keeps are listed (such models count as
 * characters). A file that fails is reported and the others go on.
 */
export async function importFolder(opts: {
  folder: string;
  library: LibraryService;
  pipeline: PipelinePool;
  tmpDir: string;
  onFile?: (file: string, index: number, total: number) => void;
}): Promise<ImportReport> {
  const root = path.resolve(opts.folder);
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) throw new Error(`Not a folder: ${root}`);
  let manifest: z.infer<typeof manifestSchema> = {};
  const manifestText = await fs.readFile(path.join(root, IMPORT_MANIFEST), 'utf8').catch(() => null);
  if (manifestText !== null) manifest = manifestSchema.parse(JSON.parse(manifestText));

  const files = await listModels(root);
  const report: ImportReport = { added: [], skipped: [], failed: [] };
  for (const [i, file] of files.entries()) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    opts.onFile?.(rel, i, files.length);
    const workDir = path.join(opts.tmpDir, `library-import-${crypto.randomBytes(6).toString('hex')}`);
    try {
      const result = await opts.pipeline.processModel({ inputPath: file, originalName: path.basename(file), workDir });
      const doc = await (await createIO()).read(result.glbPath);
      const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
      const { min, max } = scene ? getBounds(scene) : { min: [0, 0, 0], max: [0, 0, 0] };
      const size = [0, 1, 2].map((k) => Math.round(((max[k] ?? 0) - (min[k] ?? 0)) * 1000) / 1000) as [number, number, number];
      const clips = doc
        .getRoot()
        .listAnimations()
        .map((a, n) => a.getName() || `clip ${n + 1}`);
      const entry = manifest[rel] ?? {};
      const fallback = nameFromFile(file);
      const { row, created } = await opts.library.importModel({
        glbPath: result.glbPath,
        thumbnailPath: result.thumbnailPath,
        coarseGlbPath: result.coarseGlbPath,
        triangles: result.report.triangles,
        size,
        names: entry.names ?? { zh: fallback, tc: fallback, en: fallback },
        category: entry.category as LibraryCategory | undefined,
        tags: entry.tags,
        clips,
      });
      if (created) report.added.push({ file: rel, id: row.id, name: row.nameEn });
      else report.skipped.push({ file: rel, id: row.id });
    } catch (err) {
      const reason = err instanceof PipelineError ? err.reason : 'failed';
      report.failed.push({ file: rel, reason, message: (err as Error).message });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }
  return report;
}
