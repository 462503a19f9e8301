import fs from 'node:fs/promises';
import path from 'node:path';

/** Credits of an asset pack, kept on each model imported from it. `author` / `license` / `url` null: not known. */
export interface PackCredit {
  pack: string;
  author: string | null;
  license: string | null;
  url: string | null;
}

/** A licence file's name: `License.txt`, `LICENSE`, `license.md`, `Licence.txt`... */
export const isLicenseFile = (name: string) => /^licen[cs]e([._-].*)?$/i.test(name);

/** Publishers whose packs say little about themselves: matched in the licence text or the folder path. */
export const KNOWN_PUBLISHERS: { match: RegExp; author: string; url: string }[] = [
  { match: /kenney/i, author: 'Kenney', url: 'https://kenney.nl' },
  { match: /quaternius/i, author: 'Quaternius', url: 'https://quaternius.com' },
  { match: /poly\s?pizza/i, author: 'Poly Pizza', url: 'https://poly.pizza' },
];

/** Folders that hold a pack's files by format or kind, not a pack of their own (`Models/FBX format`, `OBJ`). */
const TECHNICAL_FOLDER =
  /^(models?|meshes|assets|textures?|fbx|obj|gltf|glb|dae|collada|stl|ply|3ds|blend(er)?|source|files|export(s)?|.+ format)$/i;

/** `Man Animated - Oct 2017` -> `Man Animated`; `Graveyard Kit (0.2)` stays (the version is part of its name). */
export function packNameOf(folder: string): string {
  return (
    folder
      .replace(/\s+-\s+(\w+\.?\s+)?\d{4}$/, '')
      .replace(/\s*\[[^\]]*\]\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim() || folder
  );
}

/** Which licence a licence text grants, as a short name (null when none is recognised). */
export function licenseOf(text: string): string | null {
  if (/\bCC0\b|creative\s+commons\s+zero|publicdomain\/zero/i.test(text)) return 'CC0 1.0';
  if (/creativecommons\.org\/licenses\/by-sa\/4\.0|\bCC[ -]BY[ -]SA\s*4/i.test(text)) return 'CC BY-SA 4.0';
  if (/creativecommons\.org\/licenses\/by\/4\.0|\bCC[ -]BY\s*4/i.test(text)) return 'CC BY 4.0';
  if (/creativecommons\.org\/licenses\/by\/3\.0|\bCC[ -]BY\s*3/i.test(text)) return 'CC BY 3.0';
  if (/\bMIT License\b/i.test(text)) return 'MIT';
  return null;
}

/**
 * Credits from a licence text and the pack's path: the licence; the author from "Created/distributed by X",
 * "Models by @X", "Author: X" or a known publisher; the link from a known publisher, else the text's first web address
 * that is not the licence's own.
 */
export function creditOf(pack: string, licenseText: string, packPath: string): PackCredit {
  const known = KNOWN_PUBLISHERS.find((p) => p.match.test(licenseText)) ?? KNOWN_PUBLISHERS.find((p) => p.match.test(packPath));
  const byline =
    /(?:created(?:\s*\/\s*distributed)?|distributed|made|models?)\s+by\s+@?([A-Za-z0-9][\w .'-]{0,40}?)(?:\s*\(|\s*$|\s*[,\n])/im.exec(
      licenseText,
    )?.[1] ?? /^\s*(?:author|creator)\s*:\s*(.+)$/im.exec(licenseText)?.[1];
  const urls = [...licenseText.matchAll(/https?:\/\/[^\s)>\]]+/g)]
    .map((u) => u[0])
    .filter((u) => !/creativecommons\.org/i.test(u));
  return {
    pack,
    author: known?.author ?? byline?.trim() ?? null,
    license: licenseOf(licenseText),
    url: known?.url ?? urls[0] ?? null,
  };
}

/** Formats in the order a pack's copy of one model is taken (packs ship the same model as GLB, FBX, OBJ, DAE, STL). */
export const FORMAT_PREFERENCE = ['.glb', '.gltf', '.fbx', '.dae', '.obj', '.3ds', '.ply', '.stl'] as const;

