import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type Param, runStatement, type Statement } from '../../db/prepared';
import { searchForm } from '../../lib/search-form';
import { forumBoards, forumLikes, forumPosts, forumReads, forumThreads } from './forum.table';

export type BoardRow = typeof forumBoards.$inferSelect;
/** A thread as the service sees it: every column but the search document (up to the size of all its posts). */
export type ThreadRow = Omit<typeof forumThreads.$inferSelect, 'searchDoc'>;
const { searchDoc: _doc, ...THREAD } = getTableColumns(forumThreads);
export type PostRow = typeof forumPosts.$inferSelect;

/** Separates the posts inside a thread's search document (no search term contains it: `docForm` removes it). */
const DOC_SEP = '\u0001';
/** Encloses the board mark at the start of a search document (no search term contains it either). */
const DOC_MARK = '\u0002';
/**
 * The board mark a search document starts with: a board-scoped search of a rare word asks the trigram index for the
 * board's mark and the word together, so it re-checks only that board's matching threads.
 */
const boardMark = (boardId: number) => `${DOC_MARK}fb${boardId}${DOC_MARK}`;
/**
 * Stands for a space inside the search document and a search term. pg_trgm cuts a text into words at spaces and makes
 * trigrams within words only, so a phrase of two common words ("灯光 贴图") would find every thread holding both words
 * and check each; joined by a letter, the phrase has trigrams across the gap ("光光ǂ", "光ǂ贴") that only the threads
 * holding the phrase itself have. Substring matches stay exact: text and term go through the same replacement.
 */
const DOC_SPACE = 'ǂ';

/** A text (already in search form) as a piece of a search document, in SQL: what `docForm` does in TypeScript. */
const docPieceSql = (col: string) => `replace(replace(replace(${col}, chr(1), ''), chr(2), ''), ' ', '${DOC_SPACE}')`;

/**
 * A thread's search document in SQL, for the thread row aliased `t`: its board mark, then the title and every live
 * post in id order, each in search form and separated by DOC_SEP. The migration that added `search_doc` back-fills it with this same
 * expression (apps/server/src/db/migrations/extra-forum3.sql), and bench/forum-seed.mjs after its bulk insert.
 */
export const SEARCH_DOC_SQL = `chr(2) || 'fb' || t.board_id || chr(2) || chr(1) || ${docPieceSql('t.search_text')} || coalesce((select string_agg(chr(1) || ${docPieceSql('p.search_text')}, '' order by p.id) from forum_posts p where p.thread_id = t.id and p.deleted_at is null), '')`;

/** A text or a search term in the form the search documents hold (search form, DOC_SEP and DOC_MARK removed, DOC_SPACE for spaces). */
export function docForm(text: string): string {
  return searchForm(text).replaceAll(DOC_SEP, '').replaceAll(DOC_MARK, '').replaceAll(' ', DOC_SPACE);
}

/** `%term%` for LIKE with the wildcards of the term itself escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Column = { name: string; mapFromDriverValue: (v: unknown) => unknown };
/** A raw row (SQL column names) as Drizzle maps it: each column's own driver mapping, under its property name. */
function fromRaw<T>(columns: [string, Column][], raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, col] of columns) {
    const v = raw[col.name];
    row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return row as T;
}
/** The columns of a thread row, read back from the search statement's raw rows. */
const THREAD_COLUMNS: [string, Column][] = Object.entries(THREAD);
const threadFromRaw = (raw: Record<string, unknown>) => fromRaw<ThreadRow>(THREAD_COLUMNS, raw);
const BOARD_COLUMNS: [string, Column][] = Object.entries(getTableColumns(forumBoards));
const boardFromRaw = (raw: Record<string, unknown>) => fromRaw<BoardRow>(BOARD_COLUMNS, raw);

/** The boards, in their order (all of them, or the switched-on ones). */
const boardsStatement = (all: boolean): Statement => ({
  name: all ? 'forum_boards_all' : 'forum_boards_on',
  types: '',
  text: `select ${BOARD_COLUMNS.map(([, c]) => c.name).join(', ')} from forum_boards${all ? '' : ' where enabled'} order by sort, id`,
});
const BOARDS_ALL = boardsStatement(true);
const BOARDS_ON = boardsStatement(false);
/**
 * What a thread list or search needs of the boards (which exist, which are switched on, their thread counts), in their
 * order: three columns instead of fourteen (names and descriptions in three languages), 0.16 against 0.31 ms a
 * request on PGlite, most of it the rows' text passing through the protocol.
 */
