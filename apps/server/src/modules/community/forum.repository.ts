import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { countUpTo } from '../../lib/capped-count';
import { searchForm } from '../../lib/search-form';
import { forumBoards, forumLikes, forumPosts, forumReads, forumThreads } from './forum.table';

export type BoardRow = typeof forumBoards.$inferSelect;
export type ThreadRow = typeof forumThreads.$inferSelect;
export type PostRow = typeof forumPosts.$inferSelect;

/**
 * The thread list's order exactly as its indexes store it (drizzle-kit writes `desc` as `DESC NULLS LAST`; a plain
 * `desc` means NULLS FIRST, which those indexes cannot give, and PostgreSQL then sorts every live thread).
 */
const WALK = [
  sql`${forumThreads.pinned} desc nulls last`,
  sql`${forumThreads.lastPostAt} desc nulls last`,
  sql`${forumThreads.id} desc nulls last`,
];
/** The same order as expressions no index provides: the few matching threads are fetched first, then sorted. */
const SORTED = [
  sql`${forumThreads.pinned} desc`,
  sql`${forumThreads.lastPostAt} + interval '0 seconds' desc`,
  sql`${forumThreads.id} + 0 desc`,
];

/** Live threads of these boards (one board: its own index). */
const scopeOf = (boardIds: number[]) =>
  and(
    isNull(forumThreads.deletedAt),
    boardIds.length === 1 ? eq(forumThreads.boardId, boardIds[0] ?? 0) : inArray(forumThreads.boardId, boardIds),
  );

/** The thread's title or one of its live posts contains the pattern (a probe of the thread's posts per thread). */
const threadMatches = (pattern: string) =>
  sql`(${forumThreads.searchText} like ${pattern} or exists (select 1 from ${forumPosts} where ${forumPosts.threadId} = ${forumThreads.id} and ${forumPosts.deletedAt} is null and ${forumPosts.searchText} like ${pattern} offset 0))`;

