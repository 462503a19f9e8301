import { useQuery } from '@tanstack/react-query';
import { COMMENT_MAX } from '@xr/contract/market-basics';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState, PersonAvatar, TextArea } from '../../../components/lite/lite';
import { Pager } from '../../../components/pager';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { loginPath } from '../../../lib/navigation';
import { commentPageQuery, useAddComment } from '../api/comments';

const PAGE = 5;

/** Comments of a project with the creator's replies, and a box to add one (signed in). */
export function CommentsSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['market', 'common']);
  const { message } = useFeedback();
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const comments = useQuery(commentPageQuery(projectId, page, PAGE));
  const add = useAddComment(projectId);

  const submit = async () => {
    if (!text.trim()) {
      setError(t('common:v.contentRequired'));
      return;
    }
    try {
      await add.mutateAsync(text.trim());
      setText('');
      setPage(1);
      void message.success(t('common:err.operationSuccessful'));
    } catch {
      // the HTTP client showed why
    }
  };

  return (
    <section className="xr-details__card">
      <h2>
        {t('details.comments')}
        {comments.data?.total ? <span className="xr-details__h-extra">{comments.data.total}</span> : null}
      </h2>
      {token ? (
        <div className="xr-comment-box">
          <TextArea
            rows={3}
            maxLength={COMMENT_MAX}
            showCount
            value={text}
            invalid={!!error}
            onChange={(v) => {
              setText(v);
              if (error) setError('');
            }}
            placeholder={t('details.commentPlaceholder')}
          />
          {error ? (
            <div className="xr-comment-box__error" role="alert">
              {error}
            </div>
          ) : null}
          <Button type="primary" onClick={() => void submit()} loading={add.isPending}>
            {t('details.addComment')}
          </Button>
        </div>
      ) : (
        <p className="xr-muted">
          <Link to={loginPath(`${pathname}${search}`)}>{t('details.signIn')}</Link> {t('details.signInToComment')}
        </p>
      )}
      {comments.data && comments.data.list.length > 0 ? (
        <ul className="xr-feed">
          {comments.data.list.map((c) => (
            <li key={c.id} className="xr-feed__item">
              <PersonAvatar src={c.user.avatar} name={c.user.name} />
              <div className="xr-feed__body">
                <div className="xr-feed__head">
                  <strong>{c.user.name}</strong>
                  <span className="xr-muted">{formatTime(c.created_at)}</span>
                </div>
                <p>{c.content}</p>
                {c.reply ? (
                  <div className="xr-feed__reply">
                    <span className="xr-feed__reply-label">{t('details.creatorReply')}</span>
                    {c.reply}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : comments.isPending ? null : (
        <EmptyState description={t('details.noComments')} />
      )}
      {comments.data && comments.data.total > PAGE ? (
        <Pager size="small" align="end" current={page} pageSize={PAGE} total={comments.data.total} onChange={setPage} />
      ) : null}
    </section>
  );
}
