import {
  ArrowLeftOutlined,
  CommentOutlined,
  FlagOutlined,
  HeartFilled,
  HeartOutlined,
  ShoppingCartOutlined,
  StarFilled,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetails } from '@xr/contract/market';
import { tagName } from '@xr/contract/market-basics';
import { Button, Tag } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CartShortcut } from '../../../components/cart-shortcut';
import { LiteIcon } from '../../../components/lite/icons';
import { PersonAvatar, SkeletonBlock } from '../../../components/lite/lite';
import { PriceTag } from '../../../components/price-tag';
import { ShareButton } from '../../../components/share/share-button';
import { useSession } from '../../../lib/auth/session';
import { addToCart, toggleWish, useCart } from '../../../lib/cart';
import { formatTime } from '../../../lib/dates';
import { currentLang } from '../../../lib/i18n';
import { loginPath } from '../../../lib/navigation';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { projectDetailsQuery } from '../api/project-details';
import { useProjectThread } from '../api/project-thread';
import { ArEntry } from '../components/ar-entry';
import { CommentsSection } from '../components/comments-section';
import { ContentPreview } from '../components/content-preview';
import { Gallery } from '../components/gallery';
import { QuestionnaireCard } from '../components/questionnaire-card';
import { ReviewsSection } from '../components/reviews-section';
import '../details.css';
import { useFeedback } from '../../../lib/feedback';

// Loaded on first use, not with the page: the report form (antd Form, Modal, Radio) when a
// signed-in visitor presses Report, the "not found" result (antd Result and its picture) when the id is unknown.
const ReportDialog = lazy(() => import('../../../components/report-dialog').then((m) => ({ default: m.ReportDialog })));
const DetailsNotFound = lazy(() => import('../components/details-not-found'));

/** Keywords are one text field; commas (either width) or semicolons separate them. */
export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，;；、]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function CreatorCard({ creator }: { creator: ProjectDetails['creator'] }) {
  const { t } = useTranslation('market');
  return (
    <section className="xr-details__card xr-creator">
      <h2>{t('details.creator')}</h2>
      <div className="xr-creator__head">
        <PersonAvatar size={56} src={creator.avatar} name={creator.name} />
        <div>
          <div className="xr-creator__name">{creator.name}</div>
          <div className="xr-muted">{t('details.creatorProjects', { count: creator.project_count })}</div>
        </div>
      </div>
      {creator.introduction ? <p className="xr-creator__intro">{creator.introduction}</p> : null}
      <Link to={`/marke_place?q=${encodeURIComponent(creator.name)}`}>{t('details.creatorMore')}</Link>
    </section>
  );
}

/**
 * /product_details?id= (spec section 2): images, keywords, description, tags, reviews with scores, comments, the
 * creator card; add to cart, add to wish list and report.
 */