const BOARD_SCOPES: Statement = {
  name: 'forum_board_scopes',
  types: '',
  text: 'select id, enabled, thread_count from forum_boards order by sort, id',
};
/** A board as a thread list or search sees it (see `boardScopes`). */
export type BoardScope = Pick<BoardRow, 'id' | 'enabled' | 'threadCount'>;
/** A reader's read times of some threads: $1 the reader, $2 the threads. */
const READ_TIMES: Statement = {
  name: 'forum_read_times',
  types: 'int, int[]',
  text: 'select thread_id, read_at from forum_reads where user_id = $1::int and thread_id = any($2::int[])',
};

/** Live threads of one board (`$1` its id) or several (`$1` an array), in the statements' SQL. */
const scopeText = (one: boolean) =>
  one ? 'deleted_at is null and board_id = $1::int' : 'deleted_at is null and board_id = any($1::int[])';
/**
 * The thread list's order exactly as its indexes store it (drizzle-kit writes `desc` as `DESC NULLS LAST`; a plain
 * `desc` means NULLS FIRST, which those indexes cannot give, and PostgreSQL then sorts every live thread).
 */
const WALK_TEXT = 'pinned desc nulls last, last_post_at desc nulls last, id desc nulls last';
/** A thread row's columns in the statements' select lists. */
const THREAD_SELECT = () => THREAD_COLUMNS.map(([, col]) => `forum_threads.${col.name}`).join(', ');

/** The list statement's reader's read time of each thread of the page (`$4`, 0: none: nothing read, no index probe). */
const READ_AT_SQL = '(select read_at from forum_reads where $4::int > 0 and user_id = $4::int and thread_id = forum_threads.id)';
/** A reader's read times from a page's rows (`_read_at`), or null when no reader was asked for. */
function readsOf(raw: Record<string, unknown>[], reader: number): Map<number, Date> | null {
  if (!reader) return null;
  const reads = new Map<number, Date>();
  // Both drivers answer a timestamptz as a Date or its text.
  for (const r of raw) if (r._read_at != null && r.id != null) reads.set(Number(r.id), new Date(r._read_at as Date));
  return reads;
}

/**
 * The search statement (`repo.search`) as fixed text with numbered parameters, for one board (`$1` a board id; its
 * mark `$10` narrows plan 2's trigram candidates) or several (`$1` an array). The text never changes between
 * searches, so PGlite can keep it prepared. Parameters: $1 boards, $2 the LIKE pattern, $3 probe, $4 window,
 * $5 ahead, $6 few, $7 offset, $8 the page's end in the walk (offset + limit, at most ahead), $9 limit, $10 mark,
 * then the reader (`$11`, or `$10` for several boards; 0: none) whose read times come with the page's threads.
 */
function searchStatement(one: boolean): Statement {
  const scope = scopeText(one);
  const reader = one ? '$11' : '$10';
  const walk = WALK_TEXT;
  const text = `
    with probe as materialized (
      select count(*)::int as c
      from (select search_doc from forum_threads where ${scope} order by ${walk} limit $3::int) w
      where w.search_doc like $2::text),
    win as materialized (
      select w.id, row_number() over () as rn
      from (select id, search_doc from forum_threads where ${scope} order by ${walk} limit $4::int) w
      where (select c from probe) * 2 >= $3::int and w.search_doc like $2::text
      limit $5::int + 1),
    wn as materialized (select count(*)::int as c from win),
    cov as materialized (
      select count(*) < $4::int as c
      from (select 1 from forum_threads where ${scope} limit $4::int) x),
    walked as materialized (
      select (select c from probe) * 2 >= $3::int and ((select c from wn) > $5::int or (select c from cov)) as c),
    hits as materialized (
      select id, pinned, last_post_at from forum_threads
      where not (select c from walked) and ${scope} and search_doc like $2::text${one ? ' and search_doc like $10::text' : ''}
      limit $6::int + 1),
    hn as materialized (select count(*)::int as c from hits),
    page as materialized (
      (select id from win where (select c from walked) and rn > $7::int and rn <= $8::int)
      union all
      (select id from hits where (select c from hn) <= $6::int
       order by pinned desc, last_post_at desc, id desc limit $9::int offset $7::int)
      union all
      (select id from forum_threads
       where (select c from hn) > $6::int and ${scope} and coalesce(search_doc like $2::text, false)
       order by ${walk} limit $9::int offset $7::int))
    select wn.c as "_walked", hn.c as "_hits", walked.c as "_answered", forum_threads.*,
           (select read_at from forum_reads
            where ${reader}::int > 0 and user_id = ${reader}::int and thread_id = forum_threads.id) as "_read_at"
    from wn cross join hn cross join walked left join page on true
    left join lateral (select ${THREAD_SELECT()}
                       from forum_threads where forum_threads.id = page.id) forum_threads on true
    order by forum_threads.pinned desc, forum_threads.last_post_at desc, forum_threads.id desc`;
  return {
    name: one ? 'forum_search_one' : 'forum_search_any',
    types: `${one ? 'int' : 'int[]'}, text, int, int, int, int, int, int, int${one ? ', text' : ''}, int`,
    text,
  };
}
const SEARCH_ONE = searchStatement(true);
const SEARCH_ANY = searchStatement(false);
/**
 * One page of the thread list (`repo.threadPage`): $1 the board or boards, $2 limit, $3 offset, $4 the reader whose
 * read times come with the page's threads (0: none; read after the page is cut, so only for its threads).
 */
