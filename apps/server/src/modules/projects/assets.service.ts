import type { FileKind } from '@xr/contract/creator';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { deleteQuietly, type Storage } from '../../lib/storage';
import { isPreviewOutput, signedOutputs, tileGridsOf } from './asset-delivery';
import { type AssetRow, createEditorRepository, type NewAssetRow } from './editor.repository';
import { type Actor, assetViews, ownedBy } from './editor.shared';
import { canEdit, isModerator, type Viewer } from './projects.policy';
import type { ProjectsService } from './projects.service';
import type { ScenesService } from './scenes.service';

/** The job type that processes an uploaded asset. */
export const ASSET_JOB = 'asset.process';
/** The same processing for files nobody waits for (the demo catalogue's): a background job, after creators' uploads. */
export const ASSET_BACKGROUND_JOB = 'asset.process.background';

/** The payload of an asset job: `replace` when the upload replaces the project's earlier files of its kind. */
export interface AssetJobPayload {
  assetId: number;
  replace?: boolean;
}

export interface AssetsDeps {
  db: Db;
  projects: ProjectsService;
  storage: Storage;
  jobs: JobQueue;
  /** Scene documents: whether a project's content is a document, and the document a viewer of the content gets. */
  scenes: Pick<ScenesService, 'kindOf' | 'contentScene'>;
  /** Whether the user bought the project (orders module). */
  purchased: (userId: number, projectId: number) => Promise<boolean>;
  urlTtlSeconds: number;
}

/**
 * A project's files: accepting an upload (within the owner's quota, replacing earlier files of its kind once the new
 * one is ready), the processing states the asset jobs write, stored bytes per user, the assets' status, and the
 * protected delivery of a project's content with signed, expiring URLs.
 */
