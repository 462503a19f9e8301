import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { currentLang } from '../../../lib/i18n';
import { loginPath } from '../../../lib/navigation';
import { boardListQuery, threadPageQuery } from '../api/queries';
import { NewThreadDialog } from './new-thread-dialog';
import { ThreadList } from './thread-list';

/** Who may post here: signed in with a forum name; otherwise the reason and the way to fix it. */
export function PostingHint() {
  const { t } = useTranslation('forum');
  const { token, user } = useSession();
  const { pathname, search } = useLocation();
  if (!token)
    return (
      <Alert
        type="info"
        showIcon
        title={t('signInToPost')}
        action={
          <Link to={loginPath(`${pathname}${search}`)}>
            <Button size="small">{t('signIn')}</Button>
          </Link>
        }
      />
    );
  if (user && !user.forum_name?.trim())
    return (
      <Alert
        type="warning"
        showIcon
        title={t('forumNameNeeded')}
        action={
          <Link to="/profile">
            <Button size="small">{t('goProfile')}</Button>
          </Link>
        }
      />
    );
  return null;
}

/**
 * The forum's thread lists: every board (`/forum`, with the boards as cards above) or one board (`/forum/board?id=`).
 * The page number and the search live in the URL, so a link or the back button restores the view.
 */
export function ThreadsView({ boardId }: { boardId?: number }) {
  const { t } = useTranslation('forum');
  const lang = currentLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('q') ?? '';
  const [typed, setTyped] = useState(keyword);
  const [composing, setComposing] = useState(false);
  const { token, user } = useSession();
  const canPost = !!token && !!user?.forum_name?.trim();

  const boards = useQuery(boardListQuery());
  const threads = useQuery(threadPageQuery({ page, limit: 20, board_id: boardId, keyword }, !!token));
  const boardMap = new Map((boards.data ?? []).map((b) => [b.id, b]));
  const board = boardId ? boardMap.get(boardId) : undefined;

  const setQuery = (next: { page?: number; q?: string }) => {
    const p = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q) p.set('q', next.q);
      else p.delete('q');
      p.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p);
  };

  if (boardId && boards.isSuccess && !board)
    return (
      <Result
        status="404"
        title={t('boardNotFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/forum')}>
            {t('backToForum')}
          </Button>
        }
      />
    );

  return (
    <div className="xr-forum">
      <header className="xr-forum__head">
        <div>
          <h1>{board ? board.names[lang] : t('title')}</h1>
          <p className="xr-muted">{board ? board.descriptions[lang] : t('intro')}</p>
          {board ? <Link to="/forum">{t('backToForum')}</Link> : null}
        </div>
        <div className="xr-forum__actions">
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => setQuery({ q: v.trim() })}
            placeholder={t('search')}
            maxLength={50}
            aria-label={t('search')}
            data-testid="forum-search"
          />
          {canPost ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)} data-testid="forum-new-thread">
              {t('newThread')}
            </Button>
          ) : null}
        </div>
      </header>
      <PostingHint />

      {!boardId && !keyword ? (
        <section className="xr-forum-boards" aria-label={t('boards')}>
          {(boards.data ?? []).map((b) => (
            <Link key={b.id} to={`/forum/board?id=${b.id}`} className="xr-forum-board" data-testid="forum-board">
              <Card size="small" hoverable>
                <h2>{b.names[lang]}</h2>
                <p className="xr-muted">{b.descriptions[lang]}</p>
                <p className="xr-forum-board__stats">
                  <span>{t('threadsCount', { count: b.thread_count })}</span>
                  <span>{t('postsCount', { count: b.post_count })}</span>
                </p>
                <p className="xr-muted xr-forum-board__last">
                  {b.last_post_at ? t('lastActivity', { time: formatTime(b.last_post_at) }) : t('noActivity')}
                </p>
              </Card>
            </Link>
          ))}
        </section>
      ) : null}

      <section aria-label={keyword ? t('searchResults', { keyword }) : t('latest')}>
        <h2 className="xr-forum__section">{keyword ? t('searchResults', { keyword }) : board ? t('threads') : t('latest')}</h2>
        <ThreadList
          data={threads.data}
          loading={threads.isFetching}
          boards={boardId ? undefined : boardMap}
          lang={lang}
          empty={keyword ? t('noResults', { keyword }) : t('noThreads')}
          onPage={(p) => setQuery({ page: p })}
        />
      </section>

      {composing && boards.data ? (
        <NewThreadDialog boards={boards.data} boardId={boardId} lang={lang} onClose={() => setComposing(false)} />
      ) : null}
    </div>
  );
}
