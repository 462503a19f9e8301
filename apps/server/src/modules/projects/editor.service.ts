import type { Page } from '@xr/contract/common';
import type { MyComment, MyCommentQuery, MyProjectQuery, OwnProject, ProjectForm, UpProjectBody } from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import { hkdToCents } from '@xr/contract/money';
import { documentKindsOfCatalog } from '@xr/contract/scenes';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import { deleteQuietly, type Storage } from '../../lib/storage';
import type { AuditRecorder } from '../audit/audit.service';
import type { ProfileService } from '../users/profile.service';
import { createEditorRepository } from './editor.repository';
import { type Actor, ownedBy, ownOut } from './editor.shared';
import { imageKeysOf, type ProjectImagesService } from './images.service';
import { canEdit, isModerator } from './projects.policy';
import type { ProjectRow, ProjectsService } from './projects.service';
import type { ScenesService } from './scenes.service';

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
  users: Pick<ProfileService, 'publicCards'>;
  storage: Storage;
  /** Cover and "more images" pictures: checked and marked used on save, deleted once no project uses them. */
  images: ProjectImagesService;
  /** Whether anybody owns the project (orders module); read inside the deletion's transaction. */
  hasBuyers: (projectId: number, tx?: DbOrTx) => Promise<boolean>;
  /** Scene documents: the content's document kind, the draft pinned for review, deletion. */
  scenes: Pick<ScenesService, 'kindOf' | 'pinForReview' | 'removeOf'>;
  /** The audit log: project deletions, in their transaction. */
  audit?: AuditRecorder;
  /**
   * The project count the owner's plan allows (plans module): `max` null is unlimited; `refusal` is the
   * error naming the plan and the limit. Read before the creating transaction, compared inside it under the owner lock.
   */
  projectQuota?: (userId: number) => Promise<{ max: number | null; refusal: () => Error }>;
}

/**
 * The creator's projects (/vrdata/*): create within the plan's project quota, edit (with the review rules of
 * `nextReviewStatus`), delete, the owner's list and details, and the comments on the creator's projects. Review is
 * review.service.ts, files assets.service.ts, questionnaires questionnaires.service.ts.
 */
export function createEditorService({
  db,
  projects,
  users,
  storage,
  images,
  hasBuyers,
  scenes,
  audit,
  projectQuota,
}: EditorDeps) {
  const repo = createEditorRepository(db);
  const owned = (actor: Actor, id: number) => ownedBy(projects, actor, id);
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
  };
}
export type EditorService = ReturnType<typeof createEditorService>;
