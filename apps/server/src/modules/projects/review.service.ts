import type { Page } from '@xr/contract/common';
import type { OwnProject, ReviewPageQuery, ReviewRecord, ReviewRecordQuery } from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { AuditRecorder } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { ProfileService } from '../users/profile.service';
import { createEditorRepository } from './editor.repository';
import { type Actor, assetViews, ownOut } from './editor.shared';
import type { ProjectRow, ProjectsService } from './projects.service';
import type { ScenesService } from './scenes.service';

export interface ReviewDeps {
  db: Db;
  projects: ProjectsService;
  users: Pick<ProfileService, 'publicCards'>;
  /** The creator hears of each decision by system message, in the decision's transaction. */
  messages: Pick<MessagesService, 'send'>;
  /** The assets' processing jobs, shown with the projects in review. */
  jobs: Pick<JobQueue, 'byIds'>;
  /** Scene documents: the version under review, and its decision. */
  scenes: Pick<ScenesService, 'forReview' | 'decided'>;
  /** The audit log: review decisions, in their transaction. */
  audit?: AuditRecorder;
}

/**
 * The review workflow (/approval/project-review*): the queue of projects (and of approved projects' scene drafts)
 * waiting for review, approving or rejecting them with the creator's message, the records of decisions, and the
 * withdrawal of a reported project.
 */
export function createReviewService({ db, projects, users, messages, jobs, scenes, audit }: ReviewDeps) {
  const repo = createEditorRepository(db);

  return {
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
      const views = await assetViews(jobs, allAssets, lang);
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
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
