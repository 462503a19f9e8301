import { and, asc, count, desc, eq, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { searchForm } from '../../lib/search-form';
import { forumBoards, forumLikes, forumPosts, forumReads, forumThreads } from './forum.table';

export type BoardRow = typeof forumBoards.$inferSelect;
export type ThreadRow = typeof forumThreads.$inferSelect;
export type PostRow = typeof forumPosts.$inferSelect;

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
     * One page of live threads: of one board, or of every enabled board; pinned first, then latest activity. A
     * keyword matches the title or the text of any live post (substring, pg_trgm indexes).
     */
    async threadPage(q: { boardId?: number; keyword?: string; limit: number; offset: number }) {
      const conds: SQL[] = [isNull(forumThreads.deletedAt)];
      if (q.boardId) conds.push(eq(forumThreads.boardId, q.boardId));
      else
        conds.push(
          inArray(forumThreads.boardId, db.select({ id: forumBoards.id }).from(forumBoards).where(eq(forumBoards.enabled, true))),
        );
      if (q.keyword) {
        // stored in search form (lower-cased, CJK tripled), so a one- or two-character Chinese word has trigrams too
        const pattern = likePattern(searchForm(q.keyword));
        conds.push(
          sql`(${forumThreads.searchText} like ${pattern} or ${forumThreads.id} in (select ${forumPosts.threadId} from ${forumPosts} where ${forumPosts.deletedAt} is null and ${forumPosts.searchText} like ${pattern}))`,
        );
      }
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(forumThreads)
          .where(where)
          .orderBy(desc(forumThreads.pinned), desc(forumThreads.lastPostAt), desc(forumThreads.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ n: count() }).from(forumThreads).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
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
