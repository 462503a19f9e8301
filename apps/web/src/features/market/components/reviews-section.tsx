import { useQuery } from '@tanstack/react-query';
import type { ProjectDetails } from '@xr/contract/market';
import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState, PersonAvatar, StarInput, Stars, TextArea } from '../../../components/lite/lite';
import { Pager } from '../../../components/pager';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { loginPath } from '../../../lib/navigation';
import { scorePageQuery, useSetScore } from '../api/reviews';

const PAGE = 5;

/** The caller's own score: 1 to 5 stars with an optional review, changeable (buyers, or anyone for free items). */
function MyScore({ project }: { project: ProjectDetails }) {
  const { t } = useTranslation(['market', 'common']);
  const { message } = useFeedback();
  const [score, setScore] = useState(project.my_score?.score ?? 0);
  const [content, setContent] = useState(project.my_score?.content ?? '');
  const save = useSetScore(project.id);
  useEffect(() => {
    setScore(project.my_score?.score ?? 0);
    setContent(project.my_score?.content ?? '');
  }, [project.my_score]);

  const submit = async () => {
    if (!score) {
      void message.warning(t('common:v.scoreRange'));
      return;
    }
    try {
      await save.mutateAsync({ score, content: content.trim() || undefined });
      void message.success(t('details.scoreSaved'));
    } catch {
      // the HTTP client showed why
    }
  };

  return (
    <div className="xr-myscore">
      <div className="xr-myscore__title">{project.my_score ? t('details.changeScore') : t('details.rateTitle')}</div>
      <StarInput value={score} onChange={setScore} label={t('details.yourScore')} />
      <TextArea rows={2} maxLength={1000} value={content} onChange={setContent} placeholder={t('details.reviewPlaceholder')} />
      <Button type="primary" onClick={() => void submit()} loading={save.isPending}>
        {project.my_score ? t('details.updateScore') : t('details.saveScore')}
      </Button>
    </div>
  );
}

/** Reviews with scores (GET /home_page/score_page) and, when allowed, the caller's own score. */
export function ReviewsSection({ project }: { project: ProjectDetails }) {
  const { t } = useTranslation('market');
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const [page, setPage] = useState(1);
  const reviews = useQuery(scorePageQuery(project.id, page, PAGE));

  let mine: ReactNode = null;
  if (!token) {
    mine = (
      <p className="xr-muted">
        <Link to={loginPath(`${pathname}${search}`)}>{t('details.signIn')}</Link> {t('details.signInToRate')}
      </p>
    );
  } else if (project.can_score) {
    mine = <MyScore project={project} />;
  } else if (!project.is_owner) {
    mine = <p className="xr-muted">{t('details.buyersOnly')}</p>;
  }

  return (
    <section className="xr-details__card">
      <h2>
        {t('details.reviews')}
        {project.score_count ? (
          <span className="xr-details__h-extra">
            <Stars value={project.score} />
            {project.score.toFixed(1)} · {t('card.scoreCount', { count: project.score_count })}
          </span>
        ) : null}
      </h2>
      {mine}
      {reviews.data && reviews.data.list.length > 0 ? (
        <ul className="xr-feed">
          {reviews.data.list.map((r) => (
            <li key={r.id} className="xr-feed__item">
              <PersonAvatar src={r.user.avatar} name={r.user.name} />
              <div className="xr-feed__body">
                <div className="xr-feed__head">
                  <strong>{r.user.name}</strong>
                  <Stars value={r.score} className="xr-feed__rate" />
                  <span className="xr-muted">{formatTime(r.updated_at)}</span>
                </div>
                {r.content ? <p>{r.content}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : reviews.isPending ? null : (
        <EmptyState description={t('details.noReviews')} />
      )}
      {reviews.data && reviews.data.total > PAGE ? (
        <Pager size="small" align="end" current={page} pageSize={PAGE} total={reviews.data.total} onChange={setPage} />
      ) : null}
    </section>
  );
}