export default function ProductDetailsPage() {
  const { t } = useTranslation(['market', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { token } = useSession();
  const qc = useQueryClient();
  const details = useQuery({ ...projectDetailsQuery(id, !!token), enabled: valid });
  const { items } = useCart();
  const [adding, setAdding] = useState(false);
  const [wishing, setWishing] = useState(false);
  const [reporting, setReporting] = useState(false);
  // the dialog's code loads with the first press and stays mounted after it (its closing animation, its state)
  const reported = useOpenedOnce(reporting);
  const discussion = useProjectThread();
  const [cartOpen, setCartOpen] = useState(false);

  const signInFirst = (text: string) => {
    void message.info(text);
    navigate(loginPath(`${pathname}${search}`));
  };

  if (!valid || details.isError) {
    return (
      <Suspense fallback={null}>
        <DetailsNotFound />
      </Suspense>
    );
  }

  const p = details.data;
  if (!p) {
    return (
      <div className="xr-details">
        <div className="xr-details__main">
          <SkeletonBlock className="xr-details__skeleton-media" />
          <SkeletonBlock lines={6} />
        </div>
      </div>
    );
  }

  const inCart = p.in_cart || items.some((i) => i.project_id === p.id);
  const gallery = [...new Set([p.cover, ...p.images].filter(Boolean))];
  const keywords = splitKeywords(p.keywords);

  const add = async () => {
    setAdding(true);
    try {
      await addToCart({
        project_id: p.id,
        project_name: p.name,
        project_type: p.catalog,
        project_img: p.cover,
        project_price: p.price,
      });
      void message.success(t('common:err.addedToCart'));
      setCartOpen(true);
    } catch {
      // the HTTP client showed why
    } finally {
      setAdding(false);
    }
  };

  const wish = async () => {
    if (!token) return signInFirst(t('details.signInToWish'));
    setWishing(true);
    try {
      const value = await toggleWish(p.id);
      qc.setQueryData<ProjectDetails>(projectDetailsQuery(p.id, true).queryKey, (old) =>
        old ? { ...old, is_collection: value } : old,
      );
      void message.success(t('common:err.operationSuccessful'));
    } catch {
      // the HTTP client showed why
    } finally {
      setWishing(false);
    }
  };

  let buy: ReactNode;
  if (p.purchased) {
    buy = (
      <Tag icon={<LiteIcon name="checkCircle" />} color="success" className="xr-details__state">
        {t('details.purchased')}
      </Tag>
    );
  } else if (p.is_owner) {
    buy = <Tag className="xr-details__state">{t('details.own')}</Tag>;
  } else if (!p.for_sale) {
    buy = <Tag className="xr-details__state">{t('details.notForSale')}</Tag>;
  } else if (inCart) {
    buy = (
      <Button size="large" icon={<ShoppingCartOutlined />} onClick={() => setCartOpen(true)}>
        {t('details.inCart')}
      </Button>
    );
  } else {
    buy = (
      <Button
        size="large"
        type="primary"
        className="xr-gradient-btn"
        icon={<ShoppingCartOutlined />}
        loading={adding}
        onClick={() => void add()}
      >
        {t('details.addToCart')}
      </Button>
    );
  }

  return (
    <div className="xr-details">
      <div className="xr-details__bar">
        <Link to="/marke_place" className="xr-details__back">
          <ArrowLeftOutlined /> {t('details.backToMarket')}
        </Link>
        <CartShortcut open={cartOpen} onOpenChange={setCartOpen} />
      </div>

      <div className="xr-details__top">
        <Gallery images={gallery} name={p.name} id={p.id} />

        <section className="xr-details__summary">
          <div className="xr-details__badges">
            <Tag color="purple">{t(`catalog.${p.catalog}`)}</Tag>
            {p.type ? <Tag>{t(`projectType.${p.type}`, { defaultValue: p.type })}</Tag> : null}
          </div>
          <h1>{p.name}</h1>
          <div className="xr-details__by">
            <PersonAvatar size={24} src={p.creator.avatar} name={p.creator.name} />
            <span>{t('card.by', { name: p.creator.name })}</span>
          </div>
          <div className="xr-details__score">
            <StarFilled />
            {p.score_count ? (
              <>
                <strong>{p.score.toFixed(1)}</strong>
                <span className="xr-muted">{t('card.scoreCount', { count: p.score_count })}</span>
              </>
            ) : (
              <span className="xr-muted">{t('card.noScore')}</span>
            )}
            {p.sales_count ? <span className="xr-muted">· {t('card.sales', { count: p.sales_count })}</span> : null}
          </div>
          <PriceTag price={p.price} free={p.is_free} size="large" />
          <div className="xr-details__actions">
            {buy}
            <Button
              size="large"
              icon={p.is_collection ? <HeartFilled /> : <HeartOutlined />}
              className={p.is_collection ? 'xr-details__wished' : undefined}
              aria-pressed={p.is_collection}
              loading={wishing}
              onClick={() => void wish()}
            >
              {p.is_collection ? t('details.wished') : t('details.wish')}
            </Button>
            <Button
              size="large"
              type="text"
              icon={<CommentOutlined />}
              loading={discussion.isPending}
              data-testid="project-discuss"
              onClick={() =>
                token
                  ? discussion.mutate(p.id, { onSuccess: ({ id: threadId }) => navigate(`/forum/thread?id=${threadId}`) })
                  : signInFirst(t('details.signInToDiscuss'))
              }
            >
              {t('details.discuss')}
            </Button>
            <Button
              size="large"
              type="text"
              icon={<FlagOutlined />}
              onClick={() => (token ? setReporting(true) : signInFirst(t('details.signInToReport')))}
            >
              {t('details.report')}
            </Button>
            <ArEntry projectId={p.id} signedIn={!!token} highlight={params.get('ar') === '1'} />
            <Suspense fallback={null}>
              <ShareButton projectId={p.id} onlyWhenShareable size="large" type="text" />
            </Suspense>
          </div>
          {keywords.length ? (
            <div className="xr-details__chips">
              <span className="xr-details__chips-label">{t('details.keywords')}</span>
              {keywords.map((k) => (
                <Link key={k} to={`/marke_place?q=${encodeURIComponent(k)}`} className="xr-chip">
                  {k}
                </Link>
              ))}
            </div>
          ) : null}
          {p.tags.length ? (
            <div className="xr-details__chips">
              <span className="xr-details__chips-label">{t('details.tags')}</span>
              {p.tags.map((tag) => (
                <Link key={tag.id} to={`/marke_place?tags=${tag.id}`} className="xr-chip xr-chip--tag">
                  #{tagName(tag, currentLang())}
                </Link>
              ))}
            </div>
          ) : null}
          <div className="xr-details__updated xr-muted">{t('details.updated', { time: formatTime(p.updated_at) })}</div>
        </section>
      </div>

      <div className="xr-details__body">
        <div className="xr-details__main">
          <section className="xr-details__card">
            <h2>{t('details.description')}</h2>
            <div className="xr-details__description">{p.description}</div>
          </section>
          <ContentPreview projectId={p.id} signedIn={!!token} />
          <ReviewsSection project={p} />
          <CommentsSection projectId={p.id} />
          <QuestionnaireCard projectId={p.id} signedIn={!!token} />
        </div>
        <aside className="xr-details__side">
          <CreatorCard creator={p.creator} />
        </aside>
      </div>

      {reported ? (
        <Suspense fallback={null}>
          <ReportDialog target={{ project_id: p.id }} open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
