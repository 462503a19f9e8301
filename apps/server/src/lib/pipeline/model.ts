import fs from 'node:fs';
import path from 'node:path';
import { type Document, type Node as GltfNode, Logger, type Mesh, NodeIO, Primitive, PropertyType } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import {
  clearNodeParent,
  createTransform,
  dedup,
  getPrimitiveVertexCount,
  instance,
  join,
  meshopt,
  palette,
  prune,
  resample,
  simplifyPrimitive,
  sparse,
  type TextureCompressOptions,
  textureCompress,
  unpartition,
  VertexCountMethod,
  weldPrimitive,
} from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { validateBytes } from 'gltf-validator';
import { MeshoptDecoder, MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import { coarseDocument } from './coarse';
import { asPipelineError, PipelineError, type ProgressFn, progress } from './errors';
import { GLTF_FRAME, type SourceFrame, type UpAxis } from './source-frame';
import { addTexturePreviews, pruneSolidTextures, TextureWork } from './textures';
import { importWithThree, type ThreeFormat } from './three-import';
import { instanceMatrices, renderThumbnail } from './thumbnail';
import { safeUnzip } from './unzip';
import { writeUsdz } from './usdz';

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

/** Longest texture side after optimisation. */
export const MAX_TEXTURE_SIZE = 2048;

/** Accepted model formats, in the order a zip's main file is chosen when it holds several. */
export const MODEL_EXTS = ['.glb', '.gltf', '.fbx', '.obj', '.3ds', '.dae', '.ply', '.stl'] as const;
const ACCEPTED = `${MODEL_EXTS.join(', ')} (or a .zip of one with its files)`;

/** Draco's decoder (WebAssembly), loaded once per worker on the first Draco-compressed upload. */
let dracoDecoder: Promise<unknown> | undefined;

/**
 * A glTF reader/writer with every extension and the meshopt codecs (used by the pipeline and the model library);
 * `withDraco` also loads Draco's decoder.
 */
export async function createIO(withDraco = false): Promise<NodeIO> {
  await MeshoptDecoder.ready;
  await MeshoptEncoder.ready;
  const deps: Record<string, unknown> = { 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder };
  if (withDraco) {
    dracoDecoder ??= draco3d.createDecoderModule();
    deps['draco3d.decoder'] = await dracoDecoder;
  }
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies(deps);
}

/** Whether a .gltf / .glb declares KHR_draco_mesh_compression (its JSON is read anyway by `assertLocalUris`). */
function usesDraco(json: { extensionsUsed?: unknown }): boolean {
  return Array.isArray(json.extensionsUsed) && json.extensionsUsed.includes('KHR_draco_mesh_compression');
}

function findMain(root: string, files: string[]): string {
  const rank = (f: string) => MODEL_EXTS.indexOf(path.extname(f).toLowerCase() as (typeof MODEL_EXTS)[number]);
  const models = files
    .filter((f) => rank(f) >= 0 && !f.split(path.sep).some((p) => p.startsWith('__MACOSX') || p.startsWith('.')))
    .sort((a, b) => rank(a) - rank(b) || a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
  if (models.length === 0) {
    if (files.some((f) => f.toLowerCase().endsWith('.max'))) throw maxError();
    throw new PipelineError('no_model_in_archive', `The archive contains no model; accepted formats: ${ACCEPTED}`);
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
  let json: { buffers?: { uri?: string }[]; images?: { uri?: string }[]; extensionsUsed?: unknown };
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
  return json;
}

/**
 * Counts what the report shows: triangles drawn (of lists, strips and fans; points and lines count none), each mesh
 * as often as nodes and GPU instances draw it.
 */
export function countDocument(doc: Document) {
  let triangles = 0;
  const root = doc.getRoot();
  const perMesh = new Map<Mesh, number>();
  for (const mesh of root.listMeshes()) {
    let n = 0;
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) n += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) n += Math.max(0, count - 2);
    }
    perMesh.set(mesh, n);
  }
  for (const node of root.listNodes()) {
    const mesh = node.getMesh();
    if (mesh) triangles += (perMesh.get(mesh) ?? 0) * instanceMatrices(node).length;
  }
  return {
    triangles,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    animations: root.listAnimations().map((a, i) => a.getName() || `animation ${i + 1}`),
    skins: root.listSkins().length,
    morphTargets: root.listMeshes().filter((m) => m.listPrimitives().some((p) => p.listTargets().length > 0)).length,
  };
}

