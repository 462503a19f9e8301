import crypto from 'node:crypto';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import { centsToHkd } from '@xr/contract/money';
import {
  type AnyDocument,
  type AssetKind,
  type DocumentKind,
  documentKindsOfCatalog,
  documentReferences,
  documentShapeExcess,
  documentStats,
  MODEL_COARSE_OUTPUT,
  MODEL_USDZ_OUTPUT,
  parseAnyDocument,
  type ResolvedMedia,
  type ResolvedProduct,
  type RestoreSceneBody,
  type SaveSceneBody,
  SCENE_DOCUMENT_MAX_BYTES,
  SCENE_REVISION_SQUASH_SECONDS,
  SCENE_REVISIONS_MAX,
  type SceneDetails,
  type SceneDetailsQuery,
  type SceneRevision,
  type SubmitSceneReply,
} from '@xr/contract/scenes';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, type FieldError, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import type { ProfileService } from '../users/profile.service';
import { clipsOf, isPreviewOutput, jobResultsOf, signedOutputs, tileGridOf } from './asset-delivery';
import { type AssetRow, createEditorRepository } from './editor.repository';
import { canEdit, isMarketVisible, isModerator, type Viewer, whyNotPurchasable } from './projects.policy';
import type { ProjectRow, ProjectsService } from './projects.service';
import { createScenesRepository, type SceneRow } from './scenes.repository';

/** Who acts: a signed-in user. */
type Actor = NonNullable<Viewer>;

/**
 * The platform model library as scene documents need it. The library module provides the real one; until it is
 * wired, `noLibrary` refuses every library id with a message saying the library is not available.
 */
export interface LibraryLookup {
  /** False when no library is wired (saves then say so instead of "unknown model"). */
  readonly available: boolean;
  /** Which of these library model ids exist and may be used in scenes. */
  existing(ids: number[]): Promise<Set<number>>;
  /** What viewers need of these library models (signed or public URLs of the GLB and thumbnail), by id. */
  resolve(ids: number[]): Promise<Map<number, ResolvedMedia>>;
}

/** The library lookup used while no library module is wired: no model exists. */
export const noLibrary: LibraryLookup = {
  available: false,
  existing: async () => new Set(),
  resolve: async () => new Map(),
};

export interface ScenesDeps {
  db: Db;
  projects: ProjectsService;
  users: ProfileService;
  storage: Storage;
  jobs: JobQueue;
  library: LibraryLookup;
  /** Which of these projects the user owns (bought, or got free) — the orders module. */
  purchasedAmong: (userId: number, projectIds: number[]) => Promise<Set<number>>;
  urlTtlSeconds: number;
}

/** How `saveDocument` saves: over a version (refused when it is not the draft) or whatever the draft is. */
export interface SaveOptions {
  /** The version the editor loaded (0 before the first save); absent means "over whatever is there". */
  baseVersion?: number;
  /** Save even when `baseVersion` is not the draft (the editor's "overwrite"). */
  force?: boolean;
  /** Also publish the new version at once (seeding the demo catalogue only; creators go through review). */
  publish?: boolean;
  /** Language of the refusal's wording where it names things (asset kinds); default English. */
  lang?: Lang;
}

/** The scene part of an item of the review queue. */
export interface SceneForReview {
  kind: DocumentKind;
  /** The version approval publishes. */
  version: number;
  published_version: number | null;
}

const MAX_FIELD_ERRORS = 20;
const pathOf = (path: readonly PropertyKey[]) => ['document', ...path.map(String)].join('.');
const hashOf = (json: string) => crypto.createHash('sha256').update(json).digest('hex');
const validation = (errors: FieldError[]) =>
  new AppError(ErrorCode.VALIDATION, {
    field: errors[0]?.field,
    messageKey: errors[0]?.messageKey,
    params: errors[0]?.params,
    errors: errors.slice(0, MAX_FIELD_ERRORS),
  });

const KIND_KEYS: Record<AssetKind, string> = {
  model3d: 'assetKindModel3d',
  image360: 'assetKindImage360',
  video360: 'assetKindVideo360',
  image: 'assetKindImage',
  audio: 'assetKindAudio',
  video: 'assetKindVideo',
};
const kindNames = (kinds: readonly AssetKind[], lang: Lang) => kinds.map((k) => translateMessage(KIND_KEYS[k], lang)).join(', ');

