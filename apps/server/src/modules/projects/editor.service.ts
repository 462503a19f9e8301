import type { Page } from '@xr/contract/common';
import type {
  AssetView,
  FileKind,
  MyComment,
  MyCommentQuery,
  MyProjectQuery,
  OwnProject,
  ProjectForm,
  Question,
  QuestionnaireBody,
  ReviewPageQuery,
  ReviewRecord,
  ReviewRecordQuery,
  UpProjectBody,
} from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import { jobFailureFacts, jobFailureMessage } from '@xr/contract/jobs';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import { centsToHkd, hkdToCents } from '@xr/contract/money';
import { documentKindsOfCatalog } from '@xr/contract/scenes';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import type { JobQueue, JobRow } from '../../lib/jobs';
import { PIPELINE_REASONS } from '../../lib/pipeline/errors';
import { deleteQuietly, type Storage } from '../../lib/storage';
import type { AuditRecorder } from '../audit/audit.service';
import type { MessagesService } from '../community/messages.service';
import type { ProfileService } from '../users/profile.service';
import { isPreviewOutput, signedOutputs, tileGridsOf } from './asset-delivery';
import { type AssetRow, createEditorRepository, type NewAssetRow } from './editor.repository';
import { imageKeysOf, type ProjectImagesService } from './images.service';
import { canEdit, isModerator, type Viewer } from './projects.policy';
import type { ProjectRow, ProjectsService } from './projects.service';
import type { ScenesService } from './scenes.service';

/** Who acts: a signed-in user. */
export type Actor = NonNullable<Viewer>;

/** The job type that processes an uploaded asset. */
export const ASSET_JOB = 'asset.process';
/** The same processing for files nobody waits for (the demo catalogue's): a background job, after creators' uploads. */
export const ASSET_BACKGROUND_JOB = 'asset.process.background';

/** The payload of an asset job: `replace` when the upload replaces the project's earlier files of its kind. */
export interface AssetJobPayload {
  assetId: number;
  replace?: boolean;
}

