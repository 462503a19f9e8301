import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A model picked as several files (or a whole folder) becomes ONE upload: the browser packs the main model file and
 * its side files (.bin, .mtl, textures, an FBX's .fbm folder) into a zip, keeping their relative folder paths, and
 * sends that zip through the usual tus upload. The server already takes "a .zip of a model with its files" and
 * re-checks everything in it (safe unzip, formats, the files a .gltf names → `missing_files`), so nothing here is
 * trusted by it: the checks below only turn the common mistakes into a clear message before any byte is sent.
 *
 * - Exactly one main model among the files (none, or several: "upload them one by one or as separate zips").
 * - A lone file (one model or one zip) goes up as it is; a zip among other files is refused (it would be nested).
 * - Hostile input is refused: more than `BUNDLE_MAX_FILES` files, more than `BUNDLE_MAX_BYTES` in all, names that
 *   climb out of the folder (`..`), absolute or drive paths, control characters, two files at the same path.
 * - Files picked flat from a dialog (no folders) still resolve: when the .gltf (or the .obj's .mtl) names
 *   `textures/wood.png` and only `wood.png` was picked, that file is placed at the named path in the zip.
 * - Already-compressed files (images, video, archives) are stored as they are; text and geometry are deflated.
 */

/** Main model formats, by extension (`.max` counts so the server can answer "export to FBX or glTF first"). */
export const MODEL_EXTENSIONS = ['glb', 'gltf', 'fbx', 'obj', '3ds', 'dae', 'stl', 'ply', 'max'] as const;
/** Side files a model brings along: buffers, materials and texture pictures. */
export const SIDE_EXTENSIONS = [
  'bin',
  'mtl',
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
  'bmp',
  'tga',
  'tif',
  'tiff',
  'ktx2',
  'dds',
  'hdr',
  'exr',
];
/** The file picker's `accept`: a model, a zip of one, or the side files picked together with the model. */
export const MODEL_PICKER_ACCEPT = [...MODEL_EXTENSIONS, 'zip', ...SIDE_EXTENSIONS].map((e) => `.${e}`).join(',');
/** The formats the picker's help text names. */
export const MODEL_FORMATS_LABEL = 'glTF/GLB, FBX, OBJ, 3DS, DAE, STL, PLY';

/** At most this many files in one model (the server's zip limit is higher; a model never needs more). */
export const BUNDLE_MAX_FILES = 1000;
/** The model upload limit (the default allow-list's 500 MB for model files; the server checks its own rule again). */
export const BUNDLE_MAX_BYTES = 500 * 1024 ** 2;

/** A picked file with its path relative to what was picked ('/'-separated; just its name when picked flat). */
export interface PickedFile {
  file: File;
  path: string;
}

export type BundleProblem =
  | { code: 'empty' }
  | { code: 'noModel'; names: string[] }
  | { code: 'severalModels'; names: string[] }
  | { code: 'zipWithOthers'; names: string[] }
  | { code: 'tooMany'; count: number; max: number }
  | { code: 'tooLarge'; size: number; max: number }
  | { code: 'badName'; names: string[] }
  | { code: 'duplicate'; names: string[] };

export type UploadPlan =
  /** One file, uploaded as it is (a model, a zip, or a file the server will refuse with its own message). */
  | { kind: 'single'; file: File }
  /** A main model and its side files, packed into `name` (a .zip) with the paths given. */
  | { kind: 'bundle'; name: string; main: string; files: PickedFile[]; bytes: number };

export type PlanResult = { ok: true; plan: UploadPlan } | { ok: false; problem: BundleProblem };

const extOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};
const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
const isModel = (p: string) => (MODEL_EXTENSIONS as readonly string[]).includes(extOf(p));

/** System clutter a folder carries (Finder, Explorer, macOS zips): never part of a model. */
function isJunk(path: string): boolean {
  const parts = path.split('/');
  const name = parts.at(-1)!.toLowerCase();
  return parts.some((p) => p.startsWith('.') || p === '__MACOSX') || name === 'thumbs.db' || name === 'desktop.ini';
}

/** The path's segments when it is a plain relative path, else null (absolute, drive, `..`, control characters). */
function safeSegments(path: string): string[] | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!path || path.length > 1024 || /[\u0000-\u001f\u007f\\]/.test(path) || path.startsWith('/')) return null;
  const parts = path.split('/');
  if (/^[a-z]:/i.test(parts[0]!)) return null;
  return parts.every((p) => p && p !== '.' && p !== '..' && p.length <= 255) ? parts : null;
}

