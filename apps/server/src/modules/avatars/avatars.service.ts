import crypto from 'node:crypto';
import {
  type AddAvatarBody,
  AVATAR_NAME_MAX,
  AVATAR_PREVIEW_MAX_BYTES,
  AVATAR_PREVIEW_MAX_SIDE,
  type AvatarItem,
  type AvatarLook,
  type AvatarModelStats,
  type AvatarPageReply,
  defaultLookFor,
  type LibraryAvatarPageReply,
  type SetAvatarStatusBody,
  type UpAvatarBody,
  type UseLibraryAvatarBody,
} from '@xr/contract/avatars';
import type { PageQuery } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import { avatarBudgetFigure, jobFailureMessage } from '@xr/contract/jobs';
import type { Lang } from '@xr/contract/lang';
import type { Db, Tx } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { loadSharp } from '../../lib/sharp';
import { deleteQuietly, type Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/upload';
import { publicContentType, publicUrlOf } from '../users/users.files';
import { type AvatarLibrary, createAvatarLibrary } from './avatars.library';
import { type AvatarRow, type AvatarsRepository, createAvatarsRepository } from './avatars.repository';

export type { AvatarLibrary } from './avatars.library';

/** How many custom avatars a user may keep (null = unlimited). The plans module provides the rule (wired in app.ts). */
export type CustomAvatarAllowance = (userId: number) => Promise<number | null>;

/** Who acts: the signed-in user. */
export interface AvatarActor {
  id: number;
}

/** The job that checks and measures an uploaded avatar model (registered by avatars.jobs.ts). */
export const AVATAR_JOB = 'avatar.process';
export interface AvatarJobPayload {
  avatarId: number;
}

/** An accepted upload of an avatar model (the tus endpoint's finish step). */
export interface AcceptedAvatarUpload {
  userId: number;
  filename: string;
  format: 'glb' | 'vrm';
  originalKey: string;
  bytes: number;
}

const DEFAULT_NAME: Record<Lang, string> = { zh: '默认形象', tc: '預設形象', en: 'Default' };

const statsItem = (s: AvatarModelStats) => ({
  triangles: s.triangles,
  textures: s.textures,
  texture_size: s.textureSize,
  bones: s.bones,
});

/** A library character's public files (the library's file route; they stay when the avatar is deleted). */
const libraryModelUrl = (id: number) => `/api/library/file/${id}/model.glb`;
const libraryThumbnailUrl = (id: number) => `/api/library/file/${id}/thumbnail.png`;

export interface AvatarsDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  allowance: CustomAvatarAllowance;
  /** Lifetime of the signed URLs of uploaded models. */
  urlTtlSeconds: number;
  /** Library characters offered as avatars (none without it). */
  library?: AvatarLibrary;
}

/**
 * Avatars (/avatar-list): each user's built-in figures and uploaded models, exactly one in use. Every write runs in
 * one transaction under the user's advisory lock, so parallel switches, creations and deletions leave exactly one
 * in use (the partial unique index `avatars_in_use_uq` backs that up) and the plan's allowance is never passed. A
 * user's first write (or first look at the list) creates the built-in default avatar from `defaultLookFor`.
 */
