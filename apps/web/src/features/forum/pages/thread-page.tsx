import {
  CheckCircleFilled,
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  FlagOutlined,
  LikeFilled,
  LikeOutlined,
  LockOutlined,
  MoreOutlined,
  PushpinFilled,
  RetweetOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@xr/contract/errors';
import type { ForumPost, ModerateAction, ThreadDetails } from '@xr/contract/forum';
import { Alert, Breadcrumb, Button, Dropdown, Form, Input, Modal, Pagination, Result, Select, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../components/form/zod-rules';
import { ReportDialog } from '../../../components/report-dialog';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { HttpError } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';
import { useModerateThread } from '../api/moderation';
import { useAddPost, useDeletePost, useLikePost, useSolveThread, useUpdatePost } from '../api/posting';
import { boardListQuery, threadDetailsQuery } from '../api/queries';
import { AuthorChip } from '../components/author-chip';
import { Markdown } from '../components/markdown';
import { PostEditor } from '../components/post-editor';
import { PostingHint } from '../components/threads-view';
import '../forum.css';
import { useFeedback } from '../../../lib/feedback';

/** The "edit post" dialog (the opening post also edits the thread's title). */
function EditPostDialog({ post, title, onClose }: { post: ForumPost; title?: string; onClose(): void }) {
  const { t } = useTranslation('forum');
  const { message } = useFeedback();
  const update = useUpdatePost();
  const [body, setBody] = useState(post.body);
  const [heading, setHeading] = useState(title ?? '');
  const save = async () => {
    try {
      await update.mutateAsync({ id: post.id, body, ...(post.is_first ? { title: heading } : {}) });
      void message.success(t('saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Modal
      open
      title={t('editTitle')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okText={t('save')}
      width={720}
    >
      {post.is_first ? (
        <Form.Item label={t('titleLabel')} layout="vertical">
          <Input value={heading} onChange={(e) => setHeading(e.target.value)} maxLength={100} showCount />
        </Form.Item>
      ) : null}
      <PostEditor value={body} onChange={setBody} onSubmit={save} />
    </Modal>
  );
}

/** One post: author, time, quote, Markdown body and its actions. */
function PostItem({
  post,
  details,
  onQuote,
  onEdit,
}: {
  post: ForumPost;
  details: ThreadDetails;
  onQuote(post: ForumPost): void;
  onEdit(post: ForumPost): void;
}) {
  const { t } = useTranslation('forum');
  const { modal } = useFeedback();
  const { user } = useSession();
  const like = useLikePost();
  const solve = useSolveThread();
  const remove = useDeletePost();
  const moderate = useModerateThread();
  const navigate = useNavigate();
  const own = user?.id === post.author.id;
  const signedIn = !!user;
  const [reporting, setReporting] = useState(false);

  const confirmDelete = () =>
    modal.confirm({
      title: post.is_first ? t('deleteThreadConfirm') : t('deleteConfirm'),
      okButtonProps: { danger: true },
      okText: t('delete'),
      onOk: async () => {
        if (post.is_first) {
          await moderate.mutateAsync({ id: details.thread.id, action: 'delete' });
          navigate(`/forum/board?id=${details.board.id}`);
        } else await remove.mutateAsync(post.id);
      },
    });

  return (
    <article
      id={`post-${post.id}`}
      className={post.is_solution ? 'xr-forum-post is-solution' : 'xr-forum-post'}
      data-testid="forum-post"
    >
      <header className="xr-forum-post__head">
        <AuthorChip author={post.author} />
        <span className="xr-muted">{formatTime(post.created_at)}</span>
        {post.edited_at ? <span className="xr-muted">{t('edited', { time: formatTime(post.edited_at) })}</span> : null}
        {post.is_first ? <Tag>{t('original')}</Tag> : null}
        {post.is_solution ? (
          <Tag color="success" icon={<CheckCircleFilled />}>
            {t('solution')}
          </Tag>
        ) : null}
      </header>
      {post.quote ? (
        <blockquote className="xr-forum-quote">
          <a
            href={`#post-${post.quote.id}`}
            onClick={(e) => {
              e.preventDefault();
              document.getElementById(`post-${post.quote?.id}`)?.scrollIntoView({ behavior: 'smooth' });
            }}
          >
            {t('quoting', { name: post.quote.author })}
          </a>
          <p>{post.quote.excerpt || t('quoteRemoved')}</p>
        </blockquote>
      ) : null}
      <Markdown text={post.body} />
      <footer className="xr-forum-post__actions">
        <Button
          size="small"
          type="text"
          icon={post.liked ? <LikeFilled /> : <LikeOutlined />}
          disabled={!signedIn || own}
          aria-pressed={post.liked}
          aria-label={post.liked ? t('unlike') : t('like')}
          onClick={() => like.mutate({ id: post.id, like: !post.liked })}
        >
          {post.like_count}
        </Button>
        {details.can_reply ? (
          <Button size="small" type="text" icon={<RetweetOutlined />} onClick={() => onQuote(post)}>
            {t('quote')}
          </Button>
        ) : null}
        {details.can_solve && !post.is_first ? (
          <Button
            size="small"
            type="text"
            icon={<CheckOutlined />}
            onClick={() => solve.mutate({ id: details.thread.id, post_id: post.is_solution ? null : post.id })}
          >
            {post.is_solution ? t('unmarkSolution') : t('markSolution')}
          </Button>
        ) : null}
        {post.can_edit ? (
          <Button size="small" type="text" icon={<EditOutlined />} onClick={() => onEdit(post)}>
            {t('edit')}
          </Button>
        ) : null}
        {(post.can_edit && !post.is_first) || (post.is_first && details.can_moderate) ? (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={confirmDelete}>
            {t('delete')}
          </Button>
        ) : null}
        {signedIn && !own ? (
          <Button size="small" type="text" icon={<FlagOutlined />} onClick={() => setReporting(true)} data-testid="forum-report">
            {t('report')}
          </Button>
        ) : null}
      </footer>
      {reporting ? (
        <ReportDialog target={{ post_id: post.id }} open title={t('reportTitle')} onClose={() => setReporting(false)} />
      ) : null}
    </article>
  );
}

/** The moderator's menu: pin, lock, move, delete. */
function ModerationMenu({ details }: { details: ThreadDetails }) {
  const { t } = useTranslation('forum');
  const { modal, message } = useFeedback();
  const lang = currentLang();
  const navigate = useNavigate();
  const moderate = useModerateThread();
  const boards = useQuery(boardListQuery(true));
  const [moving, setMoving] = useState(false);
  const [target, setTarget] = useState<number>();
  const { thread } = details;
  const act = async (action: ModerateAction, board_id?: number) => {
    await moderate.mutateAsync({ id: thread.id, action, board_id });
    void message.success(t(action === 'move' ? 'moved' : 'saved'));
  };
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'pin', label: thread.pinned ? t('unpin') : t('pin'), icon: <PushpinFilled /> },
            { key: 'lock', label: thread.locked ? t('unlock') : t('lock'), icon: <LockOutlined /> },
            { key: 'move', label: t('move') },
            { type: 'divider' },
            { key: 'delete', label: t('deleteThread'), danger: true, icon: <DeleteOutlined /> },
          ],
          onClick: ({ key }) => {
            if (key === 'pin') void act(thread.pinned ? 'unpin' : 'pin');
            if (key === 'lock') void act(thread.locked ? 'unlock' : 'lock');
            if (key === 'move') setMoving(true);
            if (key === 'delete')
              modal.confirm({
                title: t('deleteThreadConfirm'),
                okButtonProps: { danger: true },
                okText: t('delete'),
                onOk: async () => {
                  await act('delete');
                  navigate(`/forum/board?id=${details.board.id}`);
                },
              });
          },
        }}
      >
        <Button icon={<MoreOutlined />} data-testid="forum-moderate">
          {t('moderate')}
        </Button>
      </Dropdown>
      <Modal
        open={moving}
        title={t('moveTitle')}
        onCancel={() => setMoving(false)}
        okButtonProps={{ disabled: !target }}
        onOk={async () => {
          await act('move', target);
          setMoving(false);
        }}
      >
        <Form.Item label={t('moveTo')} layout="vertical">
          <Select
            value={target}
            onChange={setTarget}
            options={(boards.data ?? [])
              .filter((b) => b.id !== details.board.id)
              .map((b) => ({ value: b.id, label: b.names[lang] }))}
          />
        </Form.Item>
      </Modal>
    </>
  );
}

/**
 * /forum/thread?id=&page=: the thread's posts (oldest first, 20 a page), likes, quotes, the solution mark, the
 * reply box (Ctrl+Enter sends) and, for moderators, pin / lock / move / delete. A new reply jumps to its page.
 */
export default function ThreadPage() {
  const { t } = useTranslation('forum');
  const { message } = useFeedback();
  const lang = currentLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const valid = Number.isInteger(id) && id > 0;
  const { token } = useSession();
  const details = useQuery({ ...threadDetailsQuery(id, page, !!token), enabled: valid });
  const addPost = useAddPost();
  const [reply, setReply] = useState('');
  const [quote, setQuote] = useState<ForumPost | null>(null);
  const [editing, setEditing] = useState<ForumPost | null>(null);
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  const replyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (scrollTo && details.data?.posts.list.some((p) => p.id === scrollTo)) {
      document.getElementById(`post-${scrollTo}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setScrollTo(null);
    }
  }, [scrollTo, details.data]);

  const notFound = !valid || (details.error instanceof HttpError && details.error.code === ErrorCode.NOT_FOUND);
  if (notFound)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/forum')}>
            {t('backToForum')}
          </Button>
        }
      />
    );
  if (details.isError) return <Result status="error" title={errorText(details.error)} />;
  const data = details.data;
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} className="xr-forum" />;
  const { thread, board, posts } = data;

  const send = async () => {
    if (!reply.trim()) return;
    try {
      const r = await addPost.mutateAsync({ thread_id: thread.id, body: reply, quote_id: quote?.id });
      setReply('');
      setQuote(null);
      void message.success(t('replied'));
      setScrollTo(r.id);
      if (r.page !== page) setParams({ id: String(thread.id), page: String(r.page) });
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <div className="xr-forum xr-forum--thread">
      <Breadcrumb
        items={[
          { title: <Link to="/forum">{t('title')}</Link> },
          { title: <Link to={`/forum/board?id=${board.id}`}>{board.names[lang]}</Link> },
        ]}
      />
      <header className="xr-forum__head">
        <div>
          <h1 data-testid="forum-thread-title">
            {thread.pinned ? <PushpinFilled className="xr-forum-icon" aria-label={t('pinned')} /> : null}
            {thread.locked ? <LockOutlined className="xr-forum-icon" aria-label={t('locked')} /> : null}
            {thread.title}
          </h1>
          <p className="xr-muted">
            {t('replies', { count: thread.reply_count })}
            {thread.solved ? (
              <Tag color="success" icon={<CheckCircleFilled />} className="xr-forum-solved">
                {t('solved')}
              </Tag>
            ) : null}
            {thread.project_id ? (
              <Link to={`/product_details?id=${thread.project_id}`} className="xr-forum-project-link">
                {t('openProject')}
              </Link>
            ) : null}
          </p>
        </div>
        {data.can_moderate ? <ModerationMenu details={data} /> : null}
      </header>

      <div className="xr-forum-posts">
        {posts.list.map((p) => (
          <PostItem
            key={p.id}
            post={p}
            details={data}
            onEdit={setEditing}
            onQuote={(q) => {
              setQuote(q);
              replyRef.current?.scrollIntoView({ behavior: 'smooth' });
            }}
          />
        ))}
      </div>
      {posts.total > posts.limit ? (
        <Pagination
          className="xr-forum-pager"
          current={posts.page}
          pageSize={posts.limit}
          total={posts.total}
          showSizeChanger={false}
          onChange={(p) => setParams({ id: String(thread.id), page: String(p) })}
        />
      ) : null}

      <section className="xr-forum-reply" ref={replyRef} aria-label={t('replyTitle')}>
        {thread.locked ? <Alert type="warning" showIcon title={t('lockedNotice')} /> : null}
        {data.can_reply ? (
          <>
            <h2>{t('replyTitle')}</h2>
            {quote ? (
              <Alert
                type="info"
                title={t('quoting', { name: quote.author.forum_name })}
                description={quote.body.slice(0, 140)}
                closable
                onClose={() => setQuote(null)}
              />
            ) : null}
            <PostEditor value={reply} onChange={setReply} onSubmit={send} rows={4} placeholder={t('replyPlaceholder')} />
            <Button type="primary" onClick={send} loading={addPost.isPending} disabled={!reply.trim()} data-testid="forum-reply">
              {t('reply')}
            </Button>
          </>
        ) : thread.locked ? null : (
          <PostingHint />
        )}
        {data.can_reply ? <PostingHint /> : null}
      </section>

      {editing ? (
        <EditPostDialog post={editing} title={editing.is_first ? thread.title : undefined} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
