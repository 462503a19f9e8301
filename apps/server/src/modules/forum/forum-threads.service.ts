import {
  excerptOf,
  FORUM_SEARCH_COUNT_CAP,
  FORUM_SEARCH_PAGES_AHEAD,
  type ForumPost,
  type ThreadDetails,
  type ThreadPage as ThreadPageReply,
} from '@xr/contract/forum';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ProfileService } from '../users/profile.service';
import type { ForumCache } from './forum.cache';
import { type ForumActor, isModerator } from './forum.policy';
import { type BoardScope, createForumRepository, type PostRow, type ThreadRow } from './forum.repository';
import { authorOf, boardOut, iso, threadOut } from './forum.views';
import type { ForumBoardsService } from './forum-boards.service';

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

/**
 * Reading the forum: thread lists and searches (shared through the cache, each reader's unread markers added), a
 * thread with its posts (opening it marks it read), and forum posts as the reports screen shows them.
 */
export function createForumThreadsService({
  db,
  users,
  cache,
  boards,
  now = () => new Date(),
}: {
  db: Db;
  users: Pick<ProfileService, 'forumCards'>;
  cache: ForumCache;
  boards: Pick<ForumBoardsService, 'scopes'>;
  now?: () => Date;
}) {
  const repo = createForumRepository(db);
  const authors = (ids: number[]) => users.forumCards(ids);

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
      const scopes = await boards.scopes();
      let scope: BoardScope[];
      if (q.board_id) {
        const board = scopes.find((b) => b.id === q.board_id);
        if (!board || (!board.enabled && !isModerator(actor))) throw notFound();
        scope = [board];
      } else scope = scopes.filter((b) => b.enabled);
      const key = JSON.stringify(['threads', q.board_id ?? 0, q.keyword ?? '', q.page, q.limit]);
      // Without the cache the page is this reader's alone: its read times come in the page's own statement (one round
      // trip less). A cached page is everyone's, so the reader's part is then one small query of its own.
      const reader = actor && !cache.enabled ? actor.id : 0;
      const own: { reads?: Map<number, Date> | null } = {};
      const shared = await cache.cached(key, async () => {
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
  };
}
export type ForumThreadsService = ReturnType<typeof createForumThreadsService>;
