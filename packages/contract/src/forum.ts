import { z } from 'zod';
import { idCoerced, idNumber, pageLimit, pageNumber, pageOf, requiredText } from './common';
import { V } from './messages';

/**
 * The forum: admin-managed boards with names in three languages, threads and replies written in
 * Markdown (rendered without raw HTML on the web, so nothing a poster writes runs as markup), quotes, @mentions
 * (notified by system message), likes, a solved mark, moderation (pin, lock, move, delete) and search.
 * A poster is shown by their forum name (`forum_name`); an account must have one to post.
 */

export const FORUM_TITLE_MAX = 100;
export const FORUM_BODY_MAX = 10_000;
export const FORUM_BOARD_NAME_MAX = 40;
export const FORUM_BOARD_DESCRIPTION_MAX = 200;
/** At most this many different people are notified by one post's @mentions (no mass pinging). */
export const FORUM_MENTIONS_MAX = 5;
/** A new thread or reply per account at most every this many seconds (flood control; moderators too). */
export const FORUM_POST_INTERVAL_SECONDS = 10;
export const FORUM_KEYWORD_MAX = 50;
/**
 * A search serves at most this many threads: its total is counted up to ten pages past the page asked for
 * (FORUM_SEARCH_PAGES_AHEAD) and never beyond this cap; past the count the reply says `total_exact: false` and
 * `total` is where counting stopped (shown as "200+"), and pages past the cap come back empty (narrow the search).
 * Thread lists without words are exact.
 */
export const FORUM_SEARCH_COUNT_CAP = 1_000;
/** How many pages past the asked one a search's total is counted (the pager can always go ten pages on). */
export const FORUM_SEARCH_PAGES_AHEAD = 10;
/** The moderator's permission: an admin screen that manages the boards and moderates threads and posts. */
export const FORUM_MANAGE_PATH = '/forum/manage';

const names = z.object({
  zh: requiredText('required', FORUM_BOARD_NAME_MAX),
  tc: requiredText('required', FORUM_BOARD_NAME_MAX),
  en: requiredText('required', FORUM_BOARD_NAME_MAX),
});
const descriptions = z.object({
  zh: z.string().trim().max(FORUM_BOARD_DESCRIPTION_MAX, V('tooLong')).default(''),
  tc: z.string().trim().max(FORUM_BOARD_DESCRIPTION_MAX, V('tooLong')).default(''),
  en: z.string().trim().max(FORUM_BOARD_DESCRIPTION_MAX, V('tooLong')).default(''),
});

/** POST /forum/add_board (moderators). */
export const addBoardBody = z.object({
  names,
  descriptions: descriptions.default({ zh: '', tc: '', en: '' }),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
export type AddBoardBody = z.input<typeof addBoardBody>;
/** POST /forum/up_board (moderators): every field of the board again. */
export const upBoardBody = addBoardBody.extend({ id: idNumber });
export type UpBoardBody = z.input<typeof upBoardBody>;

export const forumBoard = z.object({
  id: z.number().int(),
  names: z.object({ zh: z.string(), tc: z.string(), en: z.string() }),
  descriptions: z.object({ zh: z.string(), tc: z.string(), en: z.string() }),
  sort: z.number().int(),
  enabled: z.boolean(),
  thread_count: z.number().int(),
  post_count: z.number().int(),
  last_post_at: z.string().nullable(),
});
export type ForumBoard = z.infer<typeof forumBoard>;
/** GET /forum/board_list: enabled boards (moderators with `all=1` also see switched-off ones). */
export const boardListQuery = z.object({ all: z.enum(['0', '1']).optional() });

/** Who wrote something, as the forum shows them. */
export const forumAuthor = z.object({ id: z.number().int(), forum_name: z.string(), avatar: z.string() });
export type ForumAuthor = z.infer<typeof forumAuthor>;

/** GET /forum/thread_page: threads of a board (or of every board), newest activity first, pinned on top. */
export const threadPageQuery = z.object({
  page: pageNumber,
  limit: pageLimit(50, 20),
  board_id: idCoerced.optional(),
  keyword: z.string().trim().max(FORUM_KEYWORD_MAX, V('tooLong')).optional(),
});
export type ThreadPageQuery = z.input<typeof threadPageQuery>;

export const forumThread = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  title: z.string(),
  author: forumAuthor,
  pinned: z.boolean(),
  locked: z.boolean(),
  solved: z.boolean(),
  reply_count: z.number().int(),
  created_at: z.string(),
  last_post_at: z.string(),
  last_poster: z.string().nullable(),
  project_id: z.number().int().nullable(),
  /** Signed in: a reply arrived after the reader last opened the thread (or they never did). */
  unread: z.boolean(),
});
export type ForumThread = z.infer<typeof forumThread>;
/** A page of threads; `total_exact` is false when a search matched more threads than it counted (`total`). */
export const threadPage = pageOf(forumThread).extend({ total_exact: z.boolean() });
export type ThreadPage = z.infer<typeof threadPage>;

