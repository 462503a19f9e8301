import fs from 'node:fs';
import path from 'node:path';
import { ImageUtils, Logger } from '@gltf-transform/core';
import type { AvatarModelStats } from '@xr/contract/avatars';
import { asPipelineError, PipelineError, type ProgressFn, progress } from './errors';
import { countDocument, createIO, validateGlb } from './gltf-io';
import { renderThumbnail } from './thumbnail';

export interface ProcessAvatarInput {
  inputPath: string;
  /** The user's file name: `.glb` or `.vrm`. */
  originalName: string;
  workDir: string;
  onProgress?: ProgressFn;
}

export interface ProcessAvatarResult {
  /** The validated original, unchanged (a VRM's VRMC_vrm / VRM extension data stays intact). */
  modelPath: string;
  format: 'glb' | 'vrm';
  /** PNG, 512×512, the software renderer's view of the figure. */
  thumbnailPath: string;
  /** The avatar budget's figures (contract `checkAvatarBudget` decides). */
  stats: AvatarModelStats;
}

interface GlbJson {
  extensionsUsed?: unknown;
  buffers?: { uri?: unknown }[];
  images?: { uri?: unknown }[];
}

/** The JSON chunk of a GLB, or a refusal. */
function glbJson(bytes: Buffer): GlbJson {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'glTF' || bytes.readUInt32LE(16) !== 0x4e4f534a) {
    throw new PipelineError('invalid_model', 'Not a binary glTF (GLB / VRM) file');
  }
  try {
    return JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(12))) as GlbJson;
  } catch (e) {
    throw new PipelineError('invalid_model', `The glTF JSON is unreadable: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * Checks an uploaded avatar (GLB, or VRM: a GLB with the VRMC_vrm or VRM extension) and measures its budget
 * figures: triangles drawn, textures, the largest texture side and the bones (distinct skin joints). The file must
 * be self-contained (no external buffers or images), pass the Khronos validator without errors and hold triangles.
 * The delivered model is the validated original, so VRM data that glTF-Transform does not know survives; the
 * thumbnail is rendered from it.
 */
export async function processAvatar(input: ProcessAvatarInput): Promise<ProcessAvatarResult> {
  try {
    return await runAvatar(input);
  } catch (err) {
    throw asPipelineError(err);
  }
}

async function runAvatar({ inputPath, originalName, workDir, onProgress }: ProcessAvatarInput): Promise<ProcessAvatarResult> {
  const report = progress(onProgress);
  report(0);
  const ext = path.extname(originalName).toLowerCase();
  if (ext !== '.glb' && ext !== '.vrm') throw new PipelineError('unsupported_format', `Not an avatar format: ${ext}`);
  const format = ext === '.vrm' ? 'vrm' : 'glb';
  const bytes = await fs.promises.readFile(inputPath);
  const json = glbJson(bytes);
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    if (typeof item?.uri === 'string' && !item.uri.startsWith('data:')) {
      throw new PipelineError('zip_escape', `The avatar references an external resource: ${item.uri}`);
    }
  }
  const used = Array.isArray(json.extensionsUsed) ? (json.extensionsUsed as unknown[]) : [];
  if (format === 'vrm' && !used.includes('VRMC_vrm') && !used.includes('VRM')) {
    throw new PipelineError('invalid_model', 'A .vrm file without the VRMC_vrm or VRM extension');
  }
  report(10);
  const validation = await validateGlb(bytes);
  if (validation.errors.length > 0) {
    throw new PipelineError('invalid_model', `The avatar fails glTF validation: ${validation.errors.slice(0, 5).join('; ')}`);
  }
  report(40);
  const io = await createIO(used.includes('KHR_draco_mesh_compression'));
  let doc: Awaited<ReturnType<typeof io.readBinary>>;
  try {
    doc = await io.readBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    throw new PipelineError('invalid_model', `Could not read the avatar: ${(e as Error).message}`, { cause: e });
  }
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  const root = doc.getRoot();
  const counts = countDocument(doc);
  if (counts.triangles === 0) throw new PipelineError('no_geometry', 'The avatar has no triangles');
  let textureSize = 0;
  for (const texture of root.listTextures()) {
    const image = texture.getImage();
    const size = image ? ImageUtils.getSize(image, texture.getMimeType()) : null;
    if (size) textureSize = Math.max(textureSize, size[0], size[1]);
  }
  const joints = new Set(root.listSkins().flatMap((s) => s.listJoints()));
  const stats: AvatarModelStats = {
    triangles: counts.triangles,
    textures: root.listTextures().length,
    textureSize,
    bones: joints.size,
  };
  report(60);
  await fs.promises.mkdir(workDir, { recursive: true });
  const thumbnailPath = path.join(workDir, 'thumbnail.png');
  await renderThumbnail(doc, thumbnailPath);
  const modelPath = path.join(workDir, `model.${format}`);
  await fs.promises.copyFile(inputPath, modelPath);
  report(100);
  return { modelPath, format, thumbnailPath, stats };
}
