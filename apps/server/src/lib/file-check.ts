import fs from 'node:fs/promises';
import type { Metadata } from 'sharp';
import yauzl from 'yauzl';
import { decodeText } from './pipeline/text';
import { loadSharp } from './sharp';

/** Why an uploaded file is refused: a contract message key (all of them say "Illegal document…"). */
export type RejectionKey =
  | 'fileTypeMismatch'
  | 'fileZipBomb'
  | 'fileZipUnsafe'
  | 'fileImageTooLarge'
  | 'fileTruncated'
  | 'fileMaxExported';

export class FileRejection extends Error {
  constructor(readonly key: RejectionKey) {
    super(key);
  }
}

/** Limits of what is accepted. */
export const FILE_LIMITS = {
  /** Largest image in pixels (40 megapixels). */
  maxPixels: 40_000_000,
  /** Largest total uncompressed size of a zip. */
  zipMaxUncompressed: 4 * 1024 ** 3,
  /** Largest uncompressed / compressed ratio, for the whole archive and for any entry over 1 MB. */
  zipMaxRatio: 100,
  zipMaxEntries: 10_000,
};

const ascii = (s: string) => Buffer.from(s, 'latin1');
const at = (buf: Buffer, s: string | number[], offset = 0) => {
  const b = typeof s === 'string' ? ascii(s) : Buffer.from(s);
  return buf.length >= offset + b.length && buf.subarray(offset, offset + b.length).equals(b);
};

async function readAt(fd: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'webp']);

/**
 * Checks an uploaded file on disk against its extension: magic bytes, completeness (declared lengths, end
 * markers), zip safety (bombs, escaping paths, symlinks) and image size. Throws a `FileRejection`.
 */