/** The version approval of a project or of its scene draft publishes, or null when there is nothing new. */
function versionForReview(s: SceneRow, projectPending: boolean): number | null {
  if (s.draftVersion === 0) return null;
  if (s.submittedVersion !== null) return s.submittedVersion;
  // A project sent to review by its switches or form, whose document was never published: the reviewer sees the draft.
  return projectPending && s.publishedVersion === null ? s.draftVersion : null;
}

/**
 * Scene documents of projects: saving with version checks, revisions and restore, submitting a draft to
 * review while the published version stays on the market, and handing the version a caller may see to viewers with
 * signed URLs of everything it references. Saves are one transaction each and cheap (autosave runs every few seconds):
 * an unchanged document writes nothing, and a save close to the previous one replaces it in the revision list.
 */
export function createScenesService({ db, projects, users, storage, jobs, library, purchasedAmong, urlTtlSeconds }: ScenesDeps) {
  const repo = createScenesRepository(db);
  const editorRepo = createEditorRepository(db);

  async function owned(actor: Actor, id: number): Promise<ProjectRow> {
    const row = await projects.byId(id);
    if (!row || !canEdit(actor, row)) throw notFound();
    return row;
  }

  /** Parses (migrates and validates) a raw document; refuses with every faulty place. */
  function parse(raw: unknown): AnyDocument {
    let bytes: number;
    try {
      bytes = Buffer.byteLength(JSON.stringify(raw) ?? '');
    } catch {
      throw validation([{ field: 'document', messageKey: 'v.invalidValue' }]);
    }
    if (bytes > SCENE_DOCUMENT_MAX_BYTES) {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, {
        field: 'document',
        messageKey: 'sceneDocumentTooLarge',
        params: { max: `${SCENE_DOCUMENT_MAX_BYTES / 1024 / 1024} MB` },
      });
    }
    const excess = documentShapeExcess(raw);
    if (excess) throw validation([{ field: pathOf(excess.path), messageKey: `v.${excess.reason}` }]);
    const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
    if (kind !== 'tour' && kind !== 'scene') throw validation([{ field: 'document.kind', messageKey: 'v.documentKind' }]);
    const parsed = parseAnyDocument(raw);
    if (!parsed.success) {
      throw validation(
        parsed.error.issues.map((i) => ({
          field: pathOf(i.path),
          messageKey: i.message.startsWith('v.')
            ? i.message
            : i.code === 'invalid_type' && i.message.endsWith('received undefined')
              ? 'v.required'
              : 'v.invalidValue',
        })),
      );
    }
    return parsed.data;
  }

  /** Refuses references the author may not use: others' or unready or misfitting assets, unknown library models, products off the market. */
  async function checkReferences(authorId: number, doc: AnyDocument, lang: Lang): Promise<void> {
    const refs = documentReferences(doc);
    const ids = (type: 'asset' | 'library' | 'product') => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
    const [assetRows, libraryIds, productRows] = await Promise.all([
      repo.assetsByIds(ids('asset')),
      ids('library').length ? library.existing(ids('library')) : Promise.resolve(new Set<number>()),
      projects.byIds(ids('product')),
    ]);
    const assetsById = new Map(assetRows.map((a) => [a.id, a]));
    const productsById = new Map(productRows.map((p) => [p.id, p]));
    const errors: FieldError[] = [];
    for (const r of refs) {
      const field = pathOf(r.path);
      const params = { id: r.id };
      if (r.type === 'asset') {
        const a = assetsById.get(r.id);
        if (!a || a.ownerId !== authorId) errors.push({ field, messageKey: 'v.sceneAssetUnknown', params });
        else if (a.status !== 'ready') errors.push({ field, messageKey: 'v.sceneAssetNotReady', params });
        else if (!r.kinds.includes(a.kind))
          errors.push({ field, messageKey: 'v.sceneAssetKind', params: { id: r.id, kinds: kindNames(r.kinds, lang) } });
      } else if (r.type === 'library') {
        if (!libraryIds.has(r.id))
          errors.push({ field, messageKey: library.available ? 'v.sceneLibraryUnknown' : 'v.sceneLibraryUnavailable', params });
      } else {
        const p = productsById.get(r.id);
        if (!p || !isMarketVisible(p)) errors.push({ field, messageKey: 'v.sceneProductUnavailable', params });
      }
      if (errors.length >= MAX_FIELD_ERRORS) break;
    }
    if (errors.length) throw validation(errors);
  }

  /**
   * Writes a checked document as the project's next version in one transaction: locks the project's scene row,
   * refuses a kind change and (unless `force`) a stale base version, answers the draft's version when nothing
   * changed, replaces the previous revision when it is a recent autosave of the same author, and prunes the oldest.
   */
  async function write(
    authorId: number,
    project: ProjectRow,
    doc: AnyDocument,
    opts: SaveOptions,
    tx: DbOrTx,
  ): Promise<{ version: number }> {
    const json = JSON.stringify(doc);
    const hash = hashOf(json);
    const s = await repo.lockScene(project.id, doc.kind, tx);
    const allowed = s.draftVersion > 0 ? [s.kind] : documentKindsOfCatalog(project.catalog);
    if (!allowed.includes(doc.kind)) throw validation([{ field: 'document.kind', messageKey: 'v.sceneKindMismatch' }]);
    const stale = opts.baseVersion !== undefined && opts.baseVersion !== s.draftVersion;
    if (stale && !opts.force) throw new AppError(ErrorCode.SCENE_VERSION_CONFLICT, { field: 'base_version' });
    if (s.draftVersion > 0 && s.draftHash === hash && !opts.publish) return { version: s.draftVersion };

    const now = new Date();
    const kept = [s.publishedVersion, s.submittedVersion].filter((v): v is number => v !== null);
    const [prev, before] = await repo.latestRevisions(project.id, 2, tx);
    const window = SCENE_REVISION_SQUASH_SECONDS * 1000;
    if (
      prev &&
      before &&
      prev.authorId === authorId &&
      !kept.includes(prev.version) &&
      prev.createdAt.getTime() - before.createdAt.getTime() < window &&
      now.getTime() - prev.createdAt.getTime() < window
    ) {
      await repo.deleteRevision(project.id, prev.version, tx);
    }
    const version = s.draftVersion + 1;
    await repo.insertRevision(
      { projectId: project.id, version, document: doc, stats: documentStats(doc), authorId, createdAt: now },
      tx,
    );
    await repo.updateScene(
      project.id,
      { kind: doc.kind, draftVersion: version, draftHash: hash, ...(opts.publish ? { publishedVersion: version } : {}) },
      tx,
    );
    await repo.prune(project.id, SCENE_REVISIONS_MAX, opts.publish ? [...kept, version] : kept, tx);
    return { version };
  }

  /**
   * Checks and saves a document of the author's project as its next draft version (see `write`). Usable without
   * HTTP, e.g. by the demo catalogue's seeding (`{ publish: true }` publishes it at once).
   */
  async function saveDocument(authorId: number, projectId: number, raw: unknown, opts: SaveOptions = {}) {
    const project = await projects.byId(projectId);
    if (!project || project.ownerId !== authorId) throw notFound();
    const doc = parse(raw);
    await checkReferences(authorId, doc, opts.lang ?? 'en');
    return db.transaction((tx) => write(authorId, project, doc, opts, tx));
  }

  /** Signed URLs of the referenced assets, at full quality or at preview quality (no originals of processed files, no tiles). */
  async function resolveMedia(rows: AssetRow[], full: boolean): Promise<Record<string, ResolvedMedia>> {
    const results = await jobResultsOf(jobs, rows);
    const out: Record<string, ResolvedMedia> = {};
    await Promise.all(
      rows.map(async (a) => {
        // A video's poster frame is not a processed form of it: the video still plays from its original.
        const processed = Object.keys(a.outputs).some((name) => name !== 'poster');
        const keep = full
          ? () => true
          : (name: string) =>
              isPreviewOutput(name) ||
              (a.kind === 'model3d' && (name === 'model' || name === MODEL_COARSE_OUTPUT || name === MODEL_USDZ_OUTPUT));
        const urls = await signedOutputs(storage, urlTtlSeconds, a, keep);
        // Video, audio and flat images have no processed form: the original is what plays.
        if (full || !processed) urls.original = await storage.signedUrl(a.originalKey, urlTtlSeconds);
        const result = results.get(a.id);
        out[String(a.id)] = {
          id: a.id,
          kind: a.kind,
          status: a.status,
          urls,
          tiles: full && a.kind === 'image360' ? tileGridOf(result) : null,
          clips: a.kind === 'model3d' ? clipsOf(result) : [],
        };
      }),
    );
    return out;
  }

  /** A stored version of a scene document with its assets, library models and product cards resolved for the viewer. */
  /** The owner's view of a project without a document yet: version 0, no document, nothing to resolve. */
  function emptyDraft(p: ProjectRow): SceneDetails {
    return {
      id: p.id,
      kind: documentKindsOfCatalog(p.catalog)[0] ?? 'scene',
      version: 0,
      state: 'draft',
      access: 'full',
      document: null,
      media: {},
      library: {},
      products: {},
      review: { draft_version: 0, submitted_version: null, published_version: null, state: 'none', reason: '' },
    };
  }

  async function documentOut(
    viewer: Viewer,
    p: ProjectRow,
    s: SceneRow,
    version: number,
    full: boolean,
    withReview: boolean,
  ): Promise<SceneDetails> {
    const rev = await repo.revision(p.id, version);
    if (!rev) throw notFound();
    const parsed = parseAnyDocument(rev.document);
    if (!parsed.success) throw notFound();
    const doc = parsed.data;
    const refs = documentReferences(doc);
    const idsOf = (type: 'asset' | 'library' | 'product') => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
    // Assets still existing and still the project owner's (a later deletion leaves a hole the viewer skips).
    const assetRows = (await repo.assetsByIds(idsOf('asset'))).filter((a) => a.ownerId === p.ownerId && a.status === 'ready');
    const [media, libraryMap, products] = await Promise.all([
      resolveMedia(assetRows, full),
      idsOf('library').length ? library.resolve(idsOf('library')) : Promise.resolve(new Map<number, ResolvedMedia>()),
      resolveProducts(viewer, idsOf('product')),
    ]);
    return {
      id: p.id,
      kind: s.kind,
      version,
      state: version === s.publishedVersion ? 'published' : 'draft',
      access: full ? 'full' : 'preview',
      document: doc,
      media,
      library: Object.fromEntries([...libraryMap].map(([id, m]) => [String(id), m])),
      products,
      review: withReview
        ? {
            draft_version: s.draftVersion,
            submitted_version: s.submittedVersion,
            published_version: s.publishedVersion,
            state: s.reviewState,
            reason: s.reviewReason,
          }
        : null,
    };
  }

  /** Product cards for the caller: market-visible products only, each saying whether the caller may buy it. */
  async function resolveProducts(viewer: Viewer, ids: number[]): Promise<Record<string, ResolvedProduct>> {
    if (ids.length === 0) return {};
    const rows = (await projects.byIds(ids)).filter(isMarketVisible);
    const owned = viewer
      ? await purchasedAmong(
          viewer.id,
          rows.map((p) => p.id),
        )
      : new Set<number>();
    return Object.fromEntries(
      rows.map((p) => [
        String(p.id),
        {
          id: p.id,
          name: p.name,
          price: centsToHkd(p.priceCents),
          cover: p.cover,
          purchasable: viewer ? whyNotPurchasable(viewer.id, p, owned.has(p.id)) === null : p.forSale,
        },
      ]),
    );
  }

  /** Who sees what: the version a viewer gets by default and whether they may name another. */
  async function accessOf(viewer: Viewer, p: ProjectRow) {
    const owner = canEdit(viewer, p);
    const moderator = isModerator(viewer);
    const buyer = !!viewer && !owner && !moderator && (await purchasedAmong(viewer.id, [p.id])).has(p.id);
    return { owner, moderator, full: owner || moderator || buyer };
  }

  return {
    saveDocument,

    /** `POST /project/save_scene`: the owner's save over `base_version` (40940 when stale, unless `force`). */
    async save(actor: Actor, body: SaveSceneBody, lang: Lang): Promise<{ version: number }> {
      await owned(actor, body.id);
      return saveDocument(actor.id, body.id, body.document, { baseVersion: body.base_version, force: body.force, lang });
    },

    /** `GET /project/scene_revisions`: newest first, for the owner and moderators. */
    async revisions(actor: Actor, id: number, lang: Lang): Promise<SceneRevision[]> {
      const p = await projects.byId(id);
      if (!p || !(canEdit(actor, p) || isModerator(actor))) throw notFound();
      const s = await repo.sceneOf(id);
      if (!s) return [];
      const rows = await repo.revisions(id);
      const people = await users.publicCards(rows.map((r) => r.authorId));
      return rows.map((r) => ({
        version: r.version,
        created_at: r.createdAt.toISOString(),
        author: people.get(r.authorId)?.name ?? '—',
        published: r.version === s.publishedVersion,
        submitted: r.version === s.submittedVersion,
        summary: translateMessage(s.kind === 'tour' ? 'sceneSummaryTour' : 'sceneSummaryScene', lang, { ...r.stats }),
      }));
    },

    /** `POST /project/restore_scene`: copies a revision as the new draft (its references are checked again). */
    async restore(actor: Actor, body: RestoreSceneBody, lang: Lang): Promise<{ version: number }> {
      const project = await owned(actor, body.id);
      const rev = await repo.revision(body.id, body.version);
      if (!rev) throw notFound();
      const doc = parse(rev.document);
      await checkReferences(actor.id, doc, lang);
      return db.transaction((tx) => write(actor.id, project, doc, {}, tx));
    },

    /**
     * `POST /project/submit_scene`: sends the draft to review. An approved project stays on the market with its
     * published version while the draft waits; any other project goes to review as a whole (state `pending`).
     */
    async submit(actor: Actor, id: number): Promise<SubmitSceneReply> {
      await owned(actor, id);
      return db.transaction(async (tx) => {
        const s = await repo.lockExisting(id, tx);
        if (!s || s.draftVersion === 0)
          throw new AppError(ErrorCode.VALIDATION, { field: 'id', messageKey: 'sceneNothingToSubmit' });
        const p = await projects.byId(id, tx);
        if (!p) throw notFound();
        const approved = p.reviewStatus === 'approved';
        if (approved && s.publishedVersion === s.draftVersion) {
          return { review_status: p.reviewStatus, scene_review: s.reviewState, submitted_version: s.draftVersion };
        }
        await repo.updateScene(id, { submittedVersion: s.draftVersion, reviewState: 'pending', reviewReason: '' }, tx);
        if (!approved && p.reviewStatus !== 'pending')
          await editorRepo.update(id, { reviewStatus: 'pending', reviewReason: '' }, tx);
        return {
          review_status: approved ? 'approved' : 'pending',
          scene_review: 'pending',
          submitted_version: s.draftVersion,
        };
      });
    },

    /**
     * `GET /project/scene_details`: the published version for visitors and buyers (a market-visible project; visitors
     * only with anonymous preview on), the draft for its creator, `version` (a number or `submitted`) for the creator
     * and moderators; with signed URLs of its assets, the library models and the product cards.
     */
    async details(viewer: Viewer, q: SceneDetailsQuery): Promise<SceneDetails> {
      const p = await projects.byId(q.id);
      if (!p) throw notFound();
      const { owner, moderator, full } = await accessOf(viewer, p);
      const published = isMarketVisible(p);
      if (!full && !published) throw notFound();
      if (!full && !p.anonymousPreview) {
        throw new AppError(ErrorCode.FORBIDDEN, { messageKey: p.priceCents === 0 ? 'freeToView' : 'purchaseToView' });
      }
      const s = await repo.sceneOf(p.id);
      if (!s || s.draftVersion === 0) {
        // A creator's new project has no document until the first save: its editor starts from an empty one.
        if (owner && q.version === undefined) return emptyDraft(p);
        throw notFound();
      }
      let version: number | null;
      if (q.version !== undefined) {
        if (!owner && !moderator) throw notFound();
        version = q.version === 'submitted' ? s.submittedVersion : q.version;
      } else if (owner) version = s.draftVersion;
      else if (moderator) version = s.publishedVersion ?? s.draftVersion;
      else version = s.publishedVersion;
      if (version === null) throw notFound();
      return documentOut(viewer, p, s, version, full, owner || moderator);
    },

    /**
     * The scene of a meta world room (the world module calls it once the caller passed the room's access rule): the
     * published version, or the draft when the room's author owns an unpublished project, whether or not the caller
     * bought the project or it is in the market. Assets come at viewer (preview) quality with the same short-lived
     * signed delivery URLs the viewer uses: no originals of processed files, nothing to download beyond what plays.
     */
    async roomScene(viewer: Viewer, projectId: number, roomAuthorId: number): Promise<SceneDetails> {
      const p = await projects.byId(projectId);
      if (!p) throw notFound();
      const s = await repo.sceneOf(p.id);
      if (!s || s.draftVersion === 0) throw notFound();
      const version = s.publishedVersion ?? (p.ownerId === roomAuthorId ? s.draftVersion : null);
      if (version === null) throw notFound();
      return documentOut(viewer, p, s, version, false, false);
    },

    // --- Hooks of the editor service (content, review, edits) ---

    /**
     * The document version `/project/content` points a viewer to: the draft for its creator, the published version
     * (or the draft when none) for moderators, the published version for everybody else; null without a document.
     */
    async contentScene(viewer: Viewer, p: ProjectRow): Promise<{ kind: DocumentKind; version: number } | null> {
      const s = await repo.sceneOf(p.id);
      if (!s || s.draftVersion === 0) return null;
      if (canEdit(viewer, p)) return { kind: s.kind, version: s.draftVersion };
      const version = isModerator(viewer) ? (s.publishedVersion ?? s.draftVersion) : s.publishedVersion;
      return version === null ? null : { kind: s.kind, version };
    },

    /** The scene part of review-queue items, by project id (projects without anything to review are absent). */
    async forReview(rows: ProjectRow[]): Promise<Map<number, SceneForReview>> {
      const scenes = await repo.scenesOf(rows.map((r) => r.id));
      const pending = new Set(rows.filter((r) => r.reviewStatus === 'pending').map((r) => r.id));
      const out = new Map<number, SceneForReview>();
      for (const s of scenes) {
        const version = versionForReview(s, pending.has(s.projectId));
        if (version !== null) out.set(s.projectId, { kind: s.kind, version, published_version: s.publishedVersion });
      }
      return out;
    },

    /**
     * Applies a review decision to the project's scene document inside the decision's transaction. For a project that
     * was pending as a whole, approval publishes the version under review; for an approved project only its scene
     * draft was pending (`projectPending` false): answers false when that review was already decided (or absent).
     * Rejection keeps the published version.
     */
    async decided(
      projectId: number,
      decision: 'approved' | 'rejected',
      reason: string,
      projectPending: boolean,
      tx: DbOrTx,
    ): Promise<boolean> {
      if (!projectPending) {
        const row =
          decision === 'approved'
            ? await repo.publishSubmitted(projectId, tx)
            : await repo.rejectSubmitted(projectId, reason, tx);
        return !!row;
      }
      // The project's own conditional update already made this reviewer the only one deciding.
      const s = await repo.sceneOf(projectId, tx);
      if (!s) return true;
      if (decision === 'rejected') {
        if (s.reviewState === 'pending') await repo.rejectSubmitted(projectId, reason, tx);
        return true;
      }
      const version = versionForReview(s, true);
      if (version !== null) {
        await repo.updateScene(
          projectId,
          { publishedVersion: version, submittedVersion: null, reviewState: 'none', reviewReason: '' },
          tx,
        );
      }
      return true;
    },

    /** Pins the current draft as the version under review when the whole project goes to review (form or switches). */
    async pinForReview(projectId: number, tx: DbOrTx): Promise<void> {
      const s = await repo.sceneOf(projectId, tx);
      if (!s || s.draftVersion === 0) return;
      await repo.updateScene(projectId, { submittedVersion: s.draftVersion, reviewState: 'pending', reviewReason: '' }, tx);
    },

    /** The document kind a project holds, or null before its first save. */
    async kindOf(projectId: number, tx?: DbOrTx): Promise<DocumentKind | null> {
      const s = await repo.sceneOf(projectId, tx ?? db);
      return s && s.draftVersion > 0 ? s.kind : null;
    },

    /** Deletes a project's document and revisions (inside the project's deletion). */
    removeOf: (projectId: number, tx: DbOrTx) => repo.deleteOf(projectId, tx),
  };
}
export type ScenesService = ReturnType<typeof createScenesService>;
