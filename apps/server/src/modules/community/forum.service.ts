import { ErrorCode } from '@xr/contract/errors';
import {
  type AddBoardBody,
  type AddPostBody,
  type AddThreadBody,
  excerptOf,
  FORUM_MANAGE_PATH,
  FORUM_MENTIONS_MAX,
  FORUM_POST_INTERVAL_SECONDS,
  FORUM_SEARCH_COUNT_CAP,
  FORUM_SEARCH_PAGES_AHEAD,
  type ForumAuthor,
  type ForumBoard,
  type ForumPost,
  type ForumThread,
  type LikePostBody,
  type ModerateThreadBody,
  mentionsOf,
  type SolveThreadBody,
  type ThreadDetails,
  type ThreadPage as ThreadPageReply,
  type UpBoardBody,
  type UpPostBody,
} from '@xr/contract/forum';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { searchForm } from '../../lib/search-form';
import type { AuditActor, AuditRecorder } from '../audit/audit.service';
import type { ProjectsService, Viewer } from '../projects/projects.service';
import type { ProfileService } from '../users/profile.service';
import { type BoardRow, type BoardScope, createForumRepository, type PostRow, type ThreadRow } from './forum.repository';
import type { MessagesService } from './messages.service';

/**
 * A search whose words occur in at most this many threads (titles and live posts) that the first walk did not find
 * reads them through the search documents' trigram index and sorts them (exact total); above it the threads are
 * walked in list order (see `threadPage`).
 */
const FEW_MATCHES = 1_000;
/**
 * A search walks the list in order when at least half of this many first threads (in list order) match; otherwise
 * it asks the trigram index. A rare word then costs the check of these few documents, not of the whole walk.
 */
const SEARCH_PROBE = 50;

/** The caller as the forum sees them: signed in (with permissions) or an anonymous reader. */
export type ForumActor =
  | ({ id: number; permissions: ReadonlySet<string>; roles: readonly string[] } & Omit<AuditActor, 'id'>)
  | null;

/** The boards a fresh installation starts with (keys let the seed run again without duplicates). */
export const DEFAULT_BOARDS = [
  {
    key: 'general',
    names: { zh: '综合讨论', tc: '綜合討論', en: 'General' },
    descriptions: { zh: '关于 XR Studio 的一切', tc: '關於 XR Studio 的一切', en: 'Everything about XR Studio' },
  },
  {
    key: 'projects',
    names: { zh: '作品讨论', tc: '作品討論', en: 'Projects' },
    descriptions: {
      zh: '每个作品的讨论主题都在这里',
      tc: '每個作品的討論主題都在這裡',
      en: 'The discussion thread of every project',
    },
  },
  {
    key: 'help',
    names: { zh: '求助与教程', tc: '求助與教學', en: 'Help and tutorials' },
    descriptions: {
      zh: '360 导览、3D 场景和上传的问题',
      tc: '360 導覽、3D 場景和上載的問題',
      en: 'Questions about 360 tours, 3D scenes and uploads',
    },
  },
] as const;

/** A post's author and the accounts it mentions, resolved before its transaction (see `prepare`). */
interface Prepared {
  authorId: number;
  authorName: string;
  mentioned: number[];
}

const threadTarget = (t: ThreadRow) => ({ type: 'forum_thread', id: t.id, label: t.title });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function boardOut(b: BoardRow): ForumBoard {
  return {
    id: b.id,
    names: { zh: b.nameZh, tc: b.nameTc, en: b.nameEn },
    descriptions: { zh: b.descriptionZh, tc: b.descriptionTc, en: b.descriptionEn },
    sort: b.sort,
    enabled: b.enabled,
    thread_count: b.threadCount,
    post_count: b.postCount,
    last_post_at: iso(b.lastPostAt),
  };
}

const boardValues = (input: AddBoardBody) => ({
  nameZh: input.names.zh.trim(),
  nameTc: input.names.tc.trim(),
  nameEn: input.names.en.trim(),
  descriptionZh: input.descriptions?.zh?.trim() ?? '',
  descriptionTc: input.descriptions?.tc?.trim() ?? '',
  descriptionEn: input.descriptions?.en?.trim() ?? '',
  sort: input.sort ?? 0,
  enabled: input.enabled ?? true,
});