export const forumPost = z.object({
  id: z.number().int(),
  author: forumAuthor,
  body: z.string(),
  quote: z.object({ id: z.number().int(), author: z.string(), excerpt: z.string() }).nullable(),
  like_count: z.number().int(),
  liked: z.boolean(),
  is_solution: z.boolean(),
  /** The thread's opening post. */
  is_first: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The reader may edit it (its author while the thread is open, or a moderator). */
  can_edit: z.boolean(),
});
export type ForumPost = z.infer<typeof forumPost>;

/** GET /forum/thread_details: the thread and one page of its posts (oldest first); opening it marks it read. */
export const threadDetailsQuery = z.object({ id: idCoerced, page: pageNumber, limit: pageLimit(50, 20) });
export type ThreadDetailsQuery = z.input<typeof threadDetailsQuery>;
export const threadDetails = z.object({
  thread: forumThread,
  board: forumBoard,
  posts: pageOf(forumPost),
  can_reply: z.boolean(),
  can_moderate: z.boolean(),
  /** The reader may mark the solution (the thread's author or a moderator). */
  can_solve: z.boolean(),
});
export type ThreadDetails = z.infer<typeof threadDetails>;

const title = requiredText('required', FORUM_TITLE_MAX);
const body = z
  .string({ message: V('required') })
  .trim()
  .min(1, V('required'))
  .max(FORUM_BODY_MAX, V('tooLong'));

/** POST /forum/add_thread: a new thread (its body is the opening post). */
export const addThreadBody = z.object({ board_id: idNumber, title, body });
export type AddThreadBody = z.input<typeof addThreadBody>;
/** Reply of POST /forum/add_thread: the new thread's id. */
export const addThreadReply = z.object({ id: z.number().int() });
export type AddThreadReply = z.infer<typeof addThreadReply>;
/** POST /forum/add_post: a reply, optionally quoting a post of the same thread. */
export const addPostBody = z.object({ thread_id: idNumber, body, quote_id: idNumber.optional() });
export type AddPostBody = z.input<typeof addPostBody>;
/** Reply of POST /forum/add_post: the new post's id and the thread page it is on. */
export const addPostReply = z.object({ id: z.number().int(), page: z.number().int() });
export type AddPostReply = z.infer<typeof addPostReply>;
/** POST /forum/up_post: edits a post (and the thread's title when it is the opening post and a title is given). */
export const upPostBody = z.object({ id: idNumber, body, title: title.optional() });
export type UpPostBody = z.input<typeof upPostBody>;
/** POST /forum/like_post: likes or unlikes a post (idempotent). */
export const likePostBody = z.object({ id: idNumber, like: z.boolean() });
export type LikePostBody = z.input<typeof likePostBody>;
/** Reply of POST /forum/like_post: the post's likes afterwards and whether the caller likes it. */
export const likePostReply = z.object({ like_count: z.number().int(), liked: z.boolean() });
export type LikePostReply = z.infer<typeof likePostReply>;
/** POST /forum/solve_thread: marks a reply as the solution, or clears it (`post_id` null). */
export const solveThreadBody = z.object({ id: idNumber, post_id: idNumber.nullable() });
export type SolveThreadBody = z.input<typeof solveThreadBody>;

export const MODERATE_ACTIONS = ['pin', 'unpin', 'lock', 'unlock', 'move', 'delete'] as const;
export type ModerateAction = (typeof MODERATE_ACTIONS)[number];
/** POST /forum/moderate_thread (moderators): `board_id` is the destination of `move`. */
export const moderateThreadBody = z
  .object({ id: idNumber, action: z.enum(MODERATE_ACTIONS), board_id: idNumber.optional() })
  .refine((b) => b.action !== 'move' || b.board_id !== undefined, { message: V('required'), path: ['board_id'] });
export type ModerateThreadBody = z.input<typeof moderateThreadBody>;

/** POST /forum/project_thread: the discussion thread of a project, opened on first use (one per project). */
export const projectThreadBody = z.object({ project_id: idNumber });
export const projectThreadReply = z.object({ id: z.number().int() });
export type ProjectThreadReply = z.infer<typeof projectThreadReply>;

/** The @mentions of a body: forum names after an @ (not inside a word, e.g. an e-mail address). */
export function mentionsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|[^\p{L}\p{N}_.])@([^\s@,/<>]{1,10})/gu)) {
    const name = m[1]?.replace(/[.!?;:)\]]+$/u, '');
    if (name) found.add(name);
  }
  return [...found];
}

/** A short plain-text excerpt of a Markdown body (quotes, search results). */
export function excerptOf(markdown: string, max = 140): string {
  const plain = markdown
    .replace(/^>.*$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_#>~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