/**
 * Whether any triangle of the document has an area (is not degenerate: three distinct, non-collinear corners). A
 * model made only of zero-area triangles shows nothing, and welding removes them, which would leave empty meshes.
 */
export function hasVisibleTriangle(doc: Document): boolean {
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  const c = [0, 0, 0];
  for (const mesh of doc.getRoot().listMeshes())
    for (const prim of mesh.listPrimitives()) {
      const mode = prim.getMode();
      const position = prim.getAttribute('POSITION');
      if (
        !position ||
        (mode !== Primitive.Mode.TRIANGLES && mode !== Primitive.Mode.TRIANGLE_STRIP && mode !== Primitive.Mode.TRIANGLE_FAN)
      )
        continue;
      const indices = prim.getIndices();
      const count = indices?.getCount() ?? position.getCount();
      const at = (i: number) => indices?.getScalar(i) ?? i;
      const corners = (t: number): [number, number, number] =>
        mode === Primitive.Mode.TRIANGLES
          ? [3 * t, 3 * t + 1, 3 * t + 2]
          : mode === Primitive.Mode.TRIANGLE_STRIP
            ? [t, t + 1, t + 2]
            : [0, t + 1, t + 2];
      const triangles = mode === Primitive.Mode.TRIANGLES ? Math.floor(count / 3) : Math.max(0, count - 2);
      for (let t = 0; t < triangles; t++) {
        const [i, j, k] = corners(t);
        position.getElement(at(i), a);
        position.getElement(at(j), b);
        position.getElement(at(k), c);
        const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const cross = Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!);
        // relative to the edges' lengths, so that rounding of collinear corners does not count as an area
        const scale = Math.hypot(u[0]!, u[1]!, u[2]!) * Math.hypot(v[0]!, v[1]!, v[2]!);
        if (cross > 1e-9 * scale && Number.isFinite(cross)) return true;
      }
    }
  return false;
}

interface ValidationIssue {
  severity: number;
  code: string;
  message: string;
  pointer?: string;
}

/**
 * Runs the Khronos glTF-Validator on GLB bytes: its error messages (empty when valid), the number of warnings and
 * the codes of every issue of any severity.
 */