/**
 * The forum: boards, threads, replies, likes, solutions, moderation, unread markers and project discussions.
 * Every write that touches counters runs in one transaction with the thread's row locked, so counts stay exact under
 * concurrent replies; posting is serialised per author (flood control). Mentions and replies notify by system message
 * (the recipient's language is chosen when they read it). Moderators hold `/forum/manage`.
 */
export function createForumService({
  db,
  users,
  messages,
  projects,
  postIntervalSeconds = FORUM_POST_INTERVAL_SECONDS,
  cacheSeconds = 0,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  users: ProfileService;
  messages: MessagesService;
  projects: ProjectsService;
  /** Flood control: seconds between one author's new threads or replies (0: off). */
  postIntervalSeconds?: number;
  /** Seconds a shared list (boards, thread pages, searches) is reused; 0 queries every time. */
  cacheSeconds?: number;
  /** Moderators' actions (pin, lock, move, delete, deleting others' posts) go to the audit log in their transaction. */
  audit?: AuditRecorder;
  now?: () => Date;
}) {
  const repo = createForumRepository(db);

  /**
   * Lists everyone sees alike (the boards, a page of threads, search results) are reused for `cacheSeconds`; any
   * write of this process clears them, so a poster always finds their post. Other processes (several servers on one
   * database) may show a list up to `cacheSeconds` old. Each reader's unread markers are added per request.
   */
  const cache = new Map<string, { until: number; value: Promise<unknown> }>();
  const CACHE_MAX = 500;
  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (cacheSeconds <= 0) return compute();
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
    if (cache.size >= CACHE_MAX) cache.clear();
    const value = compute();
    cache.set(key, { until: Date.now() + cacheSeconds * 1000, value });
    value.catch(() => cache.delete(key));
    return value;
  }
  const allBoards = () => cached('boards', () => repo.boards(true));
  /** The boards as thread lists and searches see them (id, switch, thread count: three columns, not fourteen). */
  const boardScopes = () => cached('board-scopes', () => repo.boardScopes());
  /** Runs a write and then forgets the cached lists (also when the write fails half-way: nothing stale is kept). */
  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      cache.clear();
    }
  }
  const writeTx = <T>(fn: (tx: Tx) => Promise<T>) => write(() => db.transaction(fn));
  const isModerator = (actor: ForumActor) => !!actor?.permissions.has(FORUM_MANAGE_PATH);

  async function authors(ids: number[]): Promise<Map<number, ForumAuthor>> {
    return users.forumCards(ids);
  }
  const authorOf = (map: Map<number, ForumAuthor>, id: number): ForumAuthor => map.get(id) ?? { id, forum_name: '—', avatar: '' };

  function threadOut(
    t: ThreadRow,
    names: Map<number, ForumAuthor>,
    readAt: Date | null | undefined,
    signedIn: boolean,
  ): ForumThread {
    return {
      id: t.id,
      board_id: t.boardId,
      title: t.title,
      author: authorOf(names, t.authorId),
      pinned: t.pinned,
      locked: t.locked,
      solved: t.solutionPostId !== null,
      reply_count: t.replyCount,
      created_at: t.createdAt.toISOString(),
      last_post_at: t.lastPostAt.toISOString(),
      last_poster: t.lastPosterId ? (names.get(t.lastPosterId)?.forum_name ?? null) : null,
      project_id: t.projectId,
      unread: signedIn && (!readAt || readAt < t.lastPostAt),
    };
  }

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

  /** The rows of a thread page and its total (see `threadPage`), with no cache. */
  async function findThreads(
    scope: BoardScope[],
    keyword: string | undefined,
    limit: number,
    offset: number,
    reader: number,
  ): Promise<{ rows: ThreadRow[]; total: number; exact: boolean; reads: Map<number, Date> | null }> {
    const boardIds = scope.map((b) => b.id);
    if (!keyword) {
      const { rows, reads } = await repo.threadPage({ boardIds, limit, offset, reader });
      return { rows, total: scope.reduce((n, b) => n + b.threadCount, 0), exact: true, reads };
    }
    // Count ahead to ten pages past this one (at most FORUM_SEARCH_COUNT_CAP); the walk looks at twice as many
    // threads, so a word in at least half of them is answered by the walk alone.
    const ahead = Math.min(offset + FORUM_SEARCH_PAGES_AHEAD * limit, FORUM_SEARCH_COUNT_CAP);
    const found = await repo.search({
      boardIds,
      keyword,
      limit,
      offset,
      ahead,
      window: 2 * (ahead + 1),
      probe: SEARCH_PROBE,
      few: FEW_MATCHES,
      reader,
    });
    const { rows, reads } = found;
    if (found.walked > ahead) return { rows, total: ahead, exact: false, reads };
    // The walk saw every live thread of the scope: its matches are all of them.
    if (found.answered) return { rows, total: found.walked, exact: true, reads };
    if (found.hits <= FEW_MATCHES)
      return {
        rows,
        total: Math.min(found.hits, FORUM_SEARCH_COUNT_CAP),
        exact: found.hits <= FORUM_SEARCH_COUNT_CAP,
        reads,
      };
    return { rows, total: ahead, exact: false, reads };
  }

  return {
    /** Seeds the default boards once (by key), so a fresh installation has somewhere to post. */
    async ensureDefaultBoards(): Promise<void> {
      const existing = await repo.boards(true);
      if (existing.length > 0) return;
      let sort = 0;
      for (const b of DEFAULT_BOARDS) {
        sort += 10;
        await repo.insertBoard({ key: b.key, ...boardValues({ names: b.names, descriptions: b.descriptions, sort }) });
      }
    },

    /** GET /forum/board_list. */
    async boards(actor: ForumActor, all: boolean): Promise<ForumBoard[]> {
      const list = (await allBoards()).map(boardOut);
      return all && isModerator(actor) ? list : list.filter((b) => b.enabled);
    },
    /** POST /forum/add_board (moderators). */
    async addBoard(input: AddBoardBody): Promise<ForumBoard> {
      return boardOut(await write(() => repo.insertBoard(boardValues(input))));
    },
    /** POST /forum/up_board (moderators): names, descriptions, order, on/off. */
    async updateBoard(input: UpBoardBody): Promise<ForumBoard> {
      const row = await write(() => repo.updateBoard(input.id, boardValues(input)));
      if (!row) throw notFound();
      return boardOut(row);
    },

    /**
     * GET /forum/thread_page. A switched-off board's threads are seen by moderators only. Without words: one walk of
     * the recency index, the total from the boards' counters (exact, kept in each post's transaction). With words:
     * ONE statement over the threads' search documents (title and live posts, see `repo.search`): a common word is
     * answered by walking the first threads in list order, counting matches up to ten pages ahead
     * (FORUM_SEARCH_PAGES_AHEAD, at most FORUM_SEARCH_COUNT_CAP; `total_exact: false` beyond that, pages past the cap
     * empty); a rare one (at most FEW_MATCHES threads) by the documents' trigram index, sorted, with its exact total.
     */
    async threadPage(
      actor: ForumActor,
      q: { page: number; limit: number; board_id?: number; keyword?: string },
    ): Promise<ThreadPageReply> {
      const boards = await boardScopes();
      let scope: BoardScope[];
      if (q.board_id) {
        const board = boards.find((b) => b.id === q.board_id);
        if (!board || (!board.enabled && !isModerator(actor))) throw notFound();
        scope = [board];
      } else scope = boards.filter((b) => b.enabled);
      const key = JSON.stringify(['threads', q.board_id ?? 0, q.keyword ?? '', q.page, q.limit]);
      // Without the cache the page is this reader's alone: its read times come in the page's own statement (one round
      // trip less). A cached page is everyone's, so the reader's part is then one small query of its own.
      const reader = actor && cacheSeconds <= 0 ? actor.id : 0;
      const own: { reads?: Map<number, Date> | null } = {};
      const shared = await cached(key, async () => {
        const found = await findThreads(scope, q.keyword || undefined, q.limit, (q.page - 1) * q.limit, reader);
        own.reads = found.reads;
        const { rows, total, exact } = found;
        const names = await authors(rows.flatMap((r) => [r.authorId, ...(r.lastPosterId ? [r.lastPosterId] : [])]));
        return { list: rows.map((r) => threadOut(r, names, null, false)), total, exact };
      });
      const reads =
        actor && shared.list.length > 0
          ? (own.reads ??
            (await repo.readTimes(
              actor.id,
              shared.list.map((t) => t.id),
            )))
          : new Map<number, Date>();
      const list = actor
        ? shared.list.map((t) => {
            const at = reads.get(t.id);
            return { ...t, unread: !at || at.getTime() < Date.parse(t.last_post_at) };
          })
        : shared.list;
      return { list, total: shared.total, total_exact: shared.exact, page: q.page, limit: q.limit };
    },

    /** GET /forum/thread_details: opening it marks the thread read for a signed-in reader. */
    async threadDetails(actor: ForumActor, q: { id: number; page: number; limit: number }): Promise<ThreadDetails> {
      const thread = await repo.threadById(q.id);
      const board = thread && (await repo.boardById(thread.boardId));
      if (!thread || !board || (!board.enabled && !isModerator(actor))) throw notFound();
      const readAt = actor ? await repo.readAt(actor.id, thread.id) : null;
      const { rows, total } = await repo.postsPage(thread.id, q.limit, (q.page - 1) * q.limit);
      const quoted = await repo.postsByIds([...new Set(rows.map((r) => r.quoteId).filter((x): x is number => !!x))]);
      const names = await authors([
        thread.authorId,
        ...(thread.lastPosterId ? [thread.lastPosterId] : []),
        ...rows.map((r) => r.authorId),
        ...quoted.map((r) => r.authorId),
      ]);
      const liked = actor
        ? await repo.likedAmong(
            actor.id,
            rows.map((r) => r.id),
          )
        : new Set<number>();
      const moderator = isModerator(actor);
      const quotes = new Map(quoted.map((p) => [p.id, p]));
      const postOut = (p: PostRow): ForumPost => {
        const quote = p.quoteId ? quotes.get(p.quoteId) : undefined;
        return {
          id: p.id,
          author: authorOf(names, p.authorId),
          body: p.body,
          quote: quote
            ? {
                id: quote.id,
                author: authorOf(names, quote.authorId).forum_name,
                excerpt: quote.deletedAt ? '' : excerptOf(quote.body),
              }
            : null,
          like_count: p.likeCount,
          liked: liked.has(p.id),
          is_solution: thread.solutionPostId === p.id,
          is_first: p.isFirst,
          created_at: p.createdAt.toISOString(),
          edited_at: iso(p.editedAt),
          can_edit: moderator || (actor?.id === p.authorId && !thread.locked),
        };
      };
      if (actor) await repo.markRead(actor.id, thread.id, now());
      return {
        thread: threadOut(thread, names, readAt, !!actor),
        board: boardOut(board),
        posts: { list: rows.map(postOut), total, page: q.page, limit: q.limit },
        can_reply: !!actor && (!thread.locked || moderator),
        can_moderate: moderator,
        can_solve: !!actor && (moderator || actor.id === thread.authorId),
      };
    },

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
    /**
     * Forum posts as the reports screen shows them: thread title, author, an excerpt, whether the post is
     * still visible, and the thread's address. Deleted posts are included (visible: false).
     */
    async reportTargets(
      ids: number[],
    ): Promise<Map<number, { threadId: number; title: string; authorId: number; excerpt: string; visible: boolean }>> {
      const posts = await repo.postsByIds([...new Set(ids)]);
      const threads = new Map<number, ThreadRow | undefined>();
      for (const p of posts) if (!threads.has(p.threadId)) threads.set(p.threadId, await repo.threadById(p.threadId));
      const out = new Map<number, { threadId: number; title: string; authorId: number; excerpt: string; visible: boolean }>();
      for (const p of posts) {
        const th = threads.get(p.threadId);
        out.set(p.id, {
          threadId: p.threadId,
          title: th?.title ?? '',
          authorId: p.authorId,
          excerpt: p.body.slice(0, 160),
          visible: !p.deletedAt && !!th && !th.deletedAt,
        });
      }
      return out;
    },

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