export function createAvatarsService({ db, storage, jobs, allowance, urlTtlSeconds, library }: AvatarsDeps) {
  const repo = createAvatarsRepository(db);

  /** A write under the user's lock, with the repository bound to the transaction. */
  function locked<T>(userId: number, run: (r: AvatarsRepository, tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const r = createAvatarsRepository(tx);
      await r.lockUser(userId);
      return run(r, tx);
    });
  }

  /** Creates the built-in default avatar (in use) when the user has no avatar at all. Call under the lock. */
  async function ensureDefault(r: AvatarsRepository, userId: number, lang: Lang): Promise<void> {
    if (await r.hasAny(userId)) return;
    await r.insert({
      userId,
      name: DEFAULT_NAME[lang],
      kind: 'parametric',
      look: defaultLookFor(userId),
      status: 'in_use',
      isDefault: true,
    });
  }

  async function toItems(rows: AvatarRow[], lang: Lang): Promise<AvatarItem[]> {
    const jobRows = await jobs.byIds(rows.flatMap((a) => (a.jobId && a.modelStatus === 'processing' ? [a.jobId] : [])));
    const progressOf = new Map(jobRows.map((j) => [j.id, j.progress]));
    return Promise.all(
      rows.map(async (a): Promise<AvatarItem> => {
        let model: AvatarItem['model'] = null;
        if (a.libraryModelId !== null) {
          model = {
            format: 'glb',
            filename: a.modelFilename ?? '',
            status: 'ready',
            progress: 100,
            url: libraryModelUrl(a.libraryModelId),
            reason: null,
            error: null,
            stats: a.modelStats ? statsItem(a.modelStats) : null,
          };
        } else if (a.kind === 'model' && a.modelFormat && a.modelStatus) {
          const reason = a.modelStatus === 'failed' ? (a.failureReason ?? 'processing_failed') : null;
          const figure =
            reason && a.failureValue !== null ? `${lang === 'en' ? ' ' : ''}${avatarBudgetFigure(a.failureValue, lang)}` : '';
          model = {
            format: a.modelFormat,
            filename: a.modelFilename ?? '',
            status: a.modelStatus,
            progress: a.modelStatus === 'ready' ? 100 : a.jobId ? (progressOf.get(a.jobId) ?? 0) : 0,
            url: a.modelStatus === 'ready' && a.modelKey ? await storage.signedUrl(a.modelKey, urlTtlSeconds) : null,
            reason,
            error: reason ? jobFailureMessage(reason, lang) + figure : null,
            stats: a.modelStats ? statsItem(a.modelStats) : null,
          };
        }
        return {
          id: a.id,
          name: a.name,
          kind: a.kind,
          look: a.look ?? null,
          model,
          preview: a.previewKey
            ? publicUrlOf(a.previewKey)
            : a.libraryModelId !== null
              ? libraryThumbnailUrl(a.libraryModelId)
              : null,
          status: a.status,
          is_default: a.isDefault,
          library_model_id: a.libraryModelId,
          created_at: a.createdAt.toISOString(),
          updated_at: a.updatedAt.toISOString(),
        };
      }),
    );
  }

  async function ownedOrNotFound(r: AvatarsRepository, userId: number, id: number): Promise<AvatarRow> {
    const row = await r.owned(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Refuses a new custom avatar over the user's allowance. Call under the lock, with the allowance read before the
   * transaction (PGlite has one connection: a query outside the transaction would wait for it forever).
   */
  async function assertAllowance(r: AvatarsRepository, userId: number, limit: number | null): Promise<void> {
    if (limit !== null && (await r.countCustom(userId)) >= limit) {
      throw new AppError(ErrorCode.AVATAR_LIMIT_REACHED, { params: { limit } });
    }
  }

  const usable = (row: AvatarRow) => row.kind === 'parametric' || row.modelStatus === 'ready';

  /** Library characters as avatars, held to the avatar budget. */
  const characters = createAvatarLibrary(library, repo);

  return {
    /** The user's avatars, default first then newest, with the allowance (the default avatar is made on first look). */
    async page(actor: AvatarActor, q: PageQuery, lang: Lang): Promise<AvatarPageReply> {
      if (!(await repo.hasAny(actor.id))) await locked(actor.id, (r) => ensureDefault(r, actor.id, lang));
      const [{ rows, total }, limit, custom] = await Promise.all([
        repo.page(actor.id, q.page, q.limit),
        allowance(actor.id),
        repo.countCustom(actor.id),
      ]);
      return { list: await toItems(rows, lang), total, page: q.page, limit: q.limit, allowance: limit, custom_count: custom };
    },

    /** Saves a new built-in figure; it goes in use when the default avatar was in use (a user's first own avatar). */
    async add(actor: AvatarActor, body: AddAvatarBody, lang: Lang): Promise<AvatarItem> {
      const limit = await allowance(actor.id);
      const row = await locked(actor.id, async (r) => {
        await ensureDefault(r, actor.id, lang);
        await assertAllowance(r, actor.id, limit);
        const created = await r.insert({ userId: actor.id, name: body.name, kind: 'parametric', look: body.look });
        const current = await r.inUse(actor.id);
        if (!current || current.isDefault) await r.setInUse(actor.id, created.id);
        return (await r.owned(actor.id, created.id)) ?? created;
      });
      const [item] = await toItems([row], lang);
      return item as AvatarItem;
    },

    /**
     * The library's rigged characters that fit the avatar budget (count and pages over those only), each with the
     * user's avatar made from it (null when not taken yet), and how many characters the budget leaves out.
     */
    async libraryPage(actor: AvatarActor, q: PageQuery, lang: Lang): Promise<LibraryAvatarPageReply> {
      const { list, total, overBudget } = await characters.fittingPage(q, lang);
      const taken = await repo.ofLibraryModels(
        actor.id,
        list.map((c) => c.id),
      );
      const avatarOf = new Map(taken.map((a) => [a.libraryModelId, a.id]));
      return {
        list: list.map((c) => ({
          model_id: c.id,
          name: c.name,
          thumbnail: c.thumbnail,
          url: c.url,
          clips: c.clips,
          height: c.height,
          avatar_id: avatarOf.get(c.id) ?? null,
        })),
        total,
        page: q.page,
        limit: q.limit,
        over_budget: overBudget,
      };
    },

    /**
     * Takes a library character as avatar and puts it in use: the avatar is made once per user and character (named
     * in the caller's language; a second call puts the same one in use). Not counted in the plan's allowance. A
     * character over the avatar budget is refused (40981, with the budget's reason and figure), as an upload would be.
     */
    async useLibrary(actor: AvatarActor, body: UseLibraryAvatarBody, lang: Lang): Promise<AvatarItem> {
      const character = await characters.character(body.model_id, lang);
      if (!character) throw notFound();
      const stats = await characters.fit(character.id);
      const row = await locked(actor.id, async (r) => {
        await ensureDefault(r, actor.id, lang);
        const [existing] = await r.ofLibraryModels(actor.id, [character.id]);
        const target =
          (existing && !existing.modelStats ? await r.update(existing.id, { modelStats: stats }) : existing) ??
          (await r.insert({
            userId: actor.id,
            name: character.name.slice(0, AVATAR_NAME_MAX),
            kind: 'model',
            modelFilename: `${character.names.en}.glb`,
            modelFormat: 'glb',
            modelStatus: 'ready',
            modelStats: stats,
            libraryModelId: character.id,
          }));
        await r.setInUse(actor.id, target.id);
        return r.owned(actor.id, target.id);
      });
      if (!row) throw notFound();
      const [item] = await toItems([row], lang);
      return item as AvatarItem;
    },

    /** Renames an avatar or changes a built-in figure's look (an uploaded model has no look). */
    async update(actor: AvatarActor, body: UpAvatarBody, lang: Lang): Promise<AvatarItem> {
      const row = await locked(actor.id, async (r) => {
        const before = await ownedOrNotFound(r, actor.id, body.id);
        if (body.look && before.kind !== 'parametric') throw invalid('look', 'v.invalidValue');
        return r.update(before.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.look !== undefined ? { look: body.look } : {}),
        });
      });
      if (!row) throw notFound();
      const [item] = await toItems([row], lang);
      return item as AvatarItem;
    },

    /**
     * Deletes an avatar and its files. The default avatar stays; deleting the one in use puts the next one in use
     * (the newest usable other, else the default).
     */
    async remove(actor: AvatarActor, id: number): Promise<void> {
      const keys = await locked(actor.id, async (r) => {
        const row = await ownedOrNotFound(r, actor.id, id);
        if (row.isDefault) throw new AppError(ErrorCode.AVATAR_DEFAULT_KEPT);
        if (row.status === 'in_use') {
          const next = await r.successor(actor.id, row.id);
          await r.remove(row.id);
          if (next) await r.setInUse(actor.id, next.id);
        } else {
          await r.remove(row.id);
        }
        return [row.previewKey, row.originalKey, row.modelKey].filter((k): k is string => !!k);
      });
      await deleteQuietly(storage, keys);
    },

    /**
     * Puts an avatar in use (every other becomes alternative) or sets it to alternative (the next one takes over;
     * the only usable one stays in use). In one transaction under the user's lock: parallel calls leave exactly one.
     */
    async setStatus(actor: AvatarActor, body: SetAvatarStatusBody, lang: Lang): Promise<AvatarItem> {
      if (body.status === 'in_use') {
        // measured outside the transaction: reading the library's file needs no lock
        const libraryModelId = (await repo.owned(actor.id, body.id))?.libraryModelId;
        if (libraryModelId != null) await characters.fit(libraryModelId);
      }
      const row = await locked(actor.id, async (r) => {
        const target = await ownedOrNotFound(r, actor.id, body.id);
        if (body.status === 'in_use') {
          if (!usable(target)) throw new AppError(ErrorCode.AVATAR_NOT_READY);
          if (target.status !== 'in_use') await r.setInUse(actor.id, target.id);
        } else if (target.status === 'in_use') {
          const next = await r.successor(actor.id, target.id);
          if (!next) throw new AppError(ErrorCode.AVATAR_ONE_IN_USE);
          await r.setInUse(actor.id, next.id);
        }
        return r.owned(actor.id, target.id);
      });
      if (!row) throw notFound();
      const [item] = await toItems([row], lang);
      return item as AvatarItem;
    },

    /**
     * Stores the preview image of an avatar (the editor's render of the figure): it must decode as a real PNG or
     * JPEG (sharp reads it, not just its first bytes), at most 4096 px a side; it is stored as a PNG of at most
     * AVATAR_PREVIEW_MAX_SIDE px without metadata. Previews are public files: rooms show them to everyone.
     */
    async storePreview(actor: AvatarActor, id: number, file: UploadedFile, lang: Lang): Promise<AvatarItem> {
      if (file.buffer.length > AVATAR_PREVIEW_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const row = await repo.owned(actor.id, id);
      if (!row) throw notFound();
      let png: Buffer;
      const sharp = await loadSharp();
      try {
        const image = sharp(file.buffer, { limitInputPixels: 4096 * 4096, failOn: 'error' });
        const meta = await image.metadata();
        if ((meta.format !== 'png' && meta.format !== 'jpeg') || !meta.width || !meta.height) throw new Error('format');
        if (meta.width > 4096 || meta.height > 4096) throw new Error('size');
        png = await image
          .resize(AVATAR_PREVIEW_MAX_SIDE, AVATAR_PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer();
      } catch {
        throw new AppError(ErrorCode.AVATAR_PREVIEW_INVALID, { field: 'file' });
      }
      const key = `public/avatar-previews/${actor.id}/${id}-${crypto.randomBytes(8).toString('hex')}.png`;
      await storage.put(key, png, publicContentType(key).type);
      const updated = await locked(actor.id, async (r) => {
        const current = await r.owned(actor.id, id);
        if (!current) return undefined;
        return { before: current.previewKey, row: await r.update(id, { previewKey: key }) };
      });
      if (!updated?.row) {
        await deleteQuietly(storage, [key]);
        throw notFound();
      }
      if (updated.before) await deleteQuietly(storage, [updated.before]);
      const [item] = await toItems([updated.row], lang);
      return item as AvatarItem;
    },

    /** Refuses an avatar upload before any byte is stored when the user's allowance is used up. */
    async assertCanUpload(userId: number): Promise<void> {
      const limit = await allowance(userId);
      if (limit !== null && (await repo.countCustom(userId)) >= limit) {
        throw new AppError(ErrorCode.AVATAR_LIMIT_REACHED, { params: { limit } });
      }
    },

    /**
     * Records an uploaded model as an avatar (processing) and queues its check, in one transaction under the user's
     * lock with the allowance checked again (parallel uploads cannot pass it). Its name is the file's name.
     */
    async acceptUpload(u: AcceptedAvatarUpload, lang: Lang): Promise<{ id: number; jobId: number }> {
      const limit = await allowance(u.userId);
      return locked(u.userId, async (r, tx) => {
        await ensureDefault(r, u.userId, lang);
        await assertAllowance(r, u.userId, limit);
        const base = u.filename.replace(/\.[^.]*$/, '').trim() || u.format.toUpperCase();
        const row = await r.insert({
          userId: u.userId,
          name: base.slice(0, AVATAR_NAME_MAX),
          kind: 'model',
          modelFilename: u.filename,
          modelFormat: u.format,
          originalKey: u.originalKey,
          modelBytes: u.bytes,
          modelStatus: 'processing',
        });
        const job = await jobs.enqueue(AVATAR_JOB, { avatarId: row.id } satisfies AvatarJobPayload, tx);
        await r.update(row.id, { jobId: job.id });
        return { id: row.id, jobId: job.id };
      });
    },

    /** The avatar a job works on (undefined when deleted meanwhile). */
    byId: (id: number) => repo.byId(id),

    /**
     * Marks an uploaded model ready: its delivered file, budget figures and (when none was stored) the rendered
     * preview. It goes in use when the user's default avatar was in use.
     */
    async modelReady(id: number, v: { modelKey: string; previewKey: string | null; stats: AvatarModelStats }): Promise<boolean> {
      const row = await repo.byId(id);
      if (!row) return false;
      return locked(row.userId, async (r) => {
        const current = await r.byId(id);
        if (!current) return false;
        await r.update(id, {
          modelStatus: 'ready',
          modelKey: v.modelKey,
          modelStats: v.stats,
          failureReason: null,
          failureValue: null,
          ...(current.previewKey ? {} : v.previewKey ? { previewKey: v.previewKey } : {}),
        });
        const inUse = await r.inUse(row.userId);
        if (!inUse || inUse.isDefault) await r.setInUse(row.userId, id);
        return true;
      });
    },

    /** Marks an uploaded model refused, with the reason code and, for a budget refusal, the figure found. */
    async modelFailed(id: number, reason: string, v: { value?: number; stats?: AvatarModelStats } = {}): Promise<void> {
      await repo.update(id, {
        modelStatus: 'failed',
        failureReason: reason,
        failureValue: v.value ?? null,
        ...(v.stats ? { modelStats: v.stats } : {}),
      });
    },

    /**
     * What rooms show of each user: the avatar in use (a built-in figure's look, or an uploaded model's signed URL),
     * else the default look derived from the id. Reads only; users who never opened /avatar-list get no row.
     */
    async looksFor(userIds: number[]): Promise<Map<number, AvatarLook>> {
      const ids = [...new Set(userIds)];
      const rows = await repo.inUseOf(ids);
      const byUser = new Map(rows.map((r) => [r.userId, r]));
      const out = new Map<number, AvatarLook>();
      await Promise.all(
        ids.map(async (userId) => {
          const row = byUser.get(userId);
          if (row?.libraryModelId != null) {
            out.set(userId, { kind: 'model', url: libraryModelUrl(row.libraryModelId), format: 'glb' });
          } else if (row?.kind === 'model' && row.modelStatus === 'ready' && row.modelKey && row.modelFormat) {
            out.set(userId, {
              kind: 'model',
              url: await storage.signedUrl(row.modelKey, urlTtlSeconds),
              format: row.modelFormat,
            });
          } else {
            out.set(userId, { kind: 'parametric', look: row?.look ?? defaultLookFor(userId) });
          }
        }),
      );
      return out;
    },
  };
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
