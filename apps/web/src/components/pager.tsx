import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './pager.css';

/** The page numbers a pager shows: first, last, the current one with two on each side, and gaps as `'prev'`/`'next'`. */
export function pagerItems(current: number, pages: number): Array<number | 'prev' | 'next'> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const items: Array<number | 'prev' | 'next'> = [1];
  if (from > 2) items.push('prev');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push('next');
  items.push(pages);
  return items;
}

export interface PagerProps {
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  size?: 'small' | 'default';
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * The public pages' pager (market grid, comments, reviews): previous / numbers with jumps of five / next, as buttons
 * in a labelled `nav`, the current page marked `aria-current`. A few hundred bytes where antd's Pagination brings its
 * page-size Select and quick-jumper input (~28 KiB gzipped) into the page's first load; the admin
 * screens keep antd's Pagination through their tables.
 */
export function Pager({ current, total, pageSize, onChange, size = 'default', align = 'center', className }: PagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, current), pages);
  const go = (p: number) => {
    const next = Math.min(Math.max(1, p), pages);
    if (next !== page) onChange(next);
  };
  const style: CSSProperties = { justifyContent: align };
  return (
    <nav aria-label={t('pager.label')} className={`xr-pager xr-pager--${size}${className ? ` ${className}` : ''}`} style={style}>
      <ul>
        <li>
          <button type="button" aria-label={t('pager.prev')} disabled={page <= 1} onClick={() => go(page - 1)}>
            ‹
          </button>
        </li>
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pager.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={item === page ? 'is-current' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="xr-pager__jump"
                aria-label={item === 'prev' ? t('pager.morePrev') : t('pager.moreNext')}
                title={item === 'prev' ? t('pager.morePrev') : t('pager.moreNext')}
                onClick={() => go(item === 'prev' ? page - 5 : page + 5)}
              >
                …
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" aria-label={t('pager.next')} disabled={page >= pages} onClick={() => go(page + 1)}>
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
