import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { ReportBody } from '@xr/contract/market';
import type { ReportDecideBody, ReportItem, reportPageQuery } from '@xr/contract/reports';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { ForumActor } from '../forum/forum.policy';
import type { ForumService } from '../forum/forum.service';
import type { ForumThreadsService } from '../forum/forum-threads.service';
import type { MessagesService } from '../messages/messages.service';
import type { Actor as EditorActor } from '../projects/editor.shared';
import type { ProjectsService, Viewer } from '../projects/projects.service';
import type { ReviewService } from '../projects/review.service';
import type { MembersService } from '../users/members.service';
import type { ProfileService } from '../users/profile.service';
import { createReportsRepository, type ReportRow } from './reports.repository';

/**
 * The meta world's chat, as the reports module needs it (handed in by app.ts from the world's chat service and rooms
 * layer): messages by id (deleted ones absent) and deleting one (which also tells its room).
 */
export interface ReportChat {
  forReports(ids: number[]): Promise<Map<number, { userId: number | null; name: string; text: string; room: string }>>;
  /** Answers false when the message was already gone. */
  remove(id: number): Promise<boolean>;
}

/** The handler as routes hand them in: the signed-in user with permissions (forum moderation, member management). */
export type ReportHandler = NonNullable<ForumActor> & EditorActor & { name?: string };

interface Target {
  title: string;
  /** The name chatted under (chat messages). */
  authorName?: string;
  excerpt: string;
  path: string | null;
  visible: boolean;
  ownerId: number | null;
}

/**
 * Reports of projects, forum posts and meta world chat messages. Reporting: one open report per user and target (reporting again
 * updates it). Deciding (/ReportList): the report is closed once (a conditional update; a second decision answers
 * 40950) with the audit entry in the same transaction; then the action runs through the owning module (a project is
 * withdrawn to "rejected" with the note, a post is deleted as by a moderator, an account is disabled as on the member
 * screen); if the action is refused (e.g. the handler may not manage that account) the report goes back to the queue
 * and the refusal is answered. Last, the target's owner (hidden or warned) and the reporter are told by system message.
 */
