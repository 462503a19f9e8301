import fs from 'node:fs';
import path from 'node:path';
import { type Document, Logger, type NodeIO } from '@gltf-transform/core';
import { coarseDocument } from './coarse';
import { asPipelineError, PipelineError, type ProgressFn, progress } from './errors';
import { countDocument, createIO, hasVisibleTriangle, type ValidationIssue, validateGlb } from './gltf-io';
import { compressMeshes, optimizeDocument, TEXTURE_OPTIONS } from './model-optimize';
import { ACCEPTED, ADD_FILES_ADVICE, findMain, MODEL_EXTS, maxError, readGltf } from './model-source';
import { type Axis, GLTF_FRAME, type SourceFrame, type UpAxis } from './source-frame';
import { TextureWork } from './textures';
import { importWithThree, type ThreeFormat } from './three-import';
import { renderThumbnail } from './thumbnail';
import { safeUnzip } from './unzip';
import { writeUsdz } from './usdz';

// The corpus comparison (e2e/corpus) checks what processModel writes with the same validator, imported from here.
export { validateGlb } from './gltf-io';

export interface ModelReport {
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
  /** Animation clips kept (by name), skins and meshes with morph targets: what a character needs to move. */
  animations: string[];
  skins: number;
  morphTargets: number;
  bytesBefore: number;
  bytesAfter: number;
  warnings: string[];
  /** The source's up axis before the model was brought to glTF's Y-up frame (glTF/GLB: always `y`). */
  upAxis: UpAxis;
  /** The source's axis that became glTF's front (+Z): `z` for glTF, `-y` for Blender-style Z-up, `x` for Unity's STL. */
  frontAxis: Axis;
  /** The factor applied to the source's lengths to reach metres (1: already metres, or a format without units). */
  unitScale: number;
}

export interface ProcessModelInput {
  /** The uploaded file on local disk. */
  inputPath: string;
  /** The user's file name: its extension decides the format (.glb, .gltf, .obj, .fbx, .3ds, .zip, .max). */
  originalName: string;
  /** A scratch folder owned by the job; outputs are written here. */
  workDir: string;
  onProgress?: ProgressFn;
}

export interface ProcessModelResult {
  glbPath: string;
  /**
   * The coarse level of detail of a dense model (`coarse.ts`): the 3D viewer's first frame draws it, then the model
   * itself. Absent for light models and characters.
   */
  coarseGlbPath?: string;
  /** The model for AR Quick Look on iOS (`usdz.ts`); absent when the export failed (a report warning says so). */
  usdzPath?: string;
  /** PNG, 512×512. */
  thumbnailPath: string;
  report: ModelReport;
}

/** How many errors (severity 0) the validator reported, per code. */
function errorCounts(issues: ValidationIssue[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const i of issues) if (i.severity === 0) counts.set(i.code, (counts.get(i.code) ?? 0) + 1);
  return counts;
}

/**
 * The errors of a validation beyond those the input had: of each code, those past the input's count of it (the
 * optimiser never multiplies an input's error, so more of a code means new ones; pointers change with every
 * optimisation step, codes and counts do not). A warning or notice of the input never excuses an error.
 */
function errorsBeyond(issues: ValidationIssue[], known: Map<string, number>): ValidationIssue[] {
  const left = new Map(known);
  return issues.filter((i) => {
    if (i.severity !== 0) return false;
    const n = left.get(i.code) ?? 0;
    left.set(i.code, n - 1);
    return n <= 0;
  });
}

/**
 * A GLB that our own processing made invalid (the optimiser, or the conversion of a non-glTF format): our bug, not
 * the upload's. The step fails with `processing_failed` (the creator reads "processing failed, try again later",
 * never "your file is broken") and the GLB is never shipped; the validator's details go to the job's log only.
 */
