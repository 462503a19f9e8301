import { ErrorCode } from '@xr/contract/errors';
import {
  type AddPostBody,
  type AddThreadBody,
  FORUM_MENTIONS_MAX,
  FORUM_POST_INTERVAL_SECONDS,
  type LikePostBody,
  type ModerateThreadBody,
  mentionsOf,
  type SolveThreadBody,
  type UpPostBody,
} from '@xr/contract/forum';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { searchForm } from '../../lib/search-form';
import type { AuditRecorder } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { ProjectsService, Viewer } from '../projects/projects.service';
import type { ProfileService } from '../users/profile.service';
import type { ForumCache } from './forum.cache';
import { type ForumActor, isModerator } from './forum.policy';
import { type BoardRow, createForumRepository, type ThreadRow } from './forum.repository';

/** A post's author and the accounts it mentions, resolved before its transaction (see `prepare`). */
interface Prepared {
  authorId: number;
  authorName: string;
  mentioned: number[];
}

const threadTarget = (t: ThreadRow) => ({ type: 'forum_thread', id: t.id, label: t.title });

/**
 * Writing to the forum: new threads and replies, edits, deletions, likes, solutions, moderation and project
 * discussions. Every write that touches counters runs in one transaction with the thread's row locked, so counts stay
 * exact under concurrent replies; posting is serialised per author (flood control). Mentions and replies notify by
 * system message (the recipient's language is chosen when they read it). Every write clears the shared lists.
 */
