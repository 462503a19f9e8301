import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { AVATAR_MODEL_EXTENSIONS, AVATAR_MODEL_MAX_BYTES } from '@xr/contract/avatars';
import { hasControlChars, idNumber } from '@xr/contract/common';
import { FILE_KINDS, type FileKind } from '@xr/contract/creator';
import { ErrorCode, type ErrorCodeValue, httpStatusOf } from '@xr/contract/errors';
import { formatBytes } from '@xr/contract/format';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import type { PlanNames } from '@xr/contract/plans';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { checkFile, FileRejection } from '../../lib/file-check';
import { deleteQuietly, type Storage } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import type { AvatarsService } from '../avatars/avatars.service';
import type { StorageRulesService } from '../system/storage-rules.service';
import type { AssetsService } from './assets.service';

/** The caller of each request tus handles, keyed by the Node request (set by the route, read by the hooks). */
const callers = new WeakMap<object, { userId: number; lang: Lang }>();
type TusRequest = { headers: Headers; runtime?: { node?: { req?: object } } };
const callerOf = (req: TusRequest) => {
  const node = req.runtime?.node?.req;
  return (node && callers.get(node)) || { userId: 0, lang: 'en' as Lang };
};

/** A tus hook refusal: the contract's HTTP status of `code` and our `{ code, message, data }` envelope as the body. */
function refusal(req: TusRequest, code: ErrorCodeValue, messageKey: string, params?: Record<string, string | number>) {
  const { lang } = callerOf(req);
  return {
    status_code: httpStatusOf[code],
    body: JSON.stringify({ code, message: translateMessage(messageKey, lang, params), data: null }),
  };
}

/**
 * The refusal of an upload that does not fit the owner's quota (used and quota in words); when the quota is a bought
 * plan's, the message names the plan in the caller's language.
 */
const quotaRefusal = (req: TusRequest, usedBytes: number, quotaBytes: number, plan?: PlanNames | null) => {
  const params = { used: formatBytes(usedBytes, 'message'), quota: formatBytes(quotaBytes, 'message') };
  if (!plan) return refusal(req, ErrorCode.QUOTA_EXCEEDED, 'quotaExceeded', params);
  return refusal(req, ErrorCode.QUOTA_EXCEEDED, 'quotaExceededPlan', { ...params, plan: plan[callerOf(req).lang] });
};

const isReplace = (v: string | null | undefined) => v === '1' || v === 'true';
/** The upload kind of avatar models: no project, the avatars module takes the finished file. */
const AVATAR_KIND = 'avatar';
const isAvatarExt = (ext: string): ext is 'glb' | 'vrm' => (AVATAR_MODEL_EXTENSIONS as readonly string[]).includes(ext);
const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** Thrown inside `acceptAsset`'s transaction when the finished upload no longer fits the owner's quota. */
class QuotaRefusal extends Error {
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
    readonly plan: PlanNames | null,
  ) {
    super('quota exceeded');
  }
}

/**
 * Resumable uploads (tus protocol) at /api/uploads/. Metadata: `filename`, `project_id`, `kind` (model3d, image360…)
 * and `replace` ('1' replaces the project's files of that kind). Before any byte is stored the type, size, quota and
 * project ownership are checked; when the last byte arrives the content is checked (magic bytes, zip safety, image
 * size, truncation) and the quota again, atomically with recording the asset. A refused file is deleted at once; an
 * accepted one becomes an asset with a processing job. Uploads left incomplete for UPLOAD_EXPIRY_HOURS are deleted.
 * Kind `avatar` (no project_id; .glb or .vrm up to AVATAR_MODEL_MAX_BYTES) is an avatar model: the user's avatar
 * allowance is checked before the first byte and again when the avatars service records it with its check job.
 */