export async function checkFile(file: string, extension: string): Promise<void> {
  const ext = extension.toLowerCase();
  if (ext === 'max') throw new FileRejection('fileMaxExported');
  const fd = await fs.open(file, 'r');
  try {
    const size = (await fd.stat()).size;
    if (size === 0) throw new FileRejection('fileTruncated');
    const head = await readAt(fd, 0, 64);
    const tail = await readAt(fd, Math.max(0, size - 64), Math.min(64, size));
    switch (ext) {
      case 'glb': {
        if (!at(head, 'glTF')) throw new FileRejection('fileTypeMismatch');
        if (head.length < 12 || head.readUInt32LE(8) !== size) throw new FileRejection('fileTruncated');
        break;
      }
      case 'gltf': {
        if (size > 64 * 1024 ** 2) break; // a huge JSON is left to the pipeline's validator
        const text = (await fd.readFile()).toString('utf8').replace(/^\uFEFF/, '');
        if (!text.trimStart().startsWith('{')) throw new FileRejection('fileTypeMismatch');
        try {
          const json = JSON.parse(text) as { asset?: unknown };
          if (!json.asset) throw new FileRejection('fileTypeMismatch');
        } catch (err) {
          if (err instanceof FileRejection) throw err;
          throw new FileRejection('fileTruncated');
        }
        break;
      }
      case 'zip':
        if (!at(head, [0x50, 0x4b, 0x03, 0x04])) throw new FileRejection('fileTypeMismatch');
        await fd.close().catch(() => undefined);
        await checkZip(file, size);
        return;
      case 'obj': {
        // UTF-16 (as Windows tools save text) is accepted; other text with NUL bytes is not an OBJ.
        const text = decodeText(await readAt(fd, 0, Math.min(size, 64 * 1024)));
        if (text.includes('\0')) throw new FileRejection('fileTypeMismatch');
        if (!/^\s*(v|vt|vn|f|o|g|s|l|p|mtllib|usemtl|#)\s/m.test(text)) {
          throw new FileRejection('fileTypeMismatch');
        }
        break;
      }
      case 'fbx': {
        if (at(head, 'Kaydara FBX Binary  \0')) {
          await checkFbxNodes(fd, size, head.readUInt32LE(23));
          break;
        }
        const text = head
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trimStart();
        if (!text.startsWith('; FBX')) throw new FileRejection('fileTypeMismatch');
        break;
      }
      case '3ds': {
        if (!at(head, [0x4d, 0x4d]) || head.length < 6) throw new FileRejection('fileTypeMismatch');
        if (head.readUInt32LE(2) > size) throw new FileRejection('fileTruncated');
        break;
      }
      case 'dae': {
        // Collada is XML whose root element is COLLADA (after the declaration and any comments).
        const text = decodeText(await readAt(fd, 0, Math.min(size, 64 * 1024)));
        if (!/^\s*<(\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<COLLADA[\s>]/.test(text.replace(/^\uFEFF/, ''))) {
          throw new FileRejection('fileTypeMismatch');
        }
        break;
      }
      case 'stl': {
        // Binary: an 80-byte header, a facet count and 50 bytes per facet; ASCII: "solid" … "endsolid". A binary
        // header may itself start with "solid", so the size rule is tried first.
        const count = await readAt(fd, 80, 4);
        const facets = count.length === 4 ? count.readUInt32LE(0) : -1;
        if (facets >= 0 && size === 84 + facets * 50) break;
        const text = head.toString('latin1').trimStart();
        if (text.startsWith('solid')) {
          if (!tail.toString('latin1').includes('endsolid')) throw new FileRejection('fileTruncated');
          break;
        }
        if (facets >= 0 && size < 84 + facets * 50) throw new FileRejection('fileTruncated');
        throw new FileRejection('fileTypeMismatch');
      }
      case 'ply':
        if (!/^ply\r?\n/.test(head.toString('latin1'))) throw new FileRejection('fileTypeMismatch');
        break;
      case 'png':
        if (!at(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) throw new FileRejection('fileTypeMismatch');
        if (!tail.includes(ascii('IEND'))) throw new FileRejection('fileTruncated');
        break;
      case 'jpg':
      case 'jpeg':
        if (!at(head, [0xff, 0xd8, 0xff])) throw new FileRejection('fileTypeMismatch');
        if (!tail.includes(Buffer.from([0xff, 0xd9]))) throw new FileRejection('fileTruncated');
        break;
      case 'webp':
      case 'wav': {
        const form = ext === 'webp' ? 'WEBP' : 'WAVE';
        if (!at(head, 'RIFF') || !at(head, form, 8)) throw new FileRejection('fileTypeMismatch');
        if (head.readUInt32LE(4) + 8 > size) throw new FileRejection('fileTruncated');
        break;
      }
      case 'mp4':
        if (!at(head, 'ftyp', 4)) throw new FileRejection('fileTypeMismatch');
        await checkBoxes(fd, size);
        break;
      case 'webm':
        if (!at(head, [0x1a, 0x45, 0xdf, 0xa3])) throw new FileRejection('fileTypeMismatch');
        break;
      case 'mp3':
        if (!at(head, 'ID3') && !(head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) {
          throw new FileRejection('fileTypeMismatch');
        }
        break;
      default:
        throw new FileRejection('fileTypeMismatch');
    }
  } finally {
    await fd.close().catch(() => undefined);
  }
  if (IMAGE_EXTS.has(ext)) await checkImage(file);
}

/**
 * The top-level node records of a binary FBX must chain to the null record inside the file, or to its very end
 * (some exporters write neither null record nor footer); a cut file breaks the chain.
 */
async function checkFbxNodes(fd: fs.FileHandle, size: number, version: number): Promise<void> {
  const wide = version >= 7500;
  let pos = 27;
  for (let n = 0; n < 100_000; n++) {
    if (pos === size && n > 0) return;
    const h = await readAt(fd, pos, wide ? 25 : 13);
    if (h.length < (wide ? 25 : 13)) throw new FileRejection('fileTruncated');
    const end = wide ? Number(h.readBigUInt64LE(0)) : h.readUInt32LE(0);
    if (end === 0) return;
    if (end <= pos || end > size) throw new FileRejection('fileTruncated');
    pos = end;
  }
  throw new FileRejection('fileTruncated');
}

/** The top-level ISO-BMFF boxes must add up to the file size (a cut upload ends inside a box). */
async function checkBoxes(fd: fs.FileHandle, size: number): Promise<void> {
  let pos = 0;
  for (let n = 0; pos < size && n < 10_000; n++) {
    const h = await readAt(fd, pos, 16);
    if (h.length < 8) throw new FileRejection('fileTruncated');
    let box = h.readUInt32BE(0);
    if (box === 1) {
      if (h.length < 16) throw new FileRejection('fileTruncated');
      box = Number(h.readBigUInt64BE(8));
    } else if (box === 0) box = size - pos;
    if (box < 8) throw new FileRejection('fileTypeMismatch');
    pos += box;
  }
  if (pos !== size) throw new FileRejection('fileTruncated');
}

async function checkImage(file: string): Promise<void> {
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new FileRejection('fileTruncated');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > FILE_LIMITS.maxPixels) throw new FileRejection('fileImageTooLarge');
}

/** Entry names that leave the archive's folder: absolute paths, drive letters, `..` segments. */
export function isUnsafeEntryName(name: string): boolean {
  const n = name.replace(/\\/g, '/');
  return n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.split('/').includes('..') || n.includes('\0');
}

/** Reads the central directory only (no extraction): sizes, ratios, names and symlinks. */
function checkZip(file: string, compressedSize: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: yauzl would reject unsafe names itself with a generic error; we want to say why.
    yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new FileRejection('fileTruncated'));
      let total = 0;
      let entries = 0;
      const fail = (key: RejectionKey) => {
        zip.close();
        reject(new FileRejection(key));
      };
      zip.on('error', () => fail('fileTruncated'));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        if (entries > FILE_LIMITS.zipMaxEntries) return fail('fileZipBomb');
        const name = Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString('utf8') : String(entry.fileName);
        if (isUnsafeEntryName(name)) return fail('fileZipUnsafe');
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) return fail('fileZipUnsafe');
        total += entry.uncompressedSize;
        if (total > FILE_LIMITS.zipMaxUncompressed) return fail('fileZipBomb');
        if (entry.uncompressedSize > 1024 ** 2 && entry.uncompressedSize > entry.compressedSize * FILE_LIMITS.zipMaxRatio) {
          return fail('fileZipBomb');
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        if (total > 1024 ** 2 && total > compressedSize * FILE_LIMITS.zipMaxRatio) return fail('fileZipBomb');
        resolve();
      });
      zip.readEntry();
    });
  });
}
