import fs from 'node:fs';
import path from 'node:path';
import { type Document, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dedup, meshopt, prune, textureCompress, weld } from '@gltf-transform/functions';
import { validateBytes } from 'gltf-validator';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { PipelineError, type ProgressFn, progress } from './errors';
import { importWithThree, type ThreeFormat } from './three-import';
import { renderThumbnail } from './thumbnail';
import { safeUnzip } from './unzip';

export interface ModelReport {
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
  bytesBefore: number;
  bytesAfter: number;
  warnings: string[];
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
  /** PNG, 512×512. */
  thumbnailPath: string;
  report: ModelReport;
}

/** Longest texture side after optimisation. */
export const MAX_TEXTURE_SIZE = 2048;

const MODEL_EXTS = ['.glb', '.gltf', '.fbx', '.obj', '.3ds'] as const;

/** A glTF reader/writer with every extension and the meshopt codecs (used by the pipeline and the model library). */
export async function createIO(): Promise<NodeIO> {
  await MeshoptDecoder.ready;
  await MeshoptEncoder.ready;
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
}

function findMain(root: string, files: string[]): string {
  const rank = (f: string) => MODEL_EXTS.indexOf(path.extname(f).toLowerCase() as (typeof MODEL_EXTS)[number]);
  const models = files
    .filter((f) => rank(f) >= 0 && !f.split(path.sep).some((p) => p.startsWith('__MACOSX') || p.startsWith('.')))
    .sort((a, b) => rank(a) - rank(b) || a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
  if (models.length === 0) {
    if (files.some((f) => f.toLowerCase().endsWith('.max'))) throw maxError();
    throw new PipelineError('unsupported_format', 'The archive contains no glTF, GLB, OBJ, FBX or 3DS model');
  }
  return path.join(root, models[0]!);
}

const maxError = () =>
  new PipelineError(
    'max_unsupported',
    'Native 3ds Max (.max) files cannot be read: export the scene from 3ds Max to FBX or glTF first, then upload that file.',
  );

/**
 * A .gltf (or .glb) names its .bin and images by URI; only data: URIs and relative paths that stay inside the upload are
 * read, so a crafted file cannot pull server files (../../etc/passwd) or URLs into the output.
 */
async function assertLocalUris(gltfFile: string, root: string) {
  let json: { buffers?: { uri?: string }[]; images?: { uri?: string }[] };
  try {
    const bytes = await fs.promises.readFile(gltfFile);
    // A GLB carries its JSON in the first chunk: magic, version, length, then chunk length and type.
    const isGlb = bytes.toString('latin1', 0, 4) === 'glTF';
    const text = isGlb ? bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12)) : bytes.toString('utf8');
    json = JSON.parse(text);
  } catch (e) {
    throw new PipelineError('invalid_model', `The glTF JSON is unreadable: ${(e as Error).message}`, { cause: e });
  }
  const base = path.resolve(root);
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = item?.uri;
    if (typeof uri !== 'string' || uri.startsWith('data:')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      decoded = uri;
    }
    const target = path.resolve(path.dirname(gltfFile), decoded);
    if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) || path.isAbsolute(decoded) || !target.startsWith(base + path.sep)) {
      throw new PipelineError('zip_escape', `The glTF references a resource outside the upload: ${uri}`);
    }
  }
}

/** Counts what the report shows; triangles of lists, strips and fans (points and lines count none). */
export function countDocument(doc: Document) {
  let triangles = 0;
  const root = doc.getRoot();
  for (const mesh of root.listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const n = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) triangles += Math.floor(n / 3);
      else if (mode === 5 || mode === 6) triangles += Math.max(0, n - 2);
    }
  }
  return {
    triangles,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
  };
}