export async function validateGlb(bytes: Uint8Array): Promise<{ errors: string[]; warnings: number; issues: ValidationIssue[] }> {
  const report = await validateBytes(bytes, {
    maxIssues: 500,
    externalResourceFunction: () => Promise.reject(new Error('external')),
  });
  const messages = (report.issues?.messages ?? []) as ValidationIssue[];
  return {
    errors: messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`),
    warnings: report.issues?.numWarnings ?? 0,
    issues: messages,
  };
}

/**
 * Optimises a document in place the way every upload is treated, the steps of `gltf-transform optimize`: dedup,
 * GPU instancing of a mesh repeated 5 times or more (EXT_mesh_gpu_instancing, which three.js's GLTFLoader draws as
 * an InstancedMesh), palette (materials that differ only in factors share a small palette texture), flatten and
 * join (compatible meshes become one draw call; skinned, morphing and animated nodes are left as they are), weld,
 * simplify within 0.01 % of the model's size, lossless resampling of animation keys, prune, sparse accessors,
 * textures capped at 2048 px as WebP (sharp, one image per core) with a 128 px preview each (`addTexturePreviews`), then meshopt
 * compression (EXT_meshopt_compression).
 * `beforeCompress` sees the joined, uncompressed document (used for the thumbnail); `beforeMeshopt` the document with
 * its final textures and previews, before the meshopt compression (used for the coarse version). `work` is the
 * model's texture work (`TextureWork`): given, the textures it inspected and started encoding are not decoded or
 * encoded again; without it, the encodes start here, still beside the geometry steps.
 */
export async function optimizeDocument(
  doc: Document,
  beforeCompress?: (doc: Document) => Promise<void>,
  onStep?: (i: number) => void,
  beforeMeshopt?: (doc: Document) => Promise<void>,
  work: TextureWork = new TextureWork(),
) {
  await MeshoptSimplifier.ready;
  // Texture encodes run on sharp's threads while the main thread welds and simplifies (no-op for images under way).
  work.startEncoding(doc, TEXTURE_OPTIONS);
  await doc.transform(
    dedup(),
    instance({ min: 5 }),
    palette(),
    flattenKeepingSkeletons(),
    join({ keepNamed: false, keepMeshes: false }),
  );
  await doc.transform(
    weldAndSimplify({ error: 0.0001 }),
    resample(),
    // Single-colour textures become factors as `prune` would, decoding only the images that may be one colour.
    prune({ keepAttributes: false, keepIndices: false, keepLeaves: false, keepSolidTextures: true }),
    createTransform('pruneSolidTextures', (d) => pruneSolidTextures(d, work)),
    sparse(),
  );
  onStep?.(1);
  await beforeCompress?.(doc);
  onStep?.(2);
  await doc.transform(textureCompress({ ...TEXTURE_OPTIONS, encoder: work.encoder() }));
  await addTexturePreviews(doc, work);
  await beforeMeshopt?.(doc);
  onStep?.(3);
  await compressMeshes(doc);
  onStep?.(4);
}

/** Textures capped at {@link MAX_TEXTURE_SIZE} px, as WebP (sharp's defaults: quality 80). */
const TEXTURE_OPTIONS: Omit<TextureCompressOptions, 'encoder'> = {
  targetFormat: 'webp',
  resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE],
};

/**
 * Whether a primitive deforms at run time: morph targets, or skin weights (JOINTS_n / WEIGHTS_n). Its triangles are
 * what the deformation moves, so it is never simplified (a simplifier sees only the rest pose: a flat strip that bends
 * or a grid that bulges would lose the triangles its motion needs), as gltfpack keeps them.
 */
export function deforms(prim: Primitive): boolean {
  return prim.listTargets().length > 0 || prim.listSemantics().some((s) => s.startsWith('JOINTS_') || s.startsWith('WEIGHTS_'));
}

/**
 * `weld` then `simplify` of gltf-transform, primitive by primitive, leaving deforming primitives' triangles alone:
 * every primitive is welded (bitwise-identical vertices only, morph target and skin attributes included, so neither
 * the triangles nor any pose change), and only static triangle primitives are simplified within `error` of the
 * model's size (points and lines are left as they are).
 */
function weldAndSimplify({ error }: { error: number }) {
  return createTransform('weldAndSimplify', async (doc) => {
    await MeshoptSimplifier.ready;
    for (const mesh of doc.getRoot().listMeshes()) {
      for (const prim of mesh.listPrimitives()) {
        weldPrimitive(prim, { overwrite: true });
        const mode = prim.getMode();
        const triangles =
          mode === Primitive.Mode.TRIANGLES || mode === Primitive.Mode.TRIANGLE_STRIP || mode === Primitive.Mode.TRIANGLE_FAN;
        if (triangles && !deforms(prim) && prim.getAttribute('POSITION'))
          simplifyPrimitive(prim, { simplifier: MeshoptSimplifier, error, ratio: 0, lockBorder: false });
        if (getPrimitiveVertexCount(prim, VertexCountMethod.RENDER) === 0) prim.dispose();
      }
      if (mesh.listPrimitives().length === 0) mesh.dispose();
    }
  });
}

/**
 * gltf-transform's `flatten` (nodes move to the scene's root with their world transform, so that `join` can merge
 * their meshes) except that skin joints stay where they are. `flatten` keeps the children of joints and animated
 * nodes in place but moves the root joints themselves: a skeleton with two root bones under an armature node (as
 * Blender exports a rig with an IK target) then has joints without a common root, which the glTF validator
 * rejects (SKIN_NO_COMMON_ROOT) and which breaks the skin's bind pose.
 */
function flattenKeepingSkeletons() {
  return createTransform('flattenKeepingSkeletons', async (doc) => {
    const root = doc.getRoot();
    const joints = new Set<GltfNode>();
    for (const skin of root.listSkins()) for (const joint of skin.listJoints()) joints.add(joint);
    const animated = new Set<GltfNode>();
    for (const clip of root.listAnimations())
      for (const channel of clip.listChannels()) {
        const node = channel.getTargetNode();
        if (node && channel.getTargetPath() !== 'weights') animated.add(node);
      }
    // Nodes below a joint or an animated node move with it: they stay where they are.
    const pinned = new Set<GltfNode>();
    for (const scene of root.listScenes())
      scene.traverse((node) => {
        const parent = node.getParentNode();
        if (parent && (joints.has(parent) || animated.has(parent) || pinned.has(parent))) pinned.add(node);
      });
    for (const scene of root.listScenes())
      scene.traverse((node) => {
        if (joints.has(node) || animated.has(node) || pinned.has(node)) return;
        clearNodeParent(node);
      });
    await doc.transform(prune({ propertyTypes: [PropertyType.NODE], keepLeaves: false }));
  });
}

/**
 * The last step of `optimizeDocument`: meshopt compression with quantisation, then prune (single-colour textures
 * were made factors before the encode: their WebP is not decoded again to look for them).
 */
async function compressMeshes(doc: Document) {
  await MeshoptEncoder.ready;
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'high' }), prune({ keepSolidTextures: true }));
}

/** A URI of a glTF as the creator's files name it: decoded, with `/` separators and without a leading `./`. */
function referencedName(uri: string): string {
  let name = uri;
  try {
    name = decodeURIComponent(uri);
  } catch {
    // a literal % in a file name
  }
  return name.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/**
 * The files a .gltf / .glb references (buffers and images by relative URI) that are not in the upload, by the URI
 * the model uses for them and by the name it reads as.
 */
function missingResources(json: { buffers?: { uri?: string }[]; images?: { uri?: string }[] }, gltfFile: string) {
  const missing = (items: { uri?: string }[] | undefined) =>
    (items ?? []).flatMap((item) => {
      const uri = item?.uri;
      if (typeof uri !== 'string' || uri.startsWith('data:')) return [];
      const name = referencedName(uri);
      return fs.existsSync(path.resolve(path.dirname(gltfFile), name)) ? [] : [{ uri, name }];
    });
  return { buffers: missing(json.buffers), images: missing(json.images) };
}

/** The advice of every warning about a file the upload lacks. */
const ADD_FILES_ADVICE = 'upload the model together with its files (or its whole folder), or a zip of the folder';

/**
 * Reads a .gltf / .glb: one buffer (a GLB holds at most one), Draco meshes decoded (the output uses meshopt). A
 * missing buffer (.bin) refuses the upload with `missing_files` naming every missing file; a missing image only
 * costs the model that texture (a warning names it).
 */
async function readGltf(mainFile: string, resourceRoot: string, warnings: string[]): Promise<{ io: NodeIO; doc: Document }> {
  const json = await assertLocalUris(mainFile, resourceRoot);
  const missing = missingResources(json, mainFile);
  if (missing.buffers.length > 0) {
    const files = [...new Set([...missing.buffers, ...missing.images].map((m) => m.name))];
    throw new PipelineError('missing_files', `The glTF references files that are not in the upload: ${files.join(', ')}`, {
      files,
    });
  }
  const io = await createIO(usesDraco(json));
  // Missing images are read as textures without an image, removed below (the reader's own notice is not needed).
  io.setStrictResources(missing.images.length === 0);
  io.setLogger(new Logger(Logger.Verbosity.ERROR));
  let doc: Document;
  try {
    doc = await io.read(mainFile);
  } catch (e) {
    throw new PipelineError('invalid_model', `Could not read the glTF: ${(e as Error).message}`, { cause: e });
  } finally {
    io.setStrictResources(true);
  }
  const missingImages = new Map(missing.images.map((m) => [m.uri, m.name]));
  for (const tex of doc.getRoot().listTextures()) {
    const name = missingImages.get(tex.getURI());
    if (name === undefined) continue;
    warnings.push(`Texture ${name} is not in the upload; the model is kept without it (${ADD_FILES_ADVICE})`);
    tex.dispose();
  }
  await doc.transform(unpartition());
  for (const ext of doc.getRoot().listExtensionsUsed()) {
    if (ext.extensionName === 'KHR_draco_mesh_compression') ext.dispose();
  }
  return { io, doc };
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
    report: { ...counts, bytesBefore, bytesAfter: bytes.byteLength, upAxis: frame.upAxis, unitScale: frame.unitScale, warnings },
  };
}