const ownOut = (r: ProjectRow): OwnProject => ({
  id: r.id,
  owner_id: r.ownerId,
  name: r.name,
  catalog: r.catalog,
  type: r.type,
  price: centsToHkd(r.priceCents),
  keywords: r.keywords,
  tag_ids: r.tagIds,
  description: r.description,
  cover: r.cover,
  images: r.images,
  for_sale: r.forSale,
  is_public: r.isPublic,
  anonymous_preview: r.anonymousPreview,
  review_status: r.reviewStatus,
  review_reason: r.reviewReason,
  sales_count: r.salesCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const formValues = (f: ProjectForm) => ({
  name: f.name,
  catalog: f.catalog,
  type: f.type,
  priceCents: hkdToCents(f.price),
  keywords: f.keywords,
  tagIds: [...new Set(f.tag_ids)],
  description: f.description,
  cover: f.cover,
  images: f.images,
  forSale: f.for_sale,
  isPublic: f.is_public,
  anonymousPreview: f.anonymous_preview,
});

/** Content fields: changing any of them on an approved project sends it back to review. */
const CONTENT_FIELDS = ['name', 'catalog', 'type', 'priceCents', 'keywords', 'description', 'cover', 'images', 'tagIds'] as const;

/**
 * The review state after an edit. Turning on for-sale or public sends the project to review; editing the content
 * of an approved project sends it back; with both switches off a pending project is withdrawn to draft.
 */
export function nextReviewStatus(
  before: Pick<ProjectRow, 'reviewStatus' | 'forSale' | 'isPublic'> | null,
  after: { forSale: boolean; isPublic: boolean },
  contentChanged: boolean,
): ProjectRow['reviewStatus'] {
  const wants = after.forSale || after.isPublic;
  if (!before) return wants ? 'pending' : 'draft';
  const turnedOn = (after.forSale && !before.forSale) || (after.isPublic && !before.isPublic);
  if (!wants) {
    if (before.reviewStatus === 'pending') return 'draft';
    if (before.reviewStatus === 'approved' && contentChanged) return 'draft';
    return before.reviewStatus;
  }
  if (before.reviewStatus === 'approved' && !contentChanged && !turnedOn) return 'approved';
  return 'pending';
}

export interface EditorDeps {
  db: Db;
  projects: ProjectsService;
  users: ProfileService;
  messages: MessagesService;
  storage: Storage;
  jobs: JobQueue;
  /** Cover and "more images" pictures: checked and marked used on save, deleted once no project uses them. */
  images: ProjectImagesService;
  /** Whether the user bought the project (orders module). */
  purchased: (userId: number, projectId: number) => Promise<boolean>;
  /** Whether anybody owns the project (orders module); read inside the deletion's transaction. */
  hasBuyers: (projectId: number, tx?: DbOrTx) => Promise<boolean>;
  /** Scene documents: the content's document version, their part in review, edits and deletion. */
  scenes: ScenesService;
  urlTtlSeconds: number;
  /** The audit log: review decisions and project deletions, in their transaction. */
  audit?: AuditRecorder;
  /**
   * The project count the owner's plan allows (plans module): `max` null is unlimited; `refusal` is the
   * error naming the plan and the limit. Read before the creating transaction, compared inside it under the owner lock.
   */
  projectQuota?: (userId: number) => Promise<{ max: number | null; refusal: () => Error }>;
}

/**
 * The creator side of projects (/vrdata/*), the review workflow (/approval/project-review*), assets and their
 * processing state, protected delivery of content, and questionnaires.
 */
export function createEditorService({
  db,
  projects,
  users,
  messages,
  storage,
  jobs,
  images,
  purchased,
  hasBuyers,
  scenes,
  urlTtlSeconds,
  audit,
  projectQuota,
}: EditorDeps) {
  const repo = createEditorRepository(db);

  async function owned(actor: Actor, id: number): Promise<ProjectRow> {
    const row = await projects.byId(id);
    if (!row || !canEdit(actor, row)) throw notFound();
    return row;
  }

  /** Assets with their jobs; a failed job shows its reason code and its message in `lang`, never the raw error. */
  async function assetViews(rows: AssetRow[], lang: Lang): Promise<AssetView[]> {
    const jobRows = await jobs.byIds(rows.flatMap((a) => (a.jobId ? [a.jobId] : [])));
    const byId = new Map<number, JobRow>(jobRows.map((j) => [j.id, j]));
    return rows.map((a) => {
      const j = a.jobId ? byId.get(a.jobId) : undefined;
      return {
        id: a.id,
        project_id: a.projectId,
        kind: a.kind,
        filename: a.filename,
        bytes: a.bytes + a.outputBytes,
        status: a.status,
        job: j
          ? {
              id: j.id,
              status: j.status,
              progress: j.progress,
              reason: j.status === 'failed' ? (j.reason ?? 'processing_failed') : null,
              error:
                j.status === 'failed'
                  ? jobFailureMessage(j.reason ?? 'processing_failed', lang, jobFailureFacts(j.result))
                  : null,
              result: j.result ?? null,
            }
          : null,
        created_at: a.createdAt.toISOString(),
      };
    });
  }

  const removeFiles = (keys: string[]) => deleteQuietly(storage, keys);

  return {
    /** Creates a project of the actor (with pictures the actor uploaded); on for-sale or public it goes to review at once. */
    async add(actor: Actor, form: ProjectForm): Promise<OwnProject> {
      const values = formValues(form);
      const quota = await projectQuota?.(actor.id);
      // The owner lock makes parallel creations count one after the other, so the plan's limit holds.
      const row = await db.transaction(async (tx) => {
        await repo.lockOwner(actor.id, tx);
        if (quota && quota.max !== null && (await repo.countOwned(actor.id, tx)) >= quota.max) throw quota.refusal();
        await images.claim(actor.id, form, null, tx);
        return projects.create({ ownerId: actor.id, ...values, reviewStatus: nextReviewStatus(null, values, true) }, tx, {
          index: false,
        });
      });
      // Not inside the transaction: the search text reads creator names through the users service's own connection.
      await projects.refreshSearchText([row.id]);
      return ownOut(row);
    },

    /** How many projects the user owns (drafts included): the count the plan's project quota limits. */
    countOwned: (userId: number) => repo.countOwned(userId, db),

    /**
     * Edits the actor's project (40401 for anyone else's); applies the review rules of `nextReviewStatus`. Uploaded
     * pictures the project drops are deleted when no other project of the actor uses them.
     */
    async update(actor: Actor, body: UpProjectBody): Promise<OwnProject> {
      const before = await owned(actor, body.id);
      const values = formValues(body);
      // The first save of a scene document fixes what the project holds: a tour (360, multimedia) or a 3D scene.
      const kind = await scenes.kindOf(body.id);
      if (kind && !documentKindsOfCatalog(values.catalog).includes(kind)) throw invalid('catalog', 'v.sceneCatalogFixed');
      const changed = CONTENT_FIELDS.some((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]));
      const reviewStatus = nextReviewStatus(before, values, changed);
      const kept = imageKeysOf(body);
      const { row, dropped } = await db.transaction(async (tx) => {
        await images.claim(actor.id, body, before, tx);
        const updated = await repo.update(
          body.id,
          { ...values, reviewStatus, reviewReason: reviewStatus === 'rejected' ? before.reviewReason : '' },
          tx,
        );
        if (!updated) return { row: undefined, dropped: [] };
        // Going to review as a whole: the scene draft as it is now is the version under review.
        if (reviewStatus === 'pending' && before.reviewStatus !== 'pending') await scenes.pinForReview(body.id, tx);
        const gone = [...imageKeysOf(before)].filter((k) => !kept.has(k));
        return { row: updated, dropped: await images.release(actor.id, gone, tx) };
      });
      if (!row) throw notFound();
      await removeFiles(dropped);
      // Not inside a transaction: the search text reads creator names through the users service's own connection.
      await projects.refreshSearchText([body.id]);
      return ownOut((await projects.byId(row.id)) ?? row);
    },

    /**
     * Deletes the actor's project, its comments, questionnaire, assets and the pictures no other project of the actor
     * uses (one transaction), then their files. A project somebody owns (bought, or got free) is not deleted: its
     * buyers keep what they paid for, so the creator withdraws it instead (for-sale and public off) — 40904.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await owned(actor, id);
      const keys = await db.transaction(async (tx) => {
        if (await hasBuyers(id, tx)) throw new AppError(ErrorCode.CONFLICT, { messageKey: 'projectHasBuyers' });
        await scenes.removeOf(id, tx);
        await audit?.record(tx, {
          actor,
          action: 'project.delete',
          target: { type: 'project', id, label: row.name },
          before: { name: row.name, owner_id: row.ownerId, review_status: row.reviewStatus, for_sale: row.forSale },
        });
        return [...(await repo.deleteProject(id, tx)), ...(await images.release(actor.id, imageKeysOf(row), tx))];
      });
      await removeFiles(keys);
    },

    async myPage(actor: Actor, q: MyProjectQuery): Promise<Page<OwnProject>> {
      const { rows, total } = await repo.ownPage(
        actor.id,
        { keyword: q.keyword, reviewStatus: q.review_status },
        q.limit,
        (q.page - 1) * q.limit,
      );
      return { list: rows.map(ownOut), total, page: q.page, limit: q.limit };
    },

    /** The owner's (or a moderator's) full view of a project. */
    async details(actor: Actor, id: number): Promise<OwnProject> {
      const row = await projects.byId(id);
      if (!row || !(canEdit(actor, row) || isModerator(actor))) throw notFound();
      return ownOut(row);
    },

    // --- Comments on my projects ---

    async myComments(actor: Actor, q: MyCommentQuery): Promise<Page<MyComment>> {
      const { rows, total } = await repo.myComments(
        actor.id,
        { state: q.state, projectId: q.project_id },
        q.limit,
        (q.page - 1) * q.limit,
      );
      const people = await users.publicCards(rows.map((r) => r.comment.userId));
      const list = rows.map(({ comment: c, projectName }) => {
        const u = people.get(c.userId);
        return {
          id: c.id,
          project_id: c.projectId,
          project_name: projectName,
          content: c.content,
          reply: c.reply,
          replied_at: c.repliedAt ? c.repliedAt.toISOString() : null,
          state: c.reply === null ? ('no_reply' as const) : ('replied' as const),
          user: { id: c.userId, name: u?.name ?? '—', avatar: u?.avatar ?? '' },
          created_at: c.createdAt.toISOString(),
        };
      });
      return { list, total, page: q.page, limit: q.limit };
    },

    /** Replies to a comment on one of the actor's projects (40401 otherwise). */
    async reply(actor: Actor, id: number, reply: string): Promise<void> {
      const c = await repo.commentById(id);
      if (!c) throw notFound();
      await projects.replyToComment(actor.id, c.projectId, c.id, reply);
    },

    // --- Review ---

    /**
     * Projects pending review, and approved projects whose scene draft waits for review, with creators, assets and
     * the scene version under review for the preview.
     */
    async reviewPage(q: ReviewPageQuery, lang: Lang) {
      const { rows, total } = await repo.ownPage(
        undefined,
        { keyword: q.keyword, inReview: true },
        q.limit,
        (q.page - 1) * q.limit,
      );
      const [people, allAssets, sceneOf] = await Promise.all([
        users.publicCards(rows.map((r) => r.ownerId)),
        repo.assetsOf(rows.map((r) => r.id)),
        scenes.forReview(rows),
      ]);
      const views = await assetViews(allAssets, lang);
      const list = rows.map((r) => {
        const u = people.get(r.ownerId);
        return {
          ...ownOut(r),
          creator: { id: r.ownerId, name: u?.name ?? '—', avatar: u?.avatar ?? '' },
          assets: views.filter((a) => a.project_id === r.id),
          scene: sceneOf.get(r.id) ?? null,
        };
      });
      return { list, total, page: q.page, limit: q.limit };
    },

    /**
     * Approves or rejects a pending project, or the pending scene draft of an approved one: state, the scene
     * document's published version, record and the creator's message in one transaction. Rejecting a scene draft
     * keeps the project approved with its published version.
     */
    async decide(reviewer: Actor, id: number, decision: 'approved' | 'rejected', reason = ''): Promise<OwnProject> {
      const row = await db.transaction(async (tx) => {
        let r = await repo.decide(id, 'pending', decision, reason, tx);
        if (r) await scenes.decided(id, decision, reason, true, tx);
        else {
          // An approved project stays on the market while its newer scene draft is reviewed: decide that review.
          const p = await projects.byId(id, tx);
          if (p?.reviewStatus !== 'approved' || !(await scenes.decided(id, decision, reason, false, tx))) return undefined;
          r = p;
        }
        await repo.insertRecord({ projectId: id, projectName: r.name, reviewerId: reviewer.id, decision, reason }, tx);
        await audit?.record(tx, {
          actor: reviewer,
          action: 'project.review',
          target: { type: 'project', id, label: r.name },
          before: { review_status: 'pending' },
          after: { decision, ...(reason ? { reason } : {}) },
        });
        await messages.send(
          r.ownerId,
          decision === 'approved' ? 'msgReviewApproved' : 'msgReviewRejected',
          decision === 'approved' ? { name: r.name } : { name: r.name, reason },
          tx,
        );
        return r;
      });
      if (!row) {
        if (!(await projects.byId(id))) throw notFound();
        throw new AppError(ErrorCode.CONFLICT);
      }
      return ownOut(row);
    },

    /**
     * Withdraws a project from the market after a report (/ReportList): an approved or pending project
     * becomes rejected with the reason (the creator edits and resubmits it through review), with a review record, in
     * the caller's transaction. Answers the project, or undefined when it was neither approved nor pending.
     */
    async withdraw(reviewer: Actor, id: number, reason: string, tx: DbOrTx): Promise<ProjectRow | undefined> {
      const r =
        (await repo.decide(id, 'approved', 'rejected', reason, tx)) ?? (await repo.decide(id, 'pending', 'rejected', reason, tx));
      if (r)
        await repo.insertRecord(
          { projectId: id, projectName: r.name, reviewerId: reviewer.id, decision: 'rejected', reason },
          tx,
        );
      return r;
    },

    async recordPage(q: ReviewRecordQuery): Promise<Page<ReviewRecord>> {
      const { rows, total } = await repo.recordPage(
        { decision: q.decision, projectId: q.project_id },
        q.limit,
        (q.page - 1) * q.limit,
      );
      const people = await users.publicCards(rows.map((r) => r.reviewerId));
      const list = rows.map((r) => ({
        id: r.id,
        project_id: r.projectId,
        project_name: r.projectName,
        decision: r.decision,
        reason: r.reason,
        reviewer: { id: r.reviewerId, name: people.get(r.reviewerId)?.name ?? '—' },
        created_at: r.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, limit: q.limit };
    },

    // --- Assets ---

    /** The owner's project for an upload (40401 otherwise). */
    ownedProject: owned,

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
      return { project_id: p.id, review_status: p.reviewStatus, assets: await assetViews(await repo.assetsOf([p.id]), lang) };
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

    // --- Questionnaires ---

    /** Attaches (or replaces) the questionnaire of the actor's project. */
    async saveQuestionnaire(actor: Actor, body: QuestionnaireBody) {
      await owned(actor, body.project_id);
      const row = await repo.saveQuestionnaire(body.project_id, body.title, body.questions);
      return { id: row.id, project_id: row.projectId, title: row.title, questions: body.questions, answered: false };
    },

    /** The questionnaire of a project the viewer may see, and whether they answered it. */
    async questionnaire(viewer: Actor, projectId: number) {
      await projects.viewable(viewer, projectId);
      const q = await repo.questionnaireOf(projectId);
      // No questionnaire is a normal state of a viewable project, not a missing resource.
      if (!q) return null;
      return {
        id: q.id,
        project_id: q.projectId,
        title: q.title,
        questions: q.questions as Question[],
        answered: await repo.hasAnswered(q.id, viewer.id),
      };
    },

    /** Records the viewer's answers (one set per user); each answer must fit its question. */
    async answer(viewer: Actor, projectId: number, answers: (number | string)[]): Promise<void> {
      await projects.viewable(viewer, projectId);
      const q = await repo.questionnaireOf(projectId);
      if (!q) throw notFound();
      const questions = q.questions as Question[];
      const fits =
        answers.length === questions.length &&
        questions.every((question, i) => {
          const a = answers[i];
          return question.type === 'single'
            ? typeof a === 'number' && a < question.options.length
            : typeof a === 'string' && a.length > 0;
        });
      if (!fits) throw invalid('answers', 'v.answersMismatch');
      if (!(await repo.insertAnswers(q.id, viewer.id, answers))) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'questionnaireAnswered' });
      }
    },

    /** Answer counts per option and the latest text answers (the owner's /vrdata/questionnaire view). */
    async questionnaireResults(actor: Actor, projectId: number) {
      await owned(actor, projectId);
      const q = await repo.questionnaireOf(projectId);
      if (!q) throw notFound();
      const rows = await repo.answersOf(q.id);
      const questions = (q.questions as Question[]).map((question, i) =>
        question.type === 'single'
          ? {
              type: 'single' as const,
              title: question.title,
              counts: question.options.map((_, o) => rows.filter((r) => r.answers[i] === o).length),
            }
          : {
              type: 'text' as const,
              title: question.title,
              texts: rows
                .map((r) => r.answers[i])
                .filter((a): a is string => typeof a === 'string')
                .slice(0, 100),
            },
      );
      return { id: q.id, title: q.title, responses: rows.length, questions };
    },
  };
}
export type EditorService = ReturnType<typeof createEditorService>;