/** Runs the Khronos glTF-Validator on GLB bytes and returns its error messages (empty when valid). */
export async function validateGlb(bytes: Uint8Array): Promise<{ errors: string[]; warnings: number }> {
  const report = await validateBytes(bytes, {
    maxIssues: 100,
    externalResourceFunction: () => Promise.reject(new Error('external')),
  });
  const messages = (report.issues?.messages ?? []) as { severity: number; code: string; message: string; pointer?: string }[];
  return {
    errors: messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`),
    warnings: report.issues?.numWarnings ?? 0,
  };
}

/**
 * sharp for `textureCompress`, encoding one texture at a time. Each sharp call holds a thread of libuv's pool
 * (4 threads by default) for its whole duration, and that pool is shared by every thread of the process: encoding
 * all of a model's textures at once would leave the API's file reads, writes and password hashing waiting for seconds.
 */
function oneAtATimeSharp(): typeof sharp {
  let busy = false;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (!busy) busy = true;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // The slot passes straight to the next waiter, so nothing can slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };
  return ((...args: Parameters<typeof sharp>) => {
    const instance = sharp(...args);
    const toBuffer = instance.toBuffer.bind(instance) as (...a: unknown[]) => Promise<unknown>;
    instance.toBuffer = (async (...a: unknown[]) => {
      await acquire();
      try {
        return await toBuffer(...a);
      } finally {
        release();
      }
    }) as typeof instance.toBuffer;
    return instance;
  }) as typeof sharp;
}

/**
 * Optimises a document in place the way every upload is treated: dedup, weld, prune, textures capped at
 * 2048 px and re-encoded as WebP (sharp), then meshopt compression (EXT_meshopt_compression).
 * `beforeCompress` sees the welded, uncompressed document (used for the thumbnail).
 */
export async function optimizeDocument(
  doc: Document,
  beforeCompress?: (doc: Document) => Promise<void>,
  onStep?: (i: number) => void,
) {
  await doc.transform(dedup(), weld(), prune());
  onStep?.(1);
  await beforeCompress?.(doc);
  onStep?.(2);
  await doc.transform(
    textureCompress({ encoder: oneAtATimeSharp(), targetFormat: 'webp', resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE] }),
  );
  onStep?.(3);
  await MeshoptEncoder.ready;
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'high' }), prune());
  onStep?.(4);
}

/**
 * Turns an uploaded 3D model into one optimised, validated GLB, a 512×512 PNG thumbnail and a report.
 * Accepts .glb, .gltf, .obj, .fbx (binary and ASCII), .3ds, or a .zip holding one of those with its
 * resources (.bin, .mtl, textures); zips are extracted safely (see `safeUnzip`). `.max` is refused with
 * `max_unsupported`. Throws `PipelineError` for bad input and `validation_failed` if the output does not pass
 * the glTF-Validator with zero errors.
 */
export async function processModel({
  inputPath,
  originalName,
  workDir,
  onProgress,
}: ProcessModelInput): Promise<ProcessModelResult> {
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
    throw new PipelineError('unsupported_format', `Unsupported model format: ${ext || originalName}`);
  }
  report(10);

  const io = await createIO();
  let doc: Document;
  if (mainExt === '.glb' || mainExt === '.gltf') {
    await assertLocalUris(mainFile, resourceRoot);
    try {
      doc = await io.read(mainFile);
    } catch (e) {
      throw new PipelineError('invalid_model', `Could not read the glTF: ${(e as Error).message}`, { cause: e });
    }
  } else {
    doc = await importWithThree(mainFile, mainExt.slice(1) as ThreeFormat, resourceRoot, warnings);
  }
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  if (countDocument(doc).triangles === 0) throw new PipelineError('invalid_model', 'The model has no triangles');
  report(35);

  const thumbnailPath = path.join(workDir, 'thumbnail.png');
  await optimizeDocument(
    doc,
    (d) => renderThumbnail(d, thumbnailPath),
    (i) => report(35 + i * 12),
  );
  // Counts describe the delivered model (after dedup / prune), not the upload.
  const counts = countDocument(doc);
  const bytes = await io.writeBinary(doc);
  report(88);

  const { errors } = await validateGlb(bytes);
  if (errors.length > 0) {
    throw new PipelineError('validation_failed', `The optimised model failed glTF validation: ${errors.slice(0, 5).join('; ')}`);
  }
  const glbPath = path.join(workDir, 'model.glb');
  await fs.promises.writeFile(glbPath, bytes);
  report(100);
  return {
    glbPath,
    thumbnailPath,
    report: { ...counts, bytesBefore, bytesAfter: bytes.byteLength, warnings },
  };
}