/** One model file of a pack to import. */
export interface PackFile {
  /** Absolute path. */
  file: string;
  credit: PackCredit | null;
}

/** A model file with the pack (licence folder) it belongs to; `credit` null: no licence file above it. */
interface Found {
  file: string;
  licenseDir: string | null;
}

async function readLicense(dir: string): Promise<{ name: string; text: string } | null> {
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  const name = entries.filter(isLicenseFile).sort()[0];
  if (!name) return null;
  return { name, text: await fs.readFile(path.join(dir, name), 'utf8').catch(() => '') };
}

/**
 * The pack a model file belongs to: the nearest folder above it (up to the licence folder) whose name is not a
 * technical one (`FBX`, `Models`, `GLTF format`). So `quaternius/Characters/Man Animated - Oct 2017/FBX/x.fbx` under
 * `quaternius/License.txt` is the pack "Man Animated", and `kenney/Graveyard Kit (0.2)/Models/x.fbx` "Graveyard Kit (0.2)".
 */
export function packFolderOf(file: string, licenseDir: string): string {
  let dir = path.dirname(file);
  while (dir.startsWith(licenseDir) && dir !== licenseDir) {
    if (!TECHNICAL_FOLDER.test(path.basename(dir))) return dir;
    dir = path.dirname(dir);
  }
  return licenseDir;
}

/**
 * Finds the packs under `root` and the model files to import from each: a folder holding a licence file is a pack
 * (its licence covers the folders below it; a licence up to three folders above `root` counts too, so one pack of a
 * publisher's collection can be imported alone). Of the copies of one model in several formats, one is taken
 * (`FORMAT_PREFERENCE`). Files no licence covers are imported without credits.
 */
export async function scanPacks(root: string, extensions: readonly string[], models: string[]): Promise<PackFile[]> {
  const licenses = new Map<string, { name: string; text: string } | null>();
  const licenseAt = async (dir: string) => {
    if (!licenses.has(dir)) licenses.set(dir, await readLicense(dir));
    return licenses.get(dir) ?? null;
  };
  const found: Found[] = [];
  const top = [root, path.dirname(root), path.dirname(path.dirname(root)), path.dirname(path.dirname(path.dirname(root)))];
  for (const file of models) {
    let licenseDir: string | null = null;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if (await licenseAt(dir)) {
        licenseDir = dir;
        break;
      }
      if (!dir.startsWith(root) && !top.includes(dir)) break;
      if (dir === path.dirname(dir) || dir === top[3]) break;
    }
    found.push({ file, licenseDir });
  }
  // one copy per model: by pack folder and name without extension, the preferred format
  const rank = (f: string) => {
    const i = (FORMAT_PREFERENCE as readonly string[]).indexOf(path.extname(f).toLowerCase());
    return i < 0 ? FORMAT_PREFERENCE.length + extensions.indexOf(path.extname(f).toLowerCase()) : i;
  };
  const best = new Map<string, Found>();
  for (const f of found) {
    const packDir = f.licenseDir ? packFolderOf(f.file, f.licenseDir) : path.dirname(f.file);
    const id = `${packDir}\0${path.basename(f.file, path.extname(f.file)).toLowerCase()}`;
    const prev = best.get(id);
    if (!prev || rank(f.file) < rank(prev.file)) best.set(id, f);
  }
  const out: PackFile[] = [];
  for (const f of [...best.values()].sort((a, b) => a.file.localeCompare(b.file))) {
    if (!f.licenseDir) {
      out.push({ file: f.file, credit: null });
      continue;
    }
    const packDir = packFolderOf(f.file, f.licenseDir);
    const license = await licenseAt(f.licenseDir);
    out.push({ file: f.file, credit: creditOf(packNameOf(path.basename(packDir)), license?.text ?? '', packDir) });
  }
  return out;
}
