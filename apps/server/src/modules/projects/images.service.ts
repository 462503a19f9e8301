import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_IMAGE_MAX_BYTES, PROJECT_IMAGE_PENDING_MAX } from '@xr/contract/constants';
import type { ImageUploadReply } from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import { checkFile, FileRejection } from '../../lib/file-check';
import { deleteQuietly, type Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/upload';
import { publicContentType, publicUrlOf, sniffKind } from '../users/users.files';
import { createImagesRepository } from './images.repository';

/** Unused uploaded pictures are deleted this long after their upload. */
export const IMAGE_ORPHAN_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the clean-up of unused pictures runs (and the first run after start-up). */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;
const CLEANUP_FIRST_MS = 60 * 1000;

const IMAGE_KINDS = new Set(['png', 'jpg', 'webp']);
const PREFIX = 'public/projects/';

/**
 * The storage key of an uploaded project picture a cover or image value refers to (`/api/files/public/projects/…`
 * or `public/projects/…`), or null for anything else (seeded covers, external URLs).
 */
export function imageKeyOf(ref: string): string | null {
  const key = ref.startsWith('/api/files/') ? ref.slice('/api/files/'.length) : ref;
  return key.startsWith(PREFIX) ? key : null;
}

/** The user a picture key belongs to (`public/projects/<user id>/…`), or null when the key names none. */
const ownerOfKey = (key: string) => {
  const m = /^public\/projects\/(\d+)\//.exec(key);
  return m ? Number(m[1]) : null;
};

/** The cover and images of a project (form or row). */
export interface ImageRefs {
  cover: string;
  images: string[];
}

/** Keys of the uploaded pictures a project refers to. */
export function imageKeysOf(p: ImageRefs | null | undefined): Set<string> {
  const keys = new Set<string>();
  for (const ref of p ? [p.cover, ...p.images] : []) {
    const key = imageKeyOf(ref);
    if (key) keys.add(key);
  }
  return keys;
}

export interface ProjectImagesDeps {
  db: Db;
  storage: Storage;
  /** A folder for the content checks, which read the file from disk. */
  tmpDir: string;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * Cover and "more images" pictures of projects: the upload (PNG, JPEG or WebP by content, at most
 * PROJECT_IMAGE_MAX_BYTES and 40 megapixels), the ownership check when a project is saved, and the deletion of
 * pictures no project uses any more (dropped on save or delete, or never used within a day of the upload).
 */
export function createProjectImagesService({ db, storage, tmpDir, log }: ProjectImagesDeps) {
  const repo = createImagesRepository(db);

  const removeFiles = (keys: string[]) => deleteQuietly(storage, keys);

  /** Runs the file checks (completeness, pixel count) of a sniffed image; throws 40004 with the reason. */
  async function checkContent(buffer: Buffer, kind: string): Promise<void> {
    await fs.mkdir(tmpDir, { recursive: true });
    const file = path.join(tmpDir, `image-${crypto.randomBytes(12).toString('hex')}.${kind}`);
    try {
      await fs.writeFile(file, buffer);
      await checkFile(file, kind);
    } catch (err) {
      if (err instanceof FileRejection) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file', messageKey: err.key });
      throw err;
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async function cleanup(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - IMAGE_ORPHAN_TTL_MS);
    let removed = 0;
    for (;;) {
      const keys = await repo.deleteOrphans(cutoff);
      await removeFiles(keys);
      removed += keys.length;
      if (keys.length < 500) return removed;
    }
  }

  return {
    /**
     * Stores a picture of the user's and answers its public URL. The type comes from the content (the name is not
     * trusted); a user holds at most PROJECT_IMAGE_PENDING_MAX pictures no project uses yet.
     */
    async upload(ownerId: number, file: UploadedFile): Promise<ImageUploadReply> {
      if (file.buffer.length > PROJECT_IMAGE_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const kind = sniffKind(file.buffer);
      if (!kind || !IMAGE_KINDS.has(kind)) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file' });
      if ((await repo.unusedCount(ownerId)) >= PROJECT_IMAGE_PENDING_MAX) {
        throw new AppError(ErrorCode.QUOTA_EXCEEDED, { field: 'file', messageKey: 'imageUploadsPending' });
      }
      await checkContent(file.buffer, kind);
      const key = `${PREFIX}${ownerId}/${crypto.randomBytes(16).toString('hex')}.${kind}`;
      await storage.put(key, file.buffer, publicContentType(key).type);
      try {
        await repo.insert({ ownerId, key, bytes: file.buffer.length });
      } catch (err) {
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      return { url: publicUrlOf(key) };
    },

    /**
     * Checks the pictures a project being saved refers to and marks them used (in the caller's transaction when
     * given). A picture the project did not have before must be one of the owner's uploads that still exists
     * (40001 on `cover` or `images` otherwise); pictures it already had are left as they are.
     */
    async claim(ownerId: number, next: ImageRefs, before: ImageRefs | null, tx: DbOrTx = db): Promise<void> {
      const had = imageKeysOf(before);
      const wanted: { key: string; field: string }[] = [];
      for (const [field, refs] of [
        ['cover', [next.cover]],
        ['images', next.images],
      ] as const) {
        for (const ref of refs) {
          const key = imageKeyOf(ref);
          if (!key) continue;
          if (!had.has(key) && ownerOfKey(key) !== ownerId) throw invalid(field, 'v.imageNotOwned');
          wanted.push({ key, field });
        }
      }
      const found = await createImagesRepository(tx).markUsed(ownerId, [...new Set(wanted.map((w) => w.key))]);
      const missing = wanted.find((w) => !had.has(w.key) && !found.has(w.key));
      if (missing) throw invalid(missing.field, 'v.imageMissing');
    },

    /**
     * Forgets the owner's pictures among `keys` that none of the owner's projects refers to any more (call it in the
     * transaction that dropped them, after the project's new state is written); answers the storage keys to delete
     * once that transaction committed.
     */
    release: (ownerId: number, keys: Iterable<string>, tx: DbOrTx = db) =>
      createImagesRepository(tx).deleteUnreferenced(ownerId, [...keys]),

    /** Deletes pictures that no project used within IMAGE_ORPHAN_TTL_MS of their upload; answers how many. */
    cleanup,

    /** Runs `cleanup` shortly after start-up and then every hour; answers the function that stops it (and waits for a run). */
    startCleanup(): () => Promise<void> {
      let running: Promise<unknown> | undefined;
      const run = () => {
        running ??= cleanup()
          .catch((err) => log?.error({ err }, 'project image clean-up failed'))
          .finally(() => {
            running = undefined;
          });
      };
      const first = setTimeout(run, CLEANUP_FIRST_MS);
      const every = setInterval(run, CLEANUP_EVERY_MS);
      first.unref();
      every.unref();
      return async () => {
        clearTimeout(first);
        clearInterval(every);
        await running;
      };
    },
  };
}
export type ProjectImagesService = ReturnType<typeof createProjectImagesService>;
