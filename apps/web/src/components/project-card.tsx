import { StarFilled } from '@ant-design/icons';
import type { Catalog } from '@xr/contract/constants';
// The avatar alone: antd's index entry also attaches Avatar.Group (Popover, Tooltip) to it (see public-layout.tsx).
import Avatar from 'antd/es/avatar/Avatar';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriceTag } from './price-tag';
import './project-card.css';

/** What a card needs: a subset of the market item (contract `marketItem`). */
export interface ProjectCardData {
  id: number;
  name: string;
  catalog: Catalog | string;
  cover: string;
  price: number;
  is_free?: boolean;
  creator?: { name: string; avatar: string };
  score?: number;
  score_count?: number;
}

/** Gradient pairs for covers that failed to load or are missing. */
const FALLBACKS = [
  ['#6d28d9', '#0ea5e9'],
  ['#db2777', '#f97316'],
  ['#0e7490', '#10b981'],
  ['#1e3a8a', '#06b6d4'],
];

/**
 * How far below (and above) the visible area a cover starts loading. The browser's own `loading="lazy"` starts
 * 1,250–2,500 px away, so a market page fetched all 12 covers of its first page at once, rows the visitor may never
 * scroll to (≤ 25 requests on a cold load). A cover is a small WebP that arrives in well under the
 * time a scroll of this margin takes, and its gradient stands in meanwhile.
 */
export const COVER_MARGIN_PX = 100;

type Waiter = (near: boolean) => void;
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, Waiter>();

/** Calls back once when the element comes within COVER_MARGIN_PX of the viewport (one observer for every cover). */
function whenNear(el: Element, cb: Waiter): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    cb(true);
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        waiting.get(e.target)?.(true);
        waiting.delete(e.target);
        observer?.unobserve(e.target);
      }
    },
    { rootMargin: `${COVER_MARGIN_PX}px 0px` },
  );
  waiting.set(el, cb);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

/** A cover image (16:9) with a brand gradient behind it, so a missing image still looks intended. */
export function ProjectCover({ src, name, id, className = '' }: { src: string; name: string; id: number; className?: string }) {
  const [from, to] = FALLBACKS[id % FALLBACKS.length] ?? ['#6d28d9', '#0ea5e9'];
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !src || !box.current) return;
    return whenNear(box.current, setNear);
  }, [near, src]);
  return (
    <div ref={box} className={`xr-cover ${className}`.trim()} style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}>
      {src && near ? (
        <img
          src={src}
          alt={name}
          loading="lazy"
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
        />
      ) : null}
    </div>
  );
}

interface Props {
  item: ProjectCardData;
  /** Extra actions under the card body (wish list: add to cart, remove). */
  actions?: ReactNode;
  /** Top-right overlay (e.g. "unavailable"). */
  badge?: ReactNode;
}

/** A project in the market grid: cover, category, name, creator, price (Free / HK$) and score. */
export function ProjectCard({ item, actions, badge }: Props) {
  const { t } = useTranslation('market');
  const to = `/product_details?id=${item.id}`;
  const score = item.score ?? 0;
  return (
    <article className="xr-pcard" data-testid="project-card">
      <Link to={to} className="xr-pcard__media" aria-label={item.name} tabIndex={-1}>
        <ProjectCover src={item.cover} name={item.name} id={item.id} />
        <span className="xr-pcard__catalog">{t(`catalog.${item.catalog}`, { defaultValue: String(item.catalog) })}</span>
        {badge ? <span className="xr-pcard__badge">{badge}</span> : null}
      </Link>
      <div className="xr-pcard__body">
        <Link to={to} className="xr-pcard__name" title={item.name}>
          {item.name}
        </Link>
        {item.creator ? (
          <div className="xr-pcard__creator">
            <Avatar size={20} src={item.creator.avatar || undefined} className="xr-avatar-fallback">
              {item.creator.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span>{item.creator.name}</span>
          </div>
        ) : null}
        <div className="xr-pcard__foot">
          <PriceTag price={item.price} free={item.is_free} />
          {item.score_count ? (
            <span className="xr-pcard__score" title={t('card.scoreCount', { count: item.score_count })}>
              <StarFilled /> {score.toFixed(1)}
              <span className="xr-pcard__score-count">({item.score_count})</span>
            </span>
          ) : (
            <span className="xr-pcard__score is-none">{t('card.noScore')}</span>
          )}
        </div>
        {actions ? <div className="xr-pcard__actions">{actions}</div> : null}
      </div>
    </article>
  );
}

/** Placeholder card while the grid loads. */
export function ProjectCardSkeleton() {
  return (
    <div className="xr-pcard is-skeleton" aria-hidden="true">
      <div className="xr-cover xr-skel" />
      <div className="xr-pcard__body">
        <div className="xr-skel xr-skel--line" style={{ width: '80%' }} />
        <div className="xr-skel xr-skel--line" style={{ width: '45%' }} />
        <div className="xr-skel xr-skel--line" style={{ width: '60%' }} />
      </div>
    </div>
  );
}
