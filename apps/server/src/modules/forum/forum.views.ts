import type { ForumAuthor, ForumBoard, ForumThread } from '@xr/contract/forum';
import type { BoardRow, ThreadRow } from './forum.repository';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function boardOut(b: BoardRow): ForumBoard {
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

/** A post's or thread's author by id, or a placeholder for an account the cards do not know. */
export const authorOf = (map: Map<number, ForumAuthor>, id: number): ForumAuthor =>
  map.get(id) ?? { id, forum_name: '—', avatar: '' };

export function threadOut(
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