function ourInvalidOutput(stage: string, errors: ValidationIssue[]): PipelineError {
  const list = errors.slice(0, 10).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`);
  return new PipelineError(
    'processing_failed',
    `Internal error: ${stage} produced a GLB with ${errors.length} glTF validator error(s) the upload did not have: ${list.join('; ')}`,
  );
}

/**
 * A warning as the creator may read it: file names relative to the upload, never a server path. Readers report
 * files joined to the job's scratch folders (`/srv/data/tmp/jobs/job-7-1/out/source/.\Texture.jpg`): those folders
 * are removed, a leading `./` or `.\` too, and any other absolute server path is cut to its file name.
 */
export function withoutServerPaths(text: string, roots: string[]): string {
  let out = text;
  const prefixes = [...new Set(roots.map((r) => path.resolve(r)))].sort((a, b) => b.length - a.length);
  for (const root of prefixes) out = out.split(`${root}/`).join('').split(`${root}\\`).join('').split(root).join('');
  // Any other absolute path of this machine (two or more segments): its last one.
  out = out.replace(/(?<![\w.:/])\/(?:[^\s/"'()]+\/)+([^\s/"'()]+)/g, '$1');
  return out.replace(/(^|[\s"'(“])(?:\.[\\/])+/g, '$1');
}

/**
 * Compresses and writes the coarse version; a coarse GLB the validator finds a new error in (one the upload did not
 * have) is left out (the viewer then draws the model itself first, as without one). Returns its path, or undefined.
 */
async function writeCoarse(io: NodeIO, coarse: Document, file: string, known: Map<string, number>): Promise<string | undefined> {
  await compressMeshes(coarse);
  const bytes = await io.writeBinary(coarse);
  if (errorsBeyond((await validateGlb(bytes)).issues, known).length > 0) return undefined;
  await fs.promises.writeFile(file, bytes);
  return file;
}

/**
 * Turns an uploaded 3D model into one optimised, validated GLB, a 512×512 PNG thumbnail and a report.
 * Accepts .glb, .gltf, .obj, .fbx (binary and ASCII), .3ds, or a .zip holding one of those with its
 * resources (.bin, .mtl, textures); zips are extracted safely (see `safeUnzip`). `.max` is refused with
 * `max_unsupported`. Multi-buffer glTF is merged into one buffer, Draco meshes are decoded, animation clips, skins
 * and morph targets are kept. Every failure is a `PipelineError` with a reason code (an unexpected exception becomes
 * `processing_failed`; only system errors such as a full disk stay retryable). The output must pass the
 * glTF-Validator with no error the input did not already have (`validation_failed`); inherited ones are warnings.
 */
export async function processModel(input: ProcessModelInput): Promise<ProcessModelResult> {
  try {
    return await runModel(input);
  } catch (err) {
    throw asPipelineError(err);
  }
}

async function runModel({ inputPath, originalName, workDir, onProgress }: ProcessModelInput): Promise<ProcessModelResult> {
  const report = progress(onProgress);
  report(0);
  const warnings: string[] = [];
  const ext = path.extname(originalName).toLowerCase();
  if (ext === '.max') throw maxError();
  const bytesBefore = (await fs.promises.stat(inputPath)).size;
  await fs.promises.mkdir(workDir, { recursive: true });

  let mainFile = inputPath;
  let mainExt = ext;
  let resourceRoot = path.dirname(inputPath);
  if (ext === '.zip') {
    resourceRoot = path.join(workDir, 'source');
    const files = await safeUnzip(inputPath, resourceRoot);
    mainFile = findMain(resourceRoot, files);
    mainExt = path.extname(mainFile).toLowerCase();
  } else if (!(MODEL_EXTS as readonly string[]).includes(ext)) {
    throw new PipelineError(
      'unsupported_format',
      `Unsupported model format: ${ext || originalName}; accepted formats: ${ACCEPTED}`,
    );
  }
  report(10);

  let io: NodeIO;
  let doc: Document;
  // glTF is Y-up and in metres by definition: never re-oriented nor re-scaled.
  let frame: SourceFrame = GLTF_FRAME;
  if (mainExt === '.glb' || mainExt === '.gltf') {
    ({ io, doc } = await readGltf(mainFile, resourceRoot, warnings));
  } else {
    io = await createIO(false);
    doc = await importWithThree(io, mainFile, mainExt.slice(1) as ThreeFormat, resourceRoot, warnings, (f) => {
      frame = f;
    });
  }
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  if (countDocument(doc).triangles === 0) throw new PipelineError('no_geometry', 'The model has no triangles');
  if (!hasVisibleTriangle(doc)) throw new PipelineError('no_geometry', 'Every triangle of the model has zero area');
  // Every texture is decoded once here (small): damaged ones are dropped, the thumbnail samples these pixels, and
  // the WebP encodes start at once on sharp's threads while this thread validates and optimises the geometry.
  const textures = new TextureWork();
  try {
    warnings.push(...(await textures.inspect(doc)));
    textures.startEncoding(doc, TEXTURE_OPTIONS);
    const result = await optimizeModel({ io, doc, textures, mainExt, workDir, warnings, report, bytesBefore, frame });
    result.report.warnings = warnings.map((w) =>
      withoutServerPaths(w, [resourceRoot, workDir, path.dirname(inputPath)]).replace(
        /^Texture (.+) not found$/,
        `Texture $1 is not in the upload; the model is kept without it (${ADD_FILES_ADVICE})`,
      ),
    );
    return result;
  } finally {
    // a refused model leaves no encode running
    textures.stop();
  }
}

interface ModelRun {
  io: NodeIO;
  doc: Document;
  textures: TextureWork;
  mainExt: string;
  workDir: string;
  warnings: string[];
  report: (p: number) => void;
  bytesBefore: number;
  frame: SourceFrame;
}

/** The part of `processModel` after reading: input validation, optimisation, thumbnail, outputs and their checks. */
async function optimizeModel({
  io,
  doc,
  textures,
  mainExt,
  workDir,
  warnings,
  report,
  bytesBefore,
  frame,
}: ModelRun): Promise<ProcessModelResult> {
  // The input and the output are validated separately. A glTF upload's own errors are the creator's (the model is
  // kept and a warning names them); a converted format's input is our own conversion, so an error in it is ours.
  const converted = mainExt !== '.glb' && mainExt !== '.gltf';
  const before = await validateGlb(await io.writeBinary(doc));
  if (converted && before.issues.some((i) => i.severity === 0))
    throw ourInvalidOutput(`the ${mainExt.slice(1).toUpperCase()} conversion`, errorsBeyond(before.issues, new Map()));
  const known = converted ? new Map<string, number>() : errorCounts(before.issues);
  report(35);

  const thumbnailPath = path.join(workDir, 'thumbnail.png');
  let coarse: Document | null = null;
  await optimizeDocument(
    doc,
    (d) => renderThumbnail(d, thumbnailPath, 512, { decoded: (image) => textures.decoded(image) }),
    (i) => report(35 + i * 12),
    async (d) => {
      coarse = await coarseDocument(d, (c) => countDocument(c).triangles);
    },
    textures,
  );
  // Counts describe the delivered model (after dedup / prune), not the upload.
  const counts = countDocument(doc);
  const bytes = await io.writeBinary(doc);
  report(88);

  const after = await validateGlb(bytes);
  const fresh = errorsBeyond(after.issues, known);
  if (fresh.length > 0) throw ourInvalidOutput('the optimisation', fresh);
  const inherited = [...new Set(after.issues.filter((i) => i.severity === 0).map((i) => i.code))];
  if (inherited.length > 0) warnings.push(`The uploaded model already had these glTF issues: ${inherited.join(', ')}`);
  const glbPath = path.join(workDir, 'model.glb');
  await fs.promises.writeFile(glbPath, bytes);
  const coarseGlbPath = coarse ? await writeCoarse(io, coarse, path.join(workDir, 'model_coarse.glb'), known) : undefined;
  // The USDZ's images were cut from the source textures beside their WebP encodes.
  const usdzPath = await writeUsdz(bytes, path.join(workDir, 'model.usdz'), await textures.usdzImages()).catch((err: unknown) => {
    warnings.push(`The iOS AR version (USDZ) could not be made: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  report(100);
  return {
    glbPath,
    coarseGlbPath,
    usdzPath,
    thumbnailPath,
    report: {
      ...counts,
      bytesBefore,
      bytesAfter: bytes.byteLength,
      upAxis: frame.upAxis,
      frontAxis: frame.frontAxis,
      unitScale: frame.unitScale,
      warnings,
    },
  };
}