/** Several names for a message: the first few, then how many more. */
export function nameList(names: string[], max = 5): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} … (+${names.length - max})`;
}

/** Decides what one pick (files, a folder or a drop) uploads; see the module comment for the rules. */
export function planModelUpload(picked: PickedFile[]): PlanResult {
  const withPaths = picked.map((p) => ({ file: p.file, path: p.path || p.file.name }));
  if (withPaths.length === 1) return { ok: true, plan: { kind: 'single', file: withPaths[0]!.file } };
  const bad = withPaths.filter((p) => !safeSegments(p.path)).map((p) => p.path || p.file.name);
  if (bad.length) return { ok: false, problem: { code: 'badName', names: bad } };
  const files = withPaths.filter((p) => !isJunk(p.path));
  if (files.length === 0) return { ok: false, problem: { code: 'empty' } };
  if (files.length === 1) return { ok: true, plan: { kind: 'single', file: files[0]!.file } };
  if (files.length > BUNDLE_MAX_FILES)
    return { ok: false, problem: { code: 'tooMany', count: files.length, max: BUNDLE_MAX_FILES } };
  const bytes = files.reduce((n, f) => n + f.file.size, 0);
  if (bytes > BUNDLE_MAX_BYTES) return { ok: false, problem: { code: 'tooLarge', size: bytes, max: BUNDLE_MAX_BYTES } };
  const zips = files.filter((f) => extOf(f.path) === 'zip');
  if (zips.length) return { ok: false, problem: { code: 'zipWithOthers', names: zips.map((f) => f.path) } };
  const seen = new Set<string>();
  const dup = files.filter((f) => {
    const key = f.path.toLowerCase();
    return seen.has(key) || !seen.add(key);
  });
  if (dup.length) return { ok: false, problem: { code: 'duplicate', names: dup.map((f) => f.path) } };
  const models = files.filter((f) => isModel(f.path));
  if (models.length === 0) return { ok: false, problem: { code: 'noModel', names: files.map((f) => f.path) } };
  if (models.length > 1) return { ok: false, problem: { code: 'severalModels', names: models.map((f) => f.path) } };
  // A picked folder puts its own name first on every path: drop it, so the zip holds the model's files themselves.
  const first = files[0]!.path.split('/')[0]!;
  const shared = files.every((f) => f.path.startsWith(`${first}/`));
  const rel = shared ? files.map((f) => ({ file: f.file, path: f.path.slice(first.length + 1) })) : files;
  const main = rel.find((f) => isModel(f.path))!.path;
  const stem = baseOf(main).replace(/\.[^.]+$/, '') || 'model';
  return { ok: true, plan: { kind: 'bundle', name: `${stem}.zip`, main, files: rel, bytes } };
}

/** The relative files a .gltf names (buffers and images), as paths from the .gltf's folder; data: and URLs left out. */
function gltfReferences(text: string): string[] {
  try {
    const json = JSON.parse(text) as { buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
    return [...(json.buffers ?? []), ...(json.images ?? [])]
      .map((r) => r?.uri)
      .filter((u): u is string => typeof u === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(u))
      .map((u) => {
        try {
          return decodeURIComponent(u);
        } catch {
          return u;
        }
      });
  } catch {
    return []; // not JSON: the server says what is wrong with it
  }
}

/** The files an .obj (`mtllib`) or .mtl (`map_Kd`, `bump`, …: the last word of the line) names. */
function lineReferences(text: string, keys: RegExp): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => keys.test(l))
    .map((l) => l.split(/\s+/).at(-1)!.replace(/\\/g, '/'));
}

/** Joins `ref` to `dir` ('a/b/' + '../c.png' → 'a/c.png'); null when it climbs out of the upload. */
function joinPath(dir: string, ref: string): string | null {
  const out: string[] = [];
  for (const part of `${dir}${ref}`.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/') || null;
}

/**
 * Files picked flat (from one dialog, without their folders) placed where the main model names them: a .gltf's
 * `textures/wood.png` takes the picked `wood.png` when no file is at that path and exactly one has that name.
 * Files already at a named path, and names that match several files, are left alone.
 */
export async function placeReferencedFiles(plan: Extract<UploadPlan, { kind: 'bundle' }>): Promise<PickedFile[]> {
  const files = plan.files.map((f) => ({ ...f }));
  const at = (p: string) => files.find((f) => f.path.toLowerCase() === p.toLowerCase());
  const place = (fromDir: string, refs: string[]) => {
    const placed: PickedFile[] = [];
    for (const ref of refs) {
      const target = joinPath(fromDir, ref);
      if (!target) continue;
      const found = at(target);
      if (found) {
        placed.push(found);
        continue;
      }
      const byName = files.filter((f) => baseOf(f.path).toLowerCase() === baseOf(target).toLowerCase());
      // only a file no other reference already placed, so one picture is never moved twice
      if (byName.length === 1 && byName[0]!.path !== plan.main) {
        byName[0]!.path = target;
        placed.push(byName[0]!);
      }
    }
    return placed;
  };
  const main = files.find((f) => f.path === plan.main)!;
  const ext = extOf(main.path);
  if (ext === 'gltf') place(dirOf(main.path), gltfReferences(await main.file.text()));
  if (ext === 'obj') {
    const mtls = place(dirOf(main.path), lineReferences(await main.file.text(), /^mtllib\s/));
    for (const mtl of mtls)
      place(dirOf(mtl.path), lineReferences(await mtl.file.text(), /^(map_\w+|bump|disp|decal|refl|norm)\s/i));
  }
  return files;
}

/** Already compressed: stored as they are (deflating them again costs time and saves nothing). */
const STORED = /\.(png|jpe?g|webp|gif|ktx2|basis|mp4|webm|mp3|ogg|zip|glb|gz)$/i;
/** A file date a zip can hold (DOS dates run from 1980 to 2099; fflate refuses others). */
const zipDate = (ms: number) => Math.min(Math.max(ms || 0, Date.UTC(1980, 0, 2)), Date.UTC(2099, 11, 30));
/** Bytes read per step, so a large file is never held whole in memory at once. */
const READ_CHUNK = 4 * 1024 * 1024;

/**
 * Packs the bundle into one zip `File` (fflate's streaming zip: each file read in chunks, images stored, the
 * rest deflated), reporting bytes read of all. Stops with an AbortError when `signal` aborts.
 */
export async function packBundle(
  plan: Extract<UploadPlan, { kind: 'bundle' }>,
  onProgress: (done: number, total: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<File> {
  const files = await placeReferencedFiles(plan);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((err, data, final) => {
    if (err) failure = err;
    else parts.push(data as Uint8Array<ArrayBuffer>);
    if (final) finished = true;
  });
  let done = 0;
  onProgress(0, plan.bytes);
  for (const { file, path } of files) {
    const entry = STORED.test(path) ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    entry.mtime = zipDate(file.lastModified);
    zip.add(entry);
    if (file.size === 0) entry.push(new Uint8Array(0), true);
    for (let at = 0; at < file.size; at += READ_CHUNK) {
      if (signal?.aborted) throw new DOMException('Packing stopped', 'AbortError');
      const bytes = new Uint8Array(await file.slice(at, at + READ_CHUNK).arrayBuffer());
      entry.push(bytes, at + READ_CHUNK >= file.size);
      done += bytes.length;
      onProgress(done, plan.bytes);
      if (failure) throw failure;
    }
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('The zip did not finish');
  // The same files give the same bytes and date, so tus resumes an interrupted upload when they are picked again.
  const lastModified = Math.max(0, ...files.map((f) => f.file.lastModified || 0));
  return new File(parts, plan.name, { type: 'application/zip', lastModified });
}

/** The picked files of an `<input type=file multiple>` (with `webkitdirectory`, their paths inside the folder). */
export function filesFromInput(list: FileList | File[]): PickedFile[] {
  return Array.from(list, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Reads a dropped folder's entries (`readEntries` answers in batches until an empty one). */
function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    const next = () =>
      reader.readEntries((batch) => {
        if (!batch.length) resolve(all);
        else {
          all.push(...batch);
          if (all.length > BUNDLE_MAX_FILES) resolve(all);
          else next();
        }
      }, reject);
    next();
  });
}

/**
 * The files of a drop: several files and/or folders (walked through `webkitGetAsEntry`), with their paths; the
 * walk stops past `BUNDLE_MAX_FILES` (then refused as too many). Without entry support, the dropped files flat.
 */
export async function filesFromDrop(dt: DataTransfer): Promise<PickedFile[]> {
  // entries must be taken now: the DataTransfer is emptied once the drop handler returns
  const entries = Array.from(dt.items ?? [])
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.() ?? null);
  if (!entries.length || entries.some((e) => !e)) return filesFromInput(dt.files);
  const out: PickedFile[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (out.length > BUNDLE_MAX_FILES) return;
    if (entry.isFile) {
      const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
      out.push({ file, path: `${prefix}${entry.name}` });
    } else if (entry.isDirectory) {
      for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, `${prefix}${entry.name}/`);
    }
  };
  for (const e of entries) await walk(e!, '');
  return out;
}
