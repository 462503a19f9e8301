import type { ForumAuthor } from '@xr/contract/forum';
import { Avatar } from 'antd';

/** A poster: avatar (or their initial) and forum name. */
export function AuthorChip({ author, size = 28 }: { author: ForumAuthor; size?: number }) {
  return (
    <span className="xr-forum-author">
      <Avatar size={size} src={author.avatar || undefined} className="xr-avatar-fallback">
        {author.forum_name.slice(0, 1).toUpperCase()}
      </Avatar>
      <span className="xr-forum-author__name">{author.forum_name}</span>
    </span>
  );
}