export const uploadsRoutes: FastifyPluginAsync<{
  assets: AssetsService;
  rules: StorageRulesService;
  storage: Storage;
  config: Config;
  avatars?: AvatarsService;
}> = async (app, { assets, rules, storage, config, avatars }) => {
  // Uploads in progress live on local disk (resumable across restarts); an accepted file then moves into the
  // configured storage (local disk or S3) in one streamed write.
  const uploadDir = path.join(config.dataDir, 'uploads');
  await fs.mkdir(uploadDir, { recursive: true });
  const expiryMs = config.uploads.expiryHours * 3_600_000;
  // Expiry counts from the upload's creation (tus `Upload-Expires`); only incomplete uploads are ever deleted.
  const store = new FileStore({ directory: uploadDir, expirationPeriodInMilliseconds: expiryMs });

  const discard = (id: string) => store.remove(id).catch(() => undefined);

  /** The owner's capacity, and whether `size` more bytes fit it (replacing frees the project's files of that kind). */
  const quotaFor = async (userId: number, projectId: number, kind: FileKind, replace: boolean, size: number) => {
    const cap = await rules.capacityOf(userId);
    const freed = replace ? await assets.replacedBytes(projectId, kind) : 0;
    return { cap, fits: cap.used_bytes - freed + size <= cap.quota_bytes };
  };

  const tus = new Server({
    path: '/api/uploads',
    datastore: store,
    relativeLocation: true,
    maxSize: config.uploads.maxBytes,
    async onIncomingRequest(req, uploadId) {
      // Only the user who created an upload may continue, inspect or cancel it.
      if (req.method === 'POST') return; // creation: checked by onUploadCreate
      const user = String(callerOf(req).userId);
      const upload = await store.getUpload(uploadId).catch(() => undefined);
      if (!upload || upload.metadata?.owner !== user) throw refusal(req, ErrorCode.NOT_FOUND, 'notFound');
    },
    async onUploadCreate(req, upload) {
      const { userId } = callerOf(req);
      const meta = upload.metadata ?? {};
      const filename = (meta.filename ?? '').trim();
      if (meta.kind === AVATAR_KIND && avatars) {
        const ext = extensionOf(filename);
        if (!filename || filename.length > 255 || hasControlChars(filename) || !isAvatarExt(ext)) {
          throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, 'fileTypeNotAllowed');
        }
        if (upload.sizeIsDeferred || upload.size === undefined) throw refusal(req, ErrorCode.VALIDATION, 'v.fileRequired');
        const max = Math.min(AVATAR_MODEL_MAX_BYTES, config.uploads.maxBytes);
        if (upload.size > max)
          throw refusal(req, ErrorCode.PAYLOAD_TOO_LARGE, 'fileTooLarge', { max: formatBytes(max, 'message') });
        try {
          await avatars.assertCanUpload(userId);
        } catch (err) {
          if (err instanceof AppError) throw refusal(req, err.code, err.messageKey, err.params);
          throw err;
        }
        return { metadata: { filename, kind: AVATAR_KIND, owner: String(userId) } };
      }
      const kind = meta.kind as FileKind;
      const projectId = Number(meta.project_id);
      const ext = extensionOf(filename);
      // Metadata is text the caller chose: the same bounds as every other input (contract ids, no control characters).
      if (!filename || filename.length > 255 || hasControlChars(filename) || !FILE_KINDS.includes(kind) || !ext) {
        throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, 'fileTypeNotAllowed');
      }
      if (!idNumber.safeParse(projectId).success) throw refusal(req, ErrorCode.NOT_FOUND, 'notFound');
      if (ext === 'max') throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, 'fileMaxExported');
      const rule = await rules.allowed(kind, ext);
      if (!rule) {
        const accepted = (await rules.acceptedExtensions(kind)).join(', ');
        throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, accepted ? 'fileTypeNotAllowedList' : 'fileTypeNotAllowed', { accepted });
      }
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refusal(req, ErrorCode.VALIDATION, 'v.fileRequired');
      }
      const max = Math.min(rule.maxBytes, config.uploads.maxBytes);
      if (upload.size > max) {
        throw refusal(req, ErrorCode.PAYLOAD_TOO_LARGE, 'fileTooLarge', { max: formatBytes(max, 'message') });
      }
      try {
        await assets.ownedProject({ id: userId, roles: [], permissions: new Set() }, projectId);
      } catch {
        throw refusal(req, ErrorCode.NOT_FOUND, 'notFound');
      }
      const { cap, fits } = await quotaFor(userId, projectId, kind, isReplace(meta.replace), upload.size);
      if (!fits) throw quotaRefusal(req, cap.used_bytes, cap.quota_bytes, cap.plan_names);
      return { metadata: { ...meta, filename, kind, project_id: String(projectId), owner: String(userId) } };
    },
    async onUploadFinish(req, upload) {
      const meta = upload.metadata ?? {};
      if (meta.kind === AVATAR_KIND && avatars) return finishAvatar(req, upload.id, meta, upload.size ?? upload.offset);
      const userId = Number(meta.owner);
      const filename = meta.filename ?? '';
      const ext = extensionOf(filename);
      const size = upload.size ?? upload.offset;
      const file = path.join(uploadDir, upload.id);
      let stored: string | undefined;
      try {
        await checkFile(file, ext);
        // The project may have been deleted while the bytes were arriving.
        await assets.ownedProject({ id: userId, roles: [], permissions: new Set() }, Number(meta.project_id));
        // Quota again: other uploads may have finished since this one started. A cheap early refusal before the
        // file is copied; the binding check is the one inside acceptAsset below.
        const replace = isReplace(meta.replace);
        const { cap, fits } = await quotaFor(userId, Number(meta.project_id), meta.kind as FileKind, replace, size);
        if (!fits) throw new QuotaRefusal(cap.used_bytes, cap.quota_bytes, cap.plan_names);
        const key = `assets/${meta.project_id}/${upload.id}.${ext}`;
        await storage.put(key, createReadStream(file), undefined, size);
        stored = key;
        await discard(upload.id);
        const asset = await assets.acceptAsset(
          {
            projectId: Number(meta.project_id),
            ownerId: userId,
            kind: meta.kind as FileKind,
            filename,
            extension: ext,
            originalKey: key,
            bytes: size,
          },
          {
            replace,
            // Under the owner's lock, in the transaction that records the asset: concurrent finishes queue here.
            withinQuota: ({ usedBytes, freedBytes }) => {
              if (usedBytes - freedBytes + size > cap.quota_bytes)
                throw new QuotaRefusal(usedBytes, cap.quota_bytes, cap.plan_names);
            },
          },
        );
        return { headers: { 'X-Asset-Id': asset.id, 'X-Job-Id': asset.jobId ?? '' } };
      } catch (err) {
        await discard(upload.id);
        if (stored) await deleteQuietly(storage, [stored]);
        if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) throw refusal(req, ErrorCode.NOT_FOUND, 'notFound');
        if (err instanceof FileRejection) throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, err.key);
        if (err instanceof QuotaRefusal) throw quotaRefusal(req, err.usedBytes, err.quotaBytes, err.plan);
        throw err;
      }
    },
  });

  /** The last byte of an avatar model arrived: check the content, store it, let the avatars service record it. */
  async function finishAvatar(req: TusRequest, id: string, meta: Record<string, string | null>, size: number) {
    const userId = Number(meta.owner);
    const filename = meta.filename ?? '';
    const ext = extensionOf(filename);
    const file = path.join(uploadDir, id);
    let stored: string | undefined;
    try {
      if (!avatars || !isAvatarExt(ext)) throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, 'fileTypeNotAllowed');
      // A VRM is a GLB: the same container check.
      await checkFile(file, 'glb');
      const key = `avatars/${userId}/originals/${id}.${ext}`;
      await storage.put(key, createReadStream(file), undefined, size);
      stored = key;
      await discard(id);
      const accepted = await avatars.acceptUpload(
        { userId, filename, format: ext, originalKey: key, bytes: size },
        callerOf(req).lang,
      );
      return { headers: { 'X-Avatar-Id': accepted.id, 'X-Job-Id': accepted.jobId } };
    } catch (err) {
      await discard(id);
      if (stored) await deleteQuietly(storage, [stored]);
      if (err instanceof FileRejection) throw refusal(req, ErrorCode.FILE_TYPE_ILLEGAL, err.key);
      if (err instanceof AppError) throw refusal(req, err.code, err.messageKey, err.params);
      throw err;
    }
  }

  // Abandoned uploads: swept at start, then every quarter of the expiry period (at most hourly).
  const sweep = async () => {
    try {
      const removed = await tus.cleanUpExpiredUploads();
      if (removed > 0) app.log.info({ removed }, 'expired uploads deleted');
    } catch (err) {
      app.log.error({ err }, 'expired uploads cleanup failed');
    }
  };
  await sweep();
  let sweeping: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      sweeping ??= sweep().finally(() => {
        sweeping = undefined;
      });
    },
    Math.max(1000, Math.min(expiryMs / 4, 3_600_000)),
  ).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  // tus reads the raw body itself: leave PATCH bodies as an unread stream.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    callers.set(request.raw, { userId: currentUser(request).id, lang: request.lang });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of ['/uploads', '/uploads/', '/uploads/*']) {
    app.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE'],
      url,
      config: { access: 'user' },
      schema: { hide: true },
      handler,
    });
  }
};
