import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { PipelineError } from './errors';

/** Limits against zip bombs: total uncompressed bytes, entry count and compression ratio. */
export interface UnzipLimits {
  maxTotalBytes: number;
  maxEntries: number;
  maxRatio: number;
}

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = { maxTotalBytes: 2 * 1024 ** 3, maxEntries: 10_000, maxRatio: 200 };

/** Maps yauzl's own refusals (it validates names and sizes too) to pipeline reasons. */
function toPipelineError(e: unknown): PipelineError {
  if (e instanceof PipelineError) return e;
  const msg = (e as Error)?.message ?? String(e);
  if (/relative path|absolute path/i.test(msg))
    return new PipelineError('zip_escape', `Entry escapes the folder: ${msg}`, { cause: e });
  if (/bytes|size|too many/i.test(msg)) return new PipelineError('zip_bomb', `Archive sizes do not add up: ${msg}`, { cause: e });
  return new PipelineError('unsupported_format', `Corrupt zip: ${msg}`, { cause: e });
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new PipelineError('unsupported_format', `Not a readable zip: ${err?.message}`)) : resolve(zip),
    ),
  );
}

/**
 * Extracts `zipPath` into `destDir` safely: refuses entries that escape the folder (`zip_escape`), symbolic links
 * (`zip_symlink`), and archives whose declared or actual uncompressed size, entry count or ratio exceeds the limits
 * (`zip_bomb`). Sizes are checked before writing and again while streaming, so a lying header cannot get past.
 * Returns the extracted file paths (relative to `destDir`); on refusal `destDir` is removed again.
 */
export async function safeUnzip(zipPath: string, destDir: string, limits: UnzipLimits = DEFAULT_UNZIP_LIMITS): Promise<string[]> {
  const root = path.resolve(destDir);
  await fs.promises.mkdir(root, { recursive: true });
  const zip = await openZip(zipPath);
  const compressedTotal = (await fs.promises.stat(zipPath)).size;
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new PipelineError('zip_bomb', `Archive has ${zip.entryCount} entries (limit ${limits.maxEntries})`);
  }
  const files: string[] = [];
  let written = 0;
  return new Promise<string[]>((resolve, reject) => {
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      fs.promises.rm(root, { recursive: true, force: true }).finally(() => reject(toPipelineError(e)));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        const name = entry.fileName.replace(/\\/g, '/');
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) throw new PipelineError('zip_symlink', `Symbolic link in archive: ${name}`);
        const target = path.resolve(root, name);
        if (path.isAbsolute(name) || /^[a-zA-Z]:/.test(name) || (target !== root && !target.startsWith(root + path.sep))) {
          throw new PipelineError('zip_escape', `Entry escapes the folder: ${name}`);
        }
        if (name.endsWith('/')) {
          await fs.promises.mkdir(target, { recursive: true });
          zip.readEntry();
          return;
        }
        const declared = entry.uncompressedSize;
        if (written + declared > limits.maxTotalBytes)
          throw new PipelineError('zip_bomb', 'Archive expands beyond the size limit');
        if (declared > 1024 * 1024 && declared / Math.max(1, entry.compressedSize) > limits.maxRatio) {
          throw new PipelineError('zip_bomb', `Entry ${name} has a suspicious compression ratio`);
        }
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const stream = await new Promise<NodeJS.ReadableStream>((res, rej) =>
          zip.openReadStream(entry, (err, s) => (err || !s ? rej(err) : res(s))),
        );
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          written += chunk.length;
          if (written > limits.maxTotalBytes || entryBytes > declared) {
            (stream as unknown as { destroy(e: Error): void }).destroy(
              new PipelineError('zip_bomb', 'Archive expands beyond the declared or allowed size'),
            );
          }
        });
        await pipeline(stream, fs.createWriteStream(target));
        if (written > 1024 * 1024 && written / Math.max(1, compressedTotal) > limits.maxRatio) {
          throw new PipelineError('zip_bomb', 'Archive compression ratio exceeds the limit');
        }
        files.push(path.relative(root, target));
        zip.readEntry();
      })().catch(fail);
    });
    zip.readEntry();
  });
}
