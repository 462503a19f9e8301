import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Forum boards, managed by moderators (`/forum/manage`); names and descriptions in the three interface languages.
 * `thread_count`, `post_count` and `last_post_at` are kept by the service in the same transaction as each post, so the
 * board list is one small query.
 */
export const forumBoards = pgTable('forum_boards', {
  id: serial('id').primaryKey(),
  /** Seeded boards' keys; `projects` receives the projects' discussion threads. Boards added by moderators have none. */
  key: text('key').unique(),
  nameZh: text('name_zh').notNull(),
  nameTc: text('name_tc').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh').notNull().default(''),
  descriptionTc: text('description_tc').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  threadCount: integer('thread_count').notNull().default(0),
  postCount: integer('post_count').notNull().default(0),
  lastPostAt: timestamp('last_post_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Threads. A deleted thread keeps its row (`deleted_at`) so links answer "not found" and moderators' actions stay
 * traceable. `search_text` is the title in search form (lib/search-form.ts). `search_doc` is the thread's search
 * document: the title and every live post's text in search form (see `searchDocSql` in forum.repository.ts), kept by
 * the service in the same transaction as each post's insert, edit and deletion, and searched by substring through a
 * pg_trgm index (any script), so a search reads threads, not posts.
 * A project has at most one discussion thread (`project_id` unique).
 */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: serial('id').primaryKey(),
    boardId: integer('board_id').notNull(),
    authorId: integer('author_id').notNull(),
    title: text('title').notNull(),
    projectId: integer('project_id'),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    solutionPostId: integer('solution_post_id'),
    replyCount: integer('reply_count').notNull().default(0),
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
    lastPosterId: integer('last_poster_id'),
    searchText: text('search_text').notNull().default(''),
    searchDoc: text('search_doc').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_threads_board_idx')
      .on(t.boardId, t.pinned.desc(), t.lastPostAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('forum_threads_all_idx').on(t.pinned.desc(), t.lastPostAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('forum_threads_doc_idx').using('gin', sql`${t.searchDoc} gin_trgm_ops`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('forum_threads_project_uq').on(t.projectId),
  ],
);

/**
 * Posts: the opening post (`is_first`) and the replies, in Markdown; `search_text` is the body in search form, the
 * post's part of its thread's `search_doc` (searches read the threads' documents, so it has no index of its own).
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id').notNull(),
    authorId: integer('author_id').notNull(),
    body: text('body').notNull(),
    quoteId: integer('quote_id'),
    isFirst: boolean('is_first').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_posts_thread_idx').on(t.threadId, t.id), index('forum_posts_author_idx').on(t.authorId, t.createdAt)],
);

/** Who liked which post (one like per person and post). */
export const forumLikes = pgTable(
  'forum_likes',
  {
    postId: integer('post_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** When each reader last opened each thread: a thread is unread when a post arrived after that. */
export const forumReads = pgTable(
  'forum_reads',
  {
    threadId: integer('thread_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] })],
);