export function createReportsService(deps: {
  db: Db;
  projects: ProjectsService;
  /** Forum posts as the reports screen shows them. */
  forumThreads?: Pick<ForumThreadsService, 'reportTargets'>;
  /** Hiding a reported post deletes it as a moderator would. */
  forum?: Pick<ForumService, 'deletePost'>;
  /** Withdraws a reported project to "rejected", with a review record. */
  review?: Pick<ReviewService, 'withdraw'>;
  users?: ProfileService;
  members?: MembersService;
  messages?: MessagesService;
  audit?: AuditRecorder;
  chat?: ReportChat;
}) {
  const { db, projects, forumThreads, forum, review, users, members, messages, audit, chat } = deps;
  const repo = createReportsRepository(db);

  async function targets(rows: ReportRow[]): Promise<Map<string, Target>> {
    const out = new Map<string, Target>();
    const projectIds = rows.filter((r) => r.targetType === 'project').map((r) => r.targetId);
    for (const p of projectIds.length ? await projects.byIds([...new Set(projectIds)]) : []) {
      out.set(`project:${p.id}`, {
        title: p.name,
        excerpt: '',
        path: `/product_details?id=${p.id}`,
        visible: p.reviewStatus === 'approved' && p.isPublic,
        ownerId: p.ownerId,
      });
    }
    const postIds = rows.filter((r) => r.targetType === 'forum_post').map((r) => r.targetId);
    for (const [id, p] of postIds.length && forumThreads ? await forumThreads.reportTargets(postIds) : new Map()) {
      out.set(`forum_post:${id}`, {
        title: p.title,
        excerpt: p.excerpt,
        path: p.visible ? `/forum/thread?id=${p.threadId}` : null,
        visible: p.visible,
        ownerId: p.authorId,
      });
    }
    const chatIds = rows.filter((r) => r.targetType === 'chat').map((r) => r.targetId);
    for (const [id, c] of chatIds.length && chat ? await chat.forReports(chatIds) : new Map()) {
      out.set(`chat:${id}`, {
        title: c.room,
        authorName: c.name,
        excerpt: c.text,
        path: null,
        visible: true,
        ownerId: c.userId,
      });
    }
    return out;
  }

  return {
    /**
     * POST /reports/set_reports: reports a project the user can see, a visible forum post, or a meta world chat
     * message that exists (any signed-in user may report one; deleted or unknown ones: 40401).
     */
    async report(actor: NonNullable<Viewer>, input: ReportBody): Promise<{ id: number }> {
      let target: { targetType: ReportRow['targetType']; targetId: number };
      if (input.project_id !== undefined) {
        await projects.viewable(actor, input.project_id);
        target = { targetType: 'project', targetId: input.project_id };
      } else if (input.chat_id !== undefined) {
        const found = chat ? (await chat.forReports([input.chat_id])).get(input.chat_id) : undefined;
        if (!found) throw new AppError(ErrorCode.NOT_FOUND);
        target = { targetType: 'chat', targetId: input.chat_id };
      } else {
        const post =
          forumThreads && input.post_id !== undefined
            ? (await forumThreads.reportTargets([input.post_id])).get(input.post_id)
            : undefined;
        if (!post?.visible || input.post_id === undefined) throw new AppError(ErrorCode.NOT_FOUND);
        target = { targetType: 'forum_post', targetId: input.post_id };
      }
      const row = await repo.upsertOpen({ ...target, userId: actor.id, reason: input.reason, content: input.content });
      return { id: row.id };
    },

    /** GET /reports/report_page. */
    async page(q: z.output<typeof reportPageQuery>): Promise<Page<ReportItem>> {
      const { rows, total } = await repo.page({ status: q.status, targetType: q.target_type }, q.limit, (q.page - 1) * q.limit);
      const found = await targets(rows);
      const people = users
        ? await users.publicCards([
            ...rows.map((r) => r.userId),
            ...[...found.values()].flatMap((t) => (t.ownerId ? [t.ownerId] : [])),
          ])
        : new Map<number, { name: string }>();
      const name = (id: number) => people.get(id)?.name ?? '—';
      const list = rows.map((r): ReportItem => {
        const t = found.get(`${r.targetType}:${r.targetId}`);
        return {
          id: r.id,
          target_type: r.targetType,
          target_id: r.targetId,
          target_title: t?.title ?? '',
          target_excerpt: t?.excerpt ?? '',
          target_path: t?.path ?? null,
          target_visible: t?.visible ?? false,
          owner: t?.ownerId ? { id: t.ownerId, name: name(t.ownerId) } : null,
          author_name: t?.authorName ?? '',
          reporter: { id: r.userId, name: name(r.userId) },
          reason: r.reason,
          content: r.content,
          status: r.status,
          action: r.action,
          note: r.note,
          handler: r.handlerName,
          handled_at: r.handledAt?.toISOString() ?? null,
          created_at: r.createdAt.toISOString(),
        };
      });
      return { list, total, page: q.page, limit: q.limit };
    },

    /** POST /reports/report_decide. */
    async decide(actor: ReportHandler, input: ReportDecideBody): Promise<void> {
      const report = await repo.byId(input.id);
      if (!report) throw new AppError(ErrorCode.NOT_FOUND);
      const target = (await targets([report])).get(`${report.targetType}:${report.targetId}`);
      const action = input.status === 'resolved' ? (input.action ?? null) : null;
      const note = input.note.trim();
      // Hiding needs the target; warning and disabling need its owner (a guest's chat message has none).
      if (action && (!target || (action !== 'hide' && !target.ownerId))) throw new AppError(ErrorCode.NOT_FOUND);
      const title =
        (report.targetType === 'chat' ? target?.excerpt.slice(0, 40) : target?.title || target?.excerpt.slice(0, 40)) ||
        `#${report.targetId}`;

      // 1. Close the report once, audited.
      await db.transaction(async (tx) => {
        const row = await repo.decide(tx, report.id, {
          status: input.status,
          action,
          note,
          handledBy: actor.id,
          handlerName: actor.name ?? '',
        });
        if (!row) throw new AppError(ErrorCode.ALREADY_DECIDED);
        await audit?.record(tx, {
          actor,
          action: 'report.decide',
          target: { type: 'report', id: report.id, label: title },
          before: { status: 'open' },
          after: { status: input.status, action, note, target: `${report.targetType}:${report.targetId}` },
        });
      });

      // 2. The action, through the module that owns the target; refused: back to the queue.
      try {
        const ownerId = target?.ownerId as number;
        if (action === 'hide' && target?.visible) {
          if (report.targetType === 'project') {
            if (!review) throw new AppError(ErrorCode.INTERNAL);
            await db.transaction((tx) => review.withdraw(actor, report.targetId, note, tx));
          } else if (report.targetType === 'chat') {
            if (!chat) throw new AppError(ErrorCode.INTERNAL);
            await chat.remove(report.targetId);
          } else {
            if (!forum) throw new AppError(ErrorCode.INTERNAL);
            await forum.deletePost(actor, report.targetId);
          }
        }
        if (action === 'disable') {
          if (!members) throw new AppError(ErrorCode.INTERNAL);
          await members.manage(actor, { id: ownerId, status: 'disabled' });
        }
      } catch (err) {
        await repo.reopen(report.id);
        throw err;
      }

      // 3. Who is told.
      if (messages) {
        await db.transaction(async (tx) => {
          if (action === 'hide' && target?.ownerId) await messages.send(target.ownerId, 'msgReportHidden', { title, note }, tx);
          if (action === 'warn' && target?.ownerId) await messages.send(target.ownerId, 'msgReportWarning', { title, note }, tx);
          await messages.send(
            report.userId,
            input.status === 'resolved' ? 'msgReportActioned' : 'msgReportDismissed',
            { title, note },
            tx,
          );
        });
      }
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