const listStatement = (one: boolean): Statement => ({
  name: one ? 'forum_list_one' : 'forum_list_any',
  types: `${one ? 'int' : 'int[]'}, int, int, int`,
  text: `select forum_threads.*, ${READ_AT_SQL} as "_read_at" from (select ${THREAD_SELECT()} from forum_threads where ${scopeText(one)} order by ${WALK_TEXT} limit $2::int offset $3::int) forum_threads order by ${WALK_TEXT}`,
});
const LIST_ONE = listStatement(true);
const LIST_ANY = listStatement(false);
/** The only code that touches the forum's tables. */
export function createForumRepository(db: Db) {
  return {
    // --- Boards ---
    /** The boards in their order; read by every thread list and search (a prepared statement on PGlite). */
    async boards(includeDisabled: boolean): Promise<BoardRow[]> {
      return (await runStatement(db, includeDisabled ? BOARDS_ALL : BOARDS_ON)).map(boardFromRaw);
    },
    /** Every board's id, switch and thread count, in their order: what a thread list or search reads of them. */
    async boardScopes(): Promise<BoardScope[]> {
      return (await runStatement(db, BOARD_SCOPES)).map((r) => ({
        id: Number(r.id),
        enabled: r.enabled === true || r.enabled === 't',
        threadCount: Number(r.thread_count),
      }));
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
    async threadPage(q: {
      boardIds: number[];
      limit: number;
      offset: number;
      /** A reader whose read times of the page's threads come in the same statement (`reads`); 0 or absent: none. */
      reader?: number;
    }): Promise<{ rows: ThreadRow[]; reads: Map<number, Date> | null }> {
      const one = q.boardIds.length === 1;
      const raw = await runStatement(db, one ? LIST_ONE : LIST_ANY, [
        one ? (q.boardIds[0] ?? 0) : q.boardIds,
        q.limit,
        q.offset,
        q.reader ?? 0,
      ]);
      return { rows: raw.map(threadFromRaw), reads: readsOf(raw, q.reader ?? 0) };
    },
    /**
     * One page of a search and what its total needs, in ONE statement (PGlite answers one query at a time and each
     * costs a round trip): the threads whose search document (title and live posts) contains `keyword`, in list
     * order. Three plans, each read only when needed (one-time filters):
     * 1. walk: when at least half of the first `probe` threads in list order match (a common word), the first
     *    `window` threads in list order (the recency index), keeping those that match, up to `ahead + 1` of them.
     *    A common word fills it within a few hundred threads and the page is read off it; when the window held every
     *    live thread of the scope, it is the whole result. Either way it `answered`.
     * 2. hits: otherwise the word is rare here: the matching threads through the documents' trigram index, at most
     *    `few + 1` of them, sorted (few rows), with their exact number.
     * 3. deep walk: more than `few` hits (a word in, say, a third of the threads): the recency index walked until
     *    the page is full, each thread checked (`coalesce` keeps the planner from reading the trigram index and
     *    sorting, as it would for a word it wrongly thinks rare).
     * Answers the page's threads, `walked` (matches in the window, at most `ahead + 1`), `answered` (plan 1 gave the
     * page) and `hits` (0 unless plan 2 ran, at most `few + 1`), from which the service tells the total.
     * On PGlite the statement is prepared once and run with its generic plan (see `runSearch`): planning it cost
     * more than running it.
     */
    async search(q: {
      boardIds: number[];
      keyword: string;
      limit: number;
      offset: number;
      /** Matches to count ahead (the page's end and then some), at most FORUM_SEARCH_COUNT_CAP. */
      ahead: number;
      /** Threads plan 1 looks at. */
      window: number;
      /** Plan 1 runs when at least half of this many first threads match. */
      probe: number;
      /** At most this many hits are fetched and sorted (plan 2); more: plan 3. */
      few: number;
      /** A reader whose read times of the page's threads come in the same statement (`reads`); 0 or absent: none. */
      reader?: number;
    }): Promise<{ rows: ThreadRow[]; walked: number; answered: boolean; hits: number; reads: Map<number, Date> | null }> {
      const one = q.boardIds.length === 1;
      const params: Param[] = [
        one ? (q.boardIds[0] ?? 0) : q.boardIds,
        likePattern(docForm(q.keyword)),
        q.probe,
        q.window,
        q.ahead,
        q.few,
        q.offset,
        Math.min(q.offset + q.limit, q.ahead),
        q.limit,
      ];
      // One board: its mark narrows the trigram index's candidates to that board (plan 2).
      if (one) params.push(likePattern(boardMark(q.boardIds[0] ?? 0)).slice(1));
      params.push(q.reader ?? 0);
      const raw = await runStatement(db, one ? SEARCH_ONE : SEARCH_ANY, params);
      const first = raw[0] ?? {};
      return {
        rows: raw.filter((r) => r.id !== null && r.id !== undefined).map(threadFromRaw),
        walked: Number(first._walked ?? 0),
        answered: first._answered === true || first._answered === 't',
        hits: Number(first._hits ?? 0),
        reads: readsOf(raw, q.reader ?? 0),
      };
    },
    /** Rewrites a thread's search document from its title and live posts (in the caller's transaction). */
    async refreshSearchDoc(tx: DbOrTx, threadId: number): Promise<void> {
      await tx.execute(sql`update forum_threads t set search_doc = ${sql.raw(SEARCH_DOC_SQL)} where t.id = ${threadId}`);
    },
    /** Adds a new post (the thread's latest) to the end of its thread's search document (in the caller's transaction). */
    async appendSearchDoc(tx: DbOrTx, threadId: number, body: string): Promise<void> {
      await tx
        .update(forumThreads)
        .set({ searchDoc: sql`${forumThreads.searchDoc} || ${DOC_SEP + docForm(body)}` })
        .where(eq(forumThreads.id, threadId));
    },
    async threadById(id: number, tx: DbOrTx = db): Promise<ThreadRow | undefined> {
      const [row] = await tx
        .select(THREAD)
        .from(forumThreads)
        .where(and(eq(forumThreads.id, id), isNull(forumThreads.deletedAt)));
      return row;
    },
    /** Locks a live thread's row for the rest of the transaction (replies, moderation and solutions serialise). */
    async lockThread(tx: DbOrTx, id: number): Promise<ThreadRow | undefined> {
      const [row] = await tx
        .select(THREAD)
        .from(forumThreads)
        .where(and(eq(forumThreads.id, id), isNull(forumThreads.deletedAt)))
        .for('update');
      return row;
    },
    async threadByProject(projectId: number, tx: DbOrTx = db): Promise<ThreadRow | undefined> {
      const [row] = await tx.select(THREAD).from(forumThreads).where(eq(forumThreads.projectId, projectId));
      return row;
    },
    async insertThread(tx: DbOrTx, values: typeof forumThreads.$inferInsert): Promise<ThreadRow | undefined> {
      const [row] = await tx.insert(forumThreads).values(values).onConflictDoNothing().returning(THREAD);
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
      const rows = await runStatement(db, READ_TIMES, [userId, threadIds]);
      // Both drivers answer a timestamptz as a Date.
      return new Map(rows.map((r) => [Number(r.thread_id), new Date(r.read_at as Date)]));
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