export function createForumService({
  db,
  users,
  messages,
  projects,
  cache,
  postIntervalSeconds = FORUM_POST_INTERVAL_SECONDS,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  users: Pick<ProfileService, 'forumCards' | 'byForumNames'>;
  messages: Pick<MessagesService, 'send'>;
  projects: Pick<ProjectsService, 'viewable'>;
  /** The lists the boards and thread services share: every write here clears them. */
  cache: ForumCache;
  /** Flood control: seconds between one author's new threads or replies (0: off). */
  postIntervalSeconds?: number;
  /** Moderators' actions (pin, lock, move, delete, deleting others' posts) go to the audit log in their transaction. */
  audit?: AuditRecorder;
  now?: () => Date;
}) {
  const repo = createForumRepository(db);
  const writeTx = <T>(fn: (tx: Tx) => Promise<T>) => cache.write(() => db.transaction(fn));

  /** The poster's forum name, or 40090 when they have none yet. */
  async function posterName(userId: number): Promise<string> {
    const name = (await users.forumCards([userId])).get(userId)?.forum_name?.trim();
    if (!name) throw new AppError(ErrorCode.FORUM_NAME_NEEDED);
    return name;
  }

  /** Flood control: one new thread or reply per author every `postIntervalSeconds` (inside the transaction). */
  async function checkPace(tx: DbOrTx, authorId: number): Promise<void> {
    if (postIntervalSeconds <= 0) return;
    await repo.lockAuthor(tx, authorId);
    const last = await repo.lastPostAt(tx, authorId);
    if (!last) return;
    const wait = Math.ceil(postIntervalSeconds - (now().getTime() - last.getTime()) / 1000);
    if (wait > 0)
      throw new AppError(ErrorCode.FORUM_POSTING_TOO_FAST, {
        params: { seconds: wait },
        headers: { 'retry-after': String(wait) },
      });
  }

  /** A live board that takes new threads (moderators may post to a switched-off board). */
  async function openBoard(actor: ForumActor, id: number, tx: DbOrTx = db): Promise<BoardRow> {
    const board = await repo.boardById(id, tx);
    if (!board) throw notFound();
    if (!board.enabled && !isModerator(actor))
      throw new AppError(ErrorCode.VALIDATION, { field: 'board_id', messageKey: 'forumBoardClosed' });
    return board;
  }

  /**
   * What a post needs from the users service, read BEFORE its transaction opens (PGlite has one connection: a query
   * outside the transaction would wait for it forever): the author's forum name (40090 without one) and the accounts
   * the body mentions (at most FORUM_MENTIONS_MAX, never the author).
   */
  async function prepare(authorId: number, body: string): Promise<Prepared> {
    const authorName = await posterName(authorId);
    const mentioned = (await users.byForumNames(mentionsOf(body).slice(0, FORUM_MENTIONS_MAX * 2)))
      .filter((u) => u.id !== authorId)
      .slice(0, FORUM_MENTIONS_MAX)
      .map((u) => u.id);
    return { authorId, authorName, mentioned };
  }

  /** Notifies the people a post mentions and, for a reply, the thread's author (in the post's transaction). */
  async function notify(tx: DbOrTx, p: Prepared, thread: ThreadRow, isReply: boolean) {
    const params = { name: p.authorName, title: thread.title, thread_id: thread.id };
    for (const id of p.mentioned) await messages.send(id, 'msgForumMention', params, tx);
    if (isReply && thread.authorId !== p.authorId && !p.mentioned.includes(thread.authorId))
      await messages.send(thread.authorId, 'msgForumReply', params, tx);
  }

  /** Creates a thread with its opening post, in the caller's transaction. */
  async function createThread(
    tx: DbOrTx,
    actor: NonNullable<ForumActor>,
    prep: Prepared,
    input: { board: BoardRow; title: string; body: string; projectId?: number },
  ): Promise<ThreadRow | undefined> {
    // A project's discussion thread is opened by a click on "Discuss", not typed: no flood control for it.
    if (input.projectId === undefined) await checkPace(tx, actor.id);
    const at = now();
    const thread = await repo.insertThread(tx, {
      boardId: input.board.id,
      authorId: actor.id,
      title: input.title,
      projectId: input.projectId ?? null,
      lastPostAt: at,
      lastPosterId: actor.id,
      searchText: searchForm(input.title),
      createdAt: at,
    });
    if (!thread) return undefined;
    await repo.insertPost(tx, {
      threadId: thread.id,
      authorId: actor.id,
      body: input.body,
      isFirst: true,
      searchText: searchForm(input.body),
      createdAt: at,
    });
    await repo.refreshSearchDoc(tx, thread.id);
    await repo.bumpBoard(tx, input.board.id, 1, 1, at);
    await notify(tx, prep, thread, false);
    return thread;
  }

  return {
    /** POST /forum/add_thread. */
    async addThread(actor: NonNullable<ForumActor>, input: AddThreadBody): Promise<{ id: number }> {
      const body = input.body.trim();
      const prep = await prepare(actor.id, body);
      return writeTx(async (tx) => {
        const board = await openBoard(actor, input.board_id, tx);
        const thread = await createThread(tx, actor, prep, { board, title: input.title.trim(), body });
        if (!thread) throw new Error('thread insert returned nothing');
        return { id: thread.id };
      });
    },

    /** POST /forum/add_post: a reply (locked threads: moderators only); quotes stay within the thread. */
    async addPost(actor: NonNullable<ForumActor>, input: AddPostBody): Promise<{ id: number; page: number }> {
      const body = input.body.trim();
      const prep = await prepare(actor.id, body);
      return writeTx(async (tx) => {
        const thread = await repo.lockThread(tx, input.thread_id);
        const board = thread && (await repo.boardById(thread.boardId, tx));
        if (!thread || !board || (!board.enabled && !isModerator(actor))) throw notFound();
        if (thread.locked && !isModerator(actor)) throw new AppError(ErrorCode.FORUM_THREAD_LOCKED);
        if (input.quote_id) {
          const quoted = await repo.postById(input.quote_id, tx);
          if (!quoted || quoted.threadId !== thread.id)
            throw new AppError(ErrorCode.VALIDATION, { field: 'quote_id', messageKey: 'forumQuoteElsewhere' });
        }
        await checkPace(tx, actor.id);
        const at = now();
        const post = await repo.insertPost(tx, {
          threadId: thread.id,
          authorId: actor.id,
          body,
          quoteId: input.quote_id ?? null,
          searchText: searchForm(body),
          createdAt: at,
        });
        await repo.updateThread(tx, thread.id, { replyCount: thread.replyCount + 1, lastPostAt: at, lastPosterId: actor.id });
        await repo.appendSearchDoc(tx, thread.id, body);
        await repo.bumpBoard(tx, thread.boardId, 0, 1, at);
        await notify(tx, prep, thread, true);
        // The page the new post lands on at the default page size, so the client can jump to it.
        return { id: post.id, page: Math.floor((thread.replyCount + 1) / 20) + 1 };
      });
    },

    /** POST /forum/up_post: its author while the thread is open, or a moderator; the opening post may retitle. */
    async updatePost(actor: NonNullable<ForumActor>, input: UpPostBody): Promise<void> {
      await writeTx(async (tx) => {
        const post = await repo.postById(input.id, tx);
        const thread = post && (await repo.lockThread(tx, post.threadId));
        if (!post || !thread) throw notFound();
        const moderator = isModerator(actor);
        if (post.authorId !== actor.id && !moderator) throw notFound();
        if (thread.locked && !moderator) throw new AppError(ErrorCode.FORUM_THREAD_LOCKED);
        const body = input.body.trim();
        await repo.updatePost(tx, post.id, { body, searchText: searchForm(body), editedAt: now() });
        if (post.isFirst && input.title)
          await repo.updateThread(tx, thread.id, { title: input.title.trim(), searchText: searchForm(input.title.trim()) });
        await repo.refreshSearchDoc(tx, thread.id);
      });
    },

    /**
     * POST /forum/del_post: a reply by its author (thread open) or a moderator; deleting the opening post deletes the
     * thread (moderators only). Counters and the thread's last activity follow.
     */
    async deletePost(actor: NonNullable<ForumActor>, id: number): Promise<void> {
      await writeTx(async (tx) => {
        const post = await repo.postById(id, tx);
        const thread = post && (await repo.lockThread(tx, post.threadId));
        if (!post || !thread) throw notFound();
        const moderator = isModerator(actor);
        if (post.authorId !== actor.id && !moderator) throw notFound();
        if (post.isFirst) {
          if (!moderator) throw new AppError(ErrorCode.FORBIDDEN);
          await deleteThread(tx, thread);
          await audit?.record(tx, { actor, action: 'forum.moderate', target: threadTarget(thread), after: { action: 'delete' } });
          return;
        }
        if (thread.locked && !moderator) throw new AppError(ErrorCode.FORUM_THREAD_LOCKED);
        await repo.updatePost(tx, post.id, { deletedAt: now() });
        await repo.refreshSearchDoc(tx, thread.id);
        if (post.authorId !== actor.id)
          await audit?.record(tx, {
            actor,
            action: 'forum.post_delete',
            target: { type: 'forum_post', id: post.id, label: thread.title },
            before: { author_id: post.authorId, body: post.body },
          });
        const latest = await repo.latestPost(tx, thread.id);
        await repo.updateThread(tx, thread.id, {
          replyCount: Math.max(0, thread.replyCount - 1),
          solutionPostId: thread.solutionPostId === post.id ? null : thread.solutionPostId,
          ...(latest ? { lastPostAt: latest.createdAt, lastPosterId: latest.authorId } : {}),
        });
        await repo.bumpBoard(tx, thread.boardId, 0, -1);
      });
    },

    /** POST /forum/like_post (not one's own post; repeated likes change nothing). */
    async likePost(actor: NonNullable<ForumActor>, input: LikePostBody): Promise<{ like_count: number; liked: boolean }> {
      return writeTx(async (tx) => {
        const post = await repo.postById(input.id, tx);
        const thread = post && (await repo.threadById(post.threadId, tx));
        if (!post || !thread) throw notFound();
        if (post.authorId === actor.id) throw new AppError(ErrorCode.FORBIDDEN);
        await repo.setLike(tx, post.id, actor.id, input.like);
        const after = await repo.postById(post.id, tx);
        return { like_count: after?.likeCount ?? 0, liked: input.like };
      });
    },

    /** POST /forum/solve_thread: the thread's author or a moderator marks a reply as the solution (or clears it). */
    async solveThread(actor: NonNullable<ForumActor>, input: SolveThreadBody): Promise<void> {
      await writeTx(async (tx) => {
        const thread = await repo.lockThread(tx, input.id);
        if (!thread) throw notFound();
        if (thread.authorId !== actor.id && !isModerator(actor)) throw new AppError(ErrorCode.FORBIDDEN);
        if (input.post_id !== null) {
          const post = await repo.postById(input.post_id, tx);
          if (!post || post.threadId !== thread.id || post.isFirst)
            throw new AppError(ErrorCode.VALIDATION, { field: 'post_id', messageKey: 'forumSolutionElsewhere' });
        }
        await repo.updateThread(tx, thread.id, { solutionPostId: input.post_id });
      });
    },

    /** POST /forum/moderate_thread (moderators): pin, unpin, lock, unlock, move to another board, delete. */
    async moderateThread(actor: NonNullable<ForumActor> | null, input: ModerateThreadBody): Promise<void> {
      await writeTx(async (tx) => {
        const thread = await repo.lockThread(tx, input.id);
        if (!thread) throw notFound();
        if (actor)
          await audit?.record(tx, {
            actor,
            action: 'forum.moderate',
            target: threadTarget(thread),
            before: { board_id: thread.boardId, pinned: thread.pinned, locked: thread.locked },
            after: { action: input.action, ...(input.board_id ? { board_id: input.board_id } : {}) },
          });
        switch (input.action) {
          case 'pin':
          case 'unpin':
            await repo.updateThread(tx, thread.id, { pinned: input.action === 'pin' });
            return;
          case 'lock':
          case 'unlock':
            await repo.updateThread(tx, thread.id, { locked: input.action === 'lock' });
            return;
          case 'move': {
            const to = input.board_id ? await repo.boardById(input.board_id, tx) : undefined;
            if (!to) throw new AppError(ErrorCode.VALIDATION, { field: 'board_id', messageKey: 'v.idInvalid' });
            if (to.id === thread.boardId) return;
            const posts = thread.replyCount + 1;
            await repo.updateThread(tx, thread.id, { boardId: to.id });
            await repo.refreshSearchDoc(tx, thread.id);
            await repo.bumpBoard(tx, thread.boardId, -1, -posts);
            await repo.bumpBoard(tx, to.id, 1, posts, thread.lastPostAt);
            return;
          }
          case 'delete':
            await deleteThread(tx, thread);
            return;
        }
      });
    },

    /**
     * POST /forum/project_thread: the discussion thread of a project the caller can see, opened by the first person who
     * asks (in the `projects` board, titled after the project). One per project, also under concurrent first clicks.
     */
    async projectThread(actor: NonNullable<ForumActor>, projectId: number): Promise<{ id: number }> {
      const existing = await repo.threadByProject(projectId);
      if (existing && !existing.deletedAt) return { id: existing.id };
      if (existing) throw notFound();
      const project = await projects.viewable(actor as Viewer, projectId);
      const boards = await repo.boards(false);
      const board = boards.find((b) => b.key === 'projects') ?? boards[0];
      if (!board) throw notFound();
      const body = `[${project.name.replace(/[[\]]/g, '')}](#/product_details?id=${project.id})`;
      const prep = await prepare(actor.id, body);
      const created = await writeTx((tx) =>
        createThread(tx, actor, prep, { board, title: project.name.slice(0, 100), body, projectId }),
      );
      if (created) return { id: created.id };
      const winner = await repo.threadByProject(projectId);
      if (!winner) throw notFound();
      return { id: winner.id };
    },
  };

  async function deleteThread(tx: DbOrTx, thread: ThreadRow): Promise<void> {
    const at = now();
    const removed = await repo.deleteThreadPosts(tx, thread.id, at);
    await repo.updateThread(tx, thread.id, { deletedAt: at });
    await repo.refreshSearchDoc(tx, thread.id);
    await repo.bumpBoard(tx, thread.boardId, -1, -removed);
  }
}
export type ForumService = ReturnType<typeof createForumService>;
