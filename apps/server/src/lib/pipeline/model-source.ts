import fs from 'node:fs';
import path from 'node:path';
import { type Document, Logger, type NodeIO } from '@gltf-transform/core';
import { unpartition } from '@gltf-transform/functions';
import { PipelineError } from './errors';
import { createIO } from './gltf-io';

/*
 * The source of an upload: which file of a zip is the model, the formats accepted (.max refused with advice), and a
 * .gltf / .glb read safely (resources only inside the upload, missing files named, Draco decoded).
 */

/** Accepted model formats, in the order a zip's main file is chosen when it holds several. */
export const MODEL_EXTS = ['.glb', '.gltf', '.fbx', '.obj', '.3ds', '.dae', '.ply', '.stl'] as const;
export const ACCEPTED = `${MODEL_EXTS.join(', ')} (or a .zip of one with its files)`;

/** Whether a .gltf / .glb declares KHR_draco_mesh_compression (its JSON is read anyway by `assertLocalUris`). */
function usesDraco(json: { extensionsUsed?: unknown }): boolean {
  return Array.isArray(json.extensionsUsed) && json.extensionsUsed.includes('KHR_draco_mesh_compression');
}

export function findMain(root: string, files: string[]): string {
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

export const maxError = () =>
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
export const ADD_FILES_ADVICE = 'upload the model together with its files (or its whole folder), or a zip of the folder';

/**
 * Reads a .gltf / .glb: one buffer (a GLB holds at most one), Draco meshes decoded (the output uses meshopt). A
 * missing buffer (.bin) refuses the upload with `missing_files` naming every missing file; a missing image only
 * costs the model that texture (a warning names it).
 */
export async function readGltf(
  mainFile: string,
  resourceRoot: string,
  warnings: string[],
): Promise<{ io: NodeIO; doc: Document }> {
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