export function createAssetsService({ db, projects, storage, jobs, scenes, purchased, urlTtlSeconds }: AssetsDeps) {
  const repo = createEditorRepository(db);
  const removeFiles = (keys: string[]) => deleteQuietly(storage, keys);

  return {
    /** The owner's project for an upload (40401 otherwise). */
    ownedProject: (actor: Actor, id: number) => ownedBy(projects, actor, id),

    usedBytes: (userId: number) => repo.usedBytes(userId),
    /** A page of `{ userId, usedBytes }` over the users who own any asset, largest usage first (ties by user id). */
    usagePage: (q: { limit: number; offset: number }) => repo.usagePage(q.limit, q.offset),
    /** Bytes stored per user, for those of these users who own any asset (the others are absent). */
    usageOf: (userIds: number[]) => repo.usageOf([...new Set(userIds)]),

    /** Bytes that replacing the project's files of a kind would free. */
    async replacedBytes(projectId: number, kind: FileKind): Promise<number> {
      const rows = await repo.assetsOfKind(projectId, kind);
      return rows.reduce((n, a) => n + a.bytes + a.outputBytes, 0);
    },

    /**
     * Records an accepted upload and queues its processing. With `replace`, earlier files of the same kind are
     * replaced, but only once the new one is ready (`assetReady`): until then the project keeps its working content,
     * and if processing fails the old content stays. Earlier failed uploads of the kind go at once. `withinQuota`
     * runs first in the transaction, under a per-owner lock, with the owner's stored bytes and the bytes the
     * replacement will free: throwing refuses the asset, so two uploads finishing at once cannot both take the last
     * free space.
     */
    async acceptAsset(
      values: Omit<NewAssetRow, 'id' | 'status' | 'jobId'>,
      opts: {
        replace: boolean;
        withinQuota?: (usage: { usedBytes: number; freedBytes: number }) => void;
        /** Keep an approved project approved (the demo catalogue's generated content, added by the platform). */
        keepReview?: boolean;
        /** Process it as background work (files the platform adds, nobody waits for them). */
        background?: boolean;
      },
    ): Promise<AssetRow> {
      const { asset, oldKeys } = await db.transaction(async (tx) => {
        await repo.lockOwner(values.ownerId, tx);
        const old = opts.replace ? await repo.assetsOfKind(values.projectId, values.kind, tx) : [];
        opts.withinQuota?.({
          usedBytes: await repo.usedBytes(values.ownerId, tx),
          freedBytes: old.reduce((n, a) => n + a.bytes + a.outputBytes, 0),
        });
        const gone = await repo.deleteAssets(
          old.filter((a) => a.status === 'failed').map((a) => a.id),
          tx,
        );
        const inserted = await repo.insertAsset({ ...values, status: 'queued' }, tx);
        const payload: AssetJobPayload = { assetId: inserted.id, replace: opts.replace };
        const job = await jobs.enqueue(opts.background ? ASSET_BACKGROUND_JOB : ASSET_JOB, { ...payload }, tx);
        const withJob = await repo.updateAsset(inserted.id, { jobId: job.id }, tx);
        // A changed file is changed content: an approved project goes back to review. A project whose content is a
        // scene document only changes when a reviewed document version uses the new file, unless one was replaced.
        const p = await projects.byId(values.projectId, tx);
        const documentOnly = gone.length === 0 && (await scenes.kindOf(values.projectId, tx)) !== null;
        if (p?.reviewStatus === 'approved' && !documentOnly && !opts.keepReview)
          await repo.update(p.id, { reviewStatus: 'pending', reviewReason: '' }, tx);
        return { asset: withJob ?? inserted, oldKeys: gone.flatMap((a) => [a.originalKey, ...Object.values(a.outputs)]) };
      });
      await removeFiles(oldKeys);
      return asset;
    },

    assetById: (id: number) => repo.assetById(id),
    /** Every asset of a project (any state). */
    assetsOfProject: (projectId: number) => repo.assetsOf([projectId]),
    /**
     * Sets a project's cover and pictures without review (the demo catalogue's covers, rendered by the platform from
     * the project's own content).
     */
    async setPictures(projectId: number, cover: string, pictures: string[]): Promise<void> {
      await repo.update(projectId, { cover, images: pictures });
    },
    setAssetState: (id: number, values: Partial<NewAssetRow>) => repo.updateAsset(id, values),
    /**
     * Marks an asset failed, with `alongside` (the job's failure reason) in the same transaction: "failed" is never
     * seen before its reason.
     */
    assetFailed: (id: number, alongside: (tx: DbOrTx) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await repo.updateAsset(id, { status: 'failed' }, tx);
        await alongside(tx);
      }),

    /**
     * Marks a processed asset ready with its outputs. For a replacement, the project's earlier assets of the same kind
     * are deleted in the same transaction (their files right after): the switch from old to new content is atomic.
     * Returns undefined when the asset was deleted meanwhile (its outputs are then orphans for the caller to remove).
     */
    async assetReady(
      id: number,
      values: { outputs: Record<string, string>; outputBytes: number },
      replace: boolean,
      /** Runs in the same transaction (the job's outcome and report), so that "ready" is never seen without it. */
      alongside?: (tx: DbOrTx) => Promise<unknown>,
    ): Promise<AssetRow | undefined> {
      const { row, keys } = await db.transaction(async (tx) => {
        const updated = await repo.updateAsset(id, { status: 'ready', ...values }, tx);
        await alongside?.(tx);
        if (!updated || !replace) return { row: updated, keys: [] };
        const older = (await repo.assetsOfKind(updated.projectId, updated.kind, tx)).filter((a) => a.id < updated.id);
        const gone = await repo.deleteAssets(
          older.map((a) => a.id),
          tx,
        );
        return { row: updated, keys: gone.flatMap((a) => [a.originalKey, ...Object.values(a.outputs)]) };
      });
      await removeFiles(keys);
      return row;
    },

    /** Assets of the actor's project with their processing jobs (/vrdata/status and the editor). */
    async assetStatus(actor: Actor, projectId: number, lang: Lang) {
      const p = await projects.byId(projectId);
      if (!p || !(canEdit(actor, p) || isModerator(actor))) throw notFound();
      return {
        project_id: p.id,
        review_status: p.reviewStatus,
        assets: await assetViews(jobs, await repo.assetsOf([p.id]), lang),
      };
    },

    /**
     * Content of a project with signed, expiring URLs. Full (originals and outputs) for the owner, buyers and
     * moderators; previews only (thumbnails, preview images, posters) when the anonymous-preview switch is on and the
     * project is published; otherwise the cover and "purchase to view". Unpublished projects are 40401 to others.
     */
    async content(viewer: Viewer, id: number, lang: Lang) {
      const p = await projects.byId(id);
      if (!p) throw notFound();
      const published = p.reviewStatus === 'approved' && p.isPublic;
      // Buyers keep their access while a new version of the project is in review.
      const full = !!viewer && (canEdit(viewer, p) || isModerator(viewer) || (await purchased(viewer.id, p.id)));
      if (!full && !published) throw notFound();
      // What is delivered: ready files, and a first upload still in processing; never a failed upload, nor a
      // replacement still in processing (the kind's ready file stays until the new one is ready).
      const all = await repo.assetsOf([p.id]);
      const readyKinds = new Set(all.filter((a) => a.status === 'ready').map((a) => a.kind));
      const rows = all.filter((a) => a.status === 'ready' || (a.status !== 'failed' && !readyKinds.has(a.kind)));
      const sign = (key: string) => storage.signedUrl(key, urlTtlSeconds);
      // free projects are "bought" for 0 (an order of amount 0 completes at once), so they say "get it free"
      const toView = p.priceCents === 0 ? 'freeToView' : 'purchaseToView';
      if (full) {
        const tiles = await tileGridsOf(jobs, rows);
        const assets = await Promise.all(
          rows.map(async (a) => ({
            id: a.id,
            kind: a.kind as FileKind,
            filename: a.filename,
            original_url: await sign(a.originalKey),
            outputs: await signedOutputs(storage, urlTtlSeconds, a),
            tiles: tiles.get(a.id) ?? null,
          })),
        );
        return {
          id: p.id,
          cover: p.cover,
          access: 'full' as const,
          message: '',
          assets,
          scene: await scenes.contentScene(viewer, p),
        };
      }
      if (p.anonymousPreview) {
        const assets = await Promise.all(
          rows.map(async (a) => ({
            id: a.id,
            kind: a.kind as FileKind,
            filename: a.filename,
            original_url: '',
            outputs: await signedOutputs(storage, urlTtlSeconds, a, isPreviewOutput),
            tiles: null,
          })),
        );
        return {
          id: p.id,
          cover: p.cover,
          access: 'preview' as const,
          message: translateMessage(toView, lang),
          assets,
          scene: await scenes.contentScene(viewer, p),
        };
      }
      return {
        id: p.id,
        cover: p.cover,
        access: 'none' as const,
        message: translateMessage(toView, lang),
        assets: [],
        scene: null,
      };
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
