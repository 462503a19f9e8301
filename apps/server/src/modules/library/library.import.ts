import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getBounds } from '@gltf-transform/core';
import {
  LIBRARY_CATEGORY_IDS,
  LIBRARY_NAME_MAX,
  type LibraryCategory,
  type LibraryCredit,
  type LocalizedNames,
  localizedNames,
} from '@xr/contract/library';
import { z } from 'zod';
import { PipelineError } from '../../lib/pipeline/errors';
import { createIO } from '../../lib/pipeline/gltf-io';
import type { PipelinePool } from '../../lib/pipeline/pool';
import { safeUnzip } from '../../lib/pipeline/unzip';
import { namesFromFile, variantOf } from './library.glossary';
import { scanPacks } from './library.packs';

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

/** A model to add to the library from the asset pipeline's output (`npm run library:import`). */
export interface ImportedModelInput {
  glbPath: string;
  thumbnailPath: string;
  /** The pipeline's coarse level of detail of a dense model (`ProcessModelResult.coarseGlbPath`), if it made one. */
  coarseGlbPath?: string;
  triangles: number;
  size: [number, number, number];
  names: LocalizedNames;
  category?: LibraryCategory;
  tags?: string[];
  clips?: string[];
  /** SHA-256 of the source file (a second import of it is skipped before processing). */
  sourceHash?: string;
  /** Variant group and label (`variantOf`); without a group the model is its own. */
  groupKey?: string;
  variant?: string;
  credit?: LibraryCredit | null;
}

/**
 * The library calls the importer makes (the library service's own methods). Written out here, not imported from the
 * service, so the service can load the importer lazily without a cycle between the two files.
 */
export interface ImportTarget {
  bySourceHash(hash: string): Promise<number | undefined>;
  importModel(input: ImportedModelInput): Promise<{ row: { id: number; nameEn: string }; created: boolean }>;
}

export interface ImportReport {
  added: { file: string; id: number; name: string }[];
  /** Already in the library (the same source file, or the same GLB after processing). */
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

/** Animated models are characters (NPCs); a static figure ("knight" without a rig) is a prop. */
const categoryOf = (named: LibraryCategory | undefined, animated: boolean): LibraryCategory | undefined =>
  animated ? 'characters' : named === 'characters' ? 'props' : named;

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
 * Runs the asset pipeline (on its worker threads) over every model file under `folder` (or in a pack's zip) and adds
 * each result to the library with its thumbnail. Asset packs are recognised by their licence file (`scanPacks`): each
 * model keeps its pack, author, licence and link, and one copy of a model shipped in several formats is taken. A
 * source file already imported (same SHA-256) is skipped before any processing. Names and category come from an
 * optional `library.json` beside the files, else from the file name through the glossary (zh / tc / en); colour and
 * number variants (`knightBlue`, `Tree_2`) are grouped under one card. Animation clips the processed GLB keeps are
 * listed (such models are characters, usable as NPCs). A file that fails is reported and the others go on.
 */
export async function importFolder(opts: {
  folder: string;
  library: ImportTarget;
  pipeline: PipelinePool;
  tmpDir: string;
  onFile?: (file: string, index: number, total: number) => void;
}): Promise<ImportReport> {
  let root = path.resolve(opts.folder);
  const stat = await fs.stat(root).catch(() => null);
  let unzipped: string | null = null;
  if (stat?.isFile() && root.toLowerCase().endsWith('.zip')) {
    // a pack as distributed: its zip, extracted (with the pipeline's limits) into a folder named like it
    unzipped = path.join(opts.tmpDir, `library-pack-${crypto.randomBytes(6).toString('hex')}`);
    const dest = path.join(unzipped, path.basename(root, path.extname(root)));
    await fs.mkdir(dest, { recursive: true });
    await safeUnzip(root, dest);
    root = dest;
  } else if (!stat?.isDirectory()) throw new Error(`Not a folder or a zip: ${root}`);
  try {
    return await importFrom(root, opts);
  } finally {
    if (unzipped) await fs.rm(unzipped, { recursive: true, force: true });
  }
}

async function importFrom(
  root: string,
  opts: {
    library: ImportTarget;
    pipeline: PipelinePool;
    tmpDir: string;
    onFile?: (file: string, index: number, total: number) => void;
  },
): Promise<ImportReport> {
  let manifest: z.infer<typeof manifestSchema> = {};
  const manifestText = await fs.readFile(path.join(root, IMPORT_MANIFEST), 'utf8').catch(() => null);
  if (manifestText !== null) manifest = manifestSchema.parse(JSON.parse(manifestText));

  const files = await scanPacks(root, IMPORT_EXTENSIONS, await listModels(root));
  const report: ImportReport = { added: [], skipped: [], failed: [] };
  for (const [i, { file, credit }] of files.entries()) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    opts.onFile?.(rel, i, files.length);
    const workDir = path.join(opts.tmpDir, `library-import-${crypto.randomBytes(6).toString('hex')}`);
    try {
      const sourceHash = crypto
        .createHash('sha256')
        .update(await fs.readFile(file))
        .digest('hex');
      const seen = await opts.library.bySourceHash(sourceHash);
      if (seen) {
        report.skipped.push({ file: rel, id: seen });
        continue;
      }
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
      const named = namesFromFile(file);
      const { base, variant } = variantOf(file);
      const { row, created } = await opts.library.importModel({
        glbPath: result.glbPath,
        thumbnailPath: result.thumbnailPath,
        coarseGlbPath: result.coarseGlbPath,
        triangles: result.report.triangles,
        size,
        names: entry.names ?? named.names,
        category: (entry.category as LibraryCategory | undefined) ?? categoryOf(named.category, clips.length > 0),
        tags: entry.tags,
        clips,
        sourceHash,
        // variants group within their pack (or their folder when no licence names a pack)
        groupKey: `pack:${credit?.pack ?? path.dirname(rel)}:${base}`,
        variant,
        credit,
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