/** `%term%` for LIKE with the wildcards of the term itself escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only code that touches the forum's tables. */
export function createForumRepository(db: Db) {
  return {
    // --- Boards ---
    async boards(includeDisabled: boolean): Promise<BoardRow[]> {
      return db
        .select()
        .from(forumBoards)
        .where(includeDisabled ? undefined : eq(forumBoards.enabled, true))
        .orderBy(asc(forumBoards.sort), asc(forumBoards.id));
    },
    async boardById(id: number, tx: DbOrTx = db): Promise<BoardRow | undefined> {
      const [row] = await tx.select().from(forumBoards).where(eq(forumBoards.id, id));
      return row;
    },
    async insertBoard(values: typeof forumBoards.$inferInsert): Promise<BoardRow> {
      const [row] = await db.insert(forumBoards).values(values).returning();
      if (!row) throw new Error('board insert returned nothing');
      return row;
    },
    async updateBoard(id: number, values: Partial<typeof forumBoards.$inferInsert>): Promise<BoardRow | undefined> {
      const [row] = await db.update(forumBoards).set(values).where(eq(forumBoards.id, id)).returning();
      return row;
    },
    /** Adds to a board's counters and moves its last activity (in the caller's transaction). */
    async bumpBoard(tx: DbOrTx, id: number, threads: number, posts: number, at?: Date): Promise<void> {
      await tx
        .update(forumBoards)
        .set({
          threadCount: sql`${forumBoards.threadCount} + ${threads}`,
          postCount: sql`${forumBoards.postCount} + ${posts}`,
          ...(at ? { lastPostAt: sql`greatest(${forumBoards.lastPostAt}, ${at.toISOString()}::timestamptz)` } : {}),
        })
        .where(eq(forumBoards.id, id));
    },

    // --- Threads ---
    /**
     * One page of live threads of the given boards, pinned first, then latest activity: a walk of the board's (or
     * every board's) recency index that stops after `offset + limit` entries. The total comes from the boards'
     * counters (the service), not from counting rows.
     */
    async threadPage(q: { boardIds: number[]; limit: number; offset: number }): Promise<ThreadRow[]> {
      return db
        .select()
        .from(forumThreads)
        .where(scopeOf(q.boardIds))
        .orderBy(...WALK)
        .limit(q.limit)
        .offset(q.offset);
    },
    /**
     * The threads of live posts that contain the words, one per matching post, at most `cap + 1` of them (more than
     * `cap` means "many"). It picks a search's plan and hands the few matches to `searchMatches`, so it ignores
     * boards: the planner reads few matches through the trigram index, and for a common word stops after `cap + 1`
     * rows of a sequential read.
     */
    async postThreadsUpTo(keyword: string, cap: number): Promise<number[]> {
      const rows = await db
        .select({ threadId: forumPosts.threadId })
        .from(forumPosts)
        .where(and(isNull(forumPosts.deletedAt), sql`${forumPosts.searchText} like ${likePattern(searchForm(keyword))}`))
        .limit(cap + 1);
      return rows.map((r) => r.threadId);
    },
    /** Live threads whose title contains the words, counted up to `cap + 1` (trigram index). */
    async titleMatchesUpTo(keyword: string, cap: number): Promise<number> {
      const titles = db
        .select({ one: sql`1` })
        .from(forumThreads)
        .where(and(isNull(forumThreads.deletedAt), sql`${forumThreads.searchText} like ${likePattern(searchForm(keyword))}`))
        .$dynamic();
      return countUpTo(db, titles, cap);
    },
    /**
     * A search page for words that occur in many posts: walks the threads in list order (the recency index) and
     * keeps those whose title or some live post contains the words, one indexed probe of the thread's posts each
     * (`offset 0` keeps it a probe: the planner would otherwise read every matching post to build a hash). A page
     * stops after `offset + limit` matches, which for a common word is a few more threads than that.
     */
    async searchWalk(q: { boardIds: number[]; keyword: string; limit: number; offset: number }): Promise<ThreadRow[]> {
      return db
        .select()
        .from(forumThreads)
        .where(and(scopeOf(q.boardIds), threadMatches(likePattern(searchForm(q.keyword)))))
        .orderBy(...WALK)
        .limit(q.limit)
        .offset(q.offset);
    },
    /** The threads `searchWalk` finds, counted up to `cap + 1` (the same probes, in any order). */
    async searchWalkCount(q: { boardIds: number[]; keyword: string }, cap: number): Promise<number> {
      const matches = db
        .select({ one: sql`1` })
        .from(forumThreads)
        .where(and(scopeOf(q.boardIds), threadMatches(likePattern(searchForm(q.keyword)))))
        .$dynamic();
      return countUpTo(db, matches, cap);
    },
    /**
     * A search page for words that occur in few posts and titles: the threads of those posts (`threadIds`, from
     * `postThreadsUpTo`) by primary key and the matching titles through their trigram index, sorted (few rows), with
     * the exact number of matching threads.
     */
    async searchMatches(q: {
      boardIds: number[];
      keyword: string;
      threadIds: number[];
      limit: number;
      offset: number;
    }): Promise<{ rows: ThreadRow[]; total: number }> {
      const pattern = likePattern(searchForm(q.keyword));
      const ids = sql`${forumThreads.id} = any(${`{${q.threadIds.join(',')}}`}::int[])`;
      const where = and(scopeOf(q.boardIds), sql`(${ids} or ${forumThreads.searchText} like ${pattern})`);
      const found = await db
        .select({ thread: forumThreads, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(forumThreads)
        .where(where)
        .orderBy(...SORTED)
        .limit(q.limit)
        .offset(q.offset);
      // A page past the end has no row to carry the total: count them (few, by construction).
      const total =
        found[0]?.total ??
        (q.offset === 0
          ? 0
          : await countUpTo(db, db.select({ one: sql`1` }).from(forumThreads).where(where).$dynamic(), q.offset));
      return { rows: found.map((r) => r.thread), total };
    },
    async threadById(id: number, tx: DbOrTx = db): Promise<ThreadRow | undefined> {
      const [row] = await tx
        .select()
        .from(forumThreads)
        .where(and(eq(forumThreads.id, id), isNull(forumThreads.deletedAt)));
      return row;
    },
    /** Locks a live thread's row for the rest of the transaction (replies, moderation and solutions serialise). */
    async lockThread(tx: DbOrTx, id: number): Promise<ThreadRow | undefined> {
      const [row] = await tx
        .select()
        .from(forumThreads)
        .where(and(eq(forumThreads.id, id), isNull(forumThreads.deletedAt)))
        .for('update');
      return row;
    },
    async threadByProject(projectId: number, tx: DbOrTx = db): Promise<ThreadRow | undefined> {
      const [row] = await tx.select().from(forumThreads).where(eq(forumThreads.projectId, projectId));
      return row;
    },
    async insertThread(tx: DbOrTx, values: typeof forumThreads.$inferInsert): Promise<ThreadRow | undefined> {
      const [row] = await tx.insert(forumThreads).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateThread(tx: DbOrTx, id: number, values: Partial<typeof forumThreads.$inferInsert>): Promise<void> {
      await tx.update(forumThreads).set(values).where(eq(forumThreads.id, id));
    },
    /** The thread's latest live post (after a deletion, its last activity moves back to it). */
    async latestPost(tx: DbOrTx, threadId: number): Promise<PostRow | undefined> {
      const [row] = await tx
        .select()
        .from(forumPosts)
        .where(and(eq(forumPosts.threadId, threadId), isNull(forumPosts.deletedAt)))
        .orderBy(desc(forumPosts.id))
        .limit(1);
      return row;
    },

    // --- Posts ---
    async postsPage(threadId: number, limit: number, offset: number) {
      const where = and(eq(forumPosts.threadId, threadId), isNull(forumPosts.deletedAt));
      const [rows, [total]] = await Promise.all([
        db.select().from(forumPosts).where(where).orderBy(asc(forumPosts.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(forumPosts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async postById(id: number, tx: DbOrTx = db): Promise<PostRow | undefined> {
      const [row] = await tx
        .select()
        .from(forumPosts)
        .where(and(eq(forumPosts.id, id), isNull(forumPosts.deletedAt)));
      return row;
    },
    async postsByIds(ids: number[]): Promise<PostRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(forumPosts).where(inArray(forumPosts.id, ids));
    },
    async insertPost(tx: DbOrTx, values: typeof forumPosts.$inferInsert): Promise<PostRow> {
      const [row] = await tx.insert(forumPosts).values(values).returning();
      if (!row) throw new Error('post insert returned nothing');
      return row;
    },
    async updatePost(tx: DbOrTx, id: number, values: Partial<typeof forumPosts.$inferInsert>): Promise<void> {
      await tx.update(forumPosts).set(values).where(eq(forumPosts.id, id));
    },
    /** Soft-deletes every live post of a thread; answers how many. */
    async deleteThreadPosts(tx: DbOrTx, threadId: number, at: Date): Promise<number> {
      const rows = await tx
        .update(forumPosts)
        .set({ deletedAt: at })
        .where(and(eq(forumPosts.threadId, threadId), isNull(forumPosts.deletedAt)))
        .returning({ id: forumPosts.id });
      return rows.length;
    },
    /** When the author last posted (flood control), read under the per-author lock of `lockAuthor`. */
    async lastPostAt(tx: DbOrTx, authorId: number): Promise<Date | null> {
      const [row] = await tx
        .select({ at: max(forumPosts.createdAt) })
        .from(forumPosts)
        .where(eq(forumPosts.authorId, authorId));
      return row?.at ?? null;
    },
    /** Serialises one author's posting for the rest of the transaction (two tabs posting at once). */
    async lockAuthor(tx: DbOrTx, authorId: number): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(7301, ${authorId})`);
    },

    // --- Likes and reads ---
    /** Likes or unlikes; answers whether anything changed (a repeated like changes nothing). */
    async setLike(tx: DbOrTx, postId: number, userId: number, like: boolean): Promise<boolean> {
      const changed = like
        ? await tx.insert(forumLikes).values({ postId, userId }).onConflictDoNothing().returning({ id: forumLikes.postId })
        : await tx
            .delete(forumLikes)
            .where(and(eq(forumLikes.postId, postId), eq(forumLikes.userId, userId)))
            .returning({ id: forumLikes.postId });
      if (changed.length === 0) return false;
      await tx
        .update(forumPosts)
        .set({ likeCount: sql`${forumPosts.likeCount} + ${like ? 1 : -1}` })
        .where(eq(forumPosts.id, postId));
      return true;
    },
    async likedAmong(userId: number, postIds: number[]): Promise<Set<number>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .select({ postId: forumLikes.postId })
        .from(forumLikes)
        .where(and(eq(forumLikes.userId, userId), inArray(forumLikes.postId, postIds)));
      return new Set(rows.map((r) => r.postId));
    },
    /** When the reader last opened each of these threads (absent: never). */
    async readTimes(userId: number, threadIds: number[]): Promise<Map<number, Date>> {
      if (threadIds.length === 0) return new Map();
      const rows = await db
        .select({ threadId: forumReads.threadId, at: forumReads.readAt })
        .from(forumReads)
        .where(and(eq(forumReads.userId, userId), inArray(forumReads.threadId, threadIds)));
      return new Map(rows.map((r) => [r.threadId, r.at]));
    },
    async readAt(userId: number, threadId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: forumReads.readAt })
        .from(forumReads)
        .where(and(eq(forumReads.userId, userId), eq(forumReads.threadId, threadId)));
      return row?.at ?? null;
    },
    async markRead(userId: number, threadId: number, at: Date): Promise<void> {
      await db
        .insert(forumReads)
        .values({ userId, threadId, readAt: at })
        .onConflictDoUpdate({ target: [forumReads.userId, forumReads.threadId], set: { readAt: at } });
    },
  };
}
export type ForumRepository = ReturnType<typeof createForumRepository>;
