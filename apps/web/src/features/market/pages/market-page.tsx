import { FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CATALOGS } from '@xr/contract/constants';
import { MARKET_SORTS, type MarketSort, tagName } from '@xr/contract/market-basics';
import { Button, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CartShortcut } from '../../../components/cart-shortcut';
import { EmptyTray } from '../../../components/lite/empty-tray';
import { LiteIcon } from '../../../components/lite/icons';
import { Pager } from '../../../components/pager';
import { ProjectCard, ProjectCardSkeleton } from '../../../components/project-card';
import { currentLang } from '../../../lib/i18n';
import { itemListQuery } from '../api/item-list';
import { tagListQuery } from '../api/tag-list';
import {
  DEFAULT_FILTERS,
  filtersToParams,
  filtersToSearch,
  hasFilters,
  MARKET_PAGE_SIZE,
  type MarketFilters,
  parseFilters,
} from '../market-query';
import '../market.css';

/** A price as the box shows it: two decimals, empty when unset. */
const priceText = (v: number | undefined) => (v === undefined ? '' : v.toFixed(2));

/** A typed price: a number ≥ 0 with at most two decimals, or undefined when empty or not a price. */
function parsePrice(text: string): number | undefined {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v) || v < 0) return undefined;
  return Math.round(v * 100) / 100;
}

/**
 * Price range inputs (HKD); applied with the button or Enter so typing does not reload the grid. Plain number inputs
 * styled like antd's (antd's InputNumber would add ~7 KiB gzipped to the market's first load).
 */
function PriceRange({ filters, onApply }: { filters: MarketFilters; onApply: (min?: number, max?: number) => void }) {
  const { t } = useTranslation('market');
  const [min, setMin] = useState(priceText(filters.min));
  const [max, setMax] = useState(priceText(filters.max));
  useEffect(() => {
    setMin(priceText(filters.min));
    setMax(priceText(filters.max));
  }, [filters.min, filters.max]);
  const apply = () => {
    const lo = parsePrice(min);
    const hi = parsePrice(max);
    setMin(priceText(lo));
    setMax(priceText(hi));
    if (lo !== undefined && hi !== undefined && lo > hi) onApply(hi, lo);
    else onApply(lo, hi);
  };
  const box = (label: string, value: string, set: (v: string) => void) => (
    <span className="xr-market__price-box">
      <span aria-hidden="true">HK$</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => set(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
    </span>
  );
  return (
    <fieldset className="xr-market__price">
      <legend>{t('page.priceRange')}</legend>
      {box(t('page.min'), min, setMin)}
      <span className="xr-market__dash">–</span>
      {box(t('page.max'), max, setMax)}
      <Button onClick={apply}>{t('page.apply')}</Button>
    </fieldset>
  );
}

/**
 * /marke_place (spec section 2): price range in HKD, sort, category tabs, tag chips and search over an item grid
 * with paging. The filter state is the URL query, so a shared link shows the same view.
 */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const [search, setSearch] = useSearchParams();
  const filters = parseFilters(search);
  const [keyword, setKeyword] = useState(filters.q);
  const [showFilters, setShowFilters] = useState(false);
  // The box follows the URL when the query changes from outside (a link, back/forward), not when this box
  // submitted it: otherwise text typed while the last search settles would be overwritten.
  const submitted = useRef(filters.q);
  useEffect(() => {
    if (filters.q !== submitted.current) setKeyword(filters.q);
    submitted.current = filters.q;
  }, [filters.q]);

  const items = useQuery(itemListQuery(filtersToParams(filters)));
  const tags = useQuery(tagListQuery);

  /** Changes filters; any change other than the page goes back to page 1. */
  const update = (patch: Partial<MarketFilters>) => {
    const next = { ...filters, ...patch };
    if (!('page' in patch)) next.page = 1;
    setSearch(filtersToSearch(next));
    if ('page' in patch) window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const toggleTag = (id: number) =>
    update({ tags: filters.tags.includes(id) ? filters.tags.filter((x) => x !== id) : [...filters.tags, id] });

  const data = items.data;
  const list = Array.isArray(data?.list) ? data.list : [];
  const total = data?.total ?? 0;
  const loading = items.isPending;
  const tabs = [
    { value: 'all' as const, label: t('catalog.all') },
    ...CATALOGS.map((c) => ({ value: c.value, label: t(`catalog.${c.value}`) })),
  ];

  return (
    <div className="xr-market">
      <section className="xr-market__hero">
        <div>
          <h1>{t('page.title')}</h1>
          <p>{t('page.subtitle')}</p>
        </div>
        <div className="xr-market__hero-actions">
          <form
            className="xr-market__search"
            onSubmit={(e) => {
              e.preventDefault();
              const v = keyword.trim();
              submitted.current = v;
              update({ q: v });
            }}
          >
            <input
              type="search"
              enterKeyHint="search"
              placeholder={t('page.searchPlaceholder')}
              aria-label={t('page.search')}
              value={keyword}
              maxLength={100}
              onChange={(e) => {
                setKeyword(e.target.value);
                // the field's own clear button (×) empties the search at once, as antd's allowClear did
                if (e.target.value === '' && filters.q) {
                  submitted.current = '';
                  update({ q: '' });
                }
              }}
            />
            <button type="submit" aria-label={t('page.search')}>
              <LiteIcon name="search" />
            </button>
          </form>
          <CartShortcut />
        </div>
      </section>

      <div className="xr-market__tabs" role="tablist" aria-label={t('page.categories')}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={filters.catalog === tab.value}
            className={`xr-market__tab${filters.catalog === tab.value ? ' is-active' : ''}`}
            onClick={() => update({ catalog: tab.value })}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div className="xr-market__toolbar">
        <Button className="xr-market__filters-btn" icon={<FilterOutlined />} onClick={() => setShowFilters((v) => !v)}>
          {t('page.filters')}
        </Button>
        <div className={`xr-market__filters${showFilters ? ' is-open' : ''}`}>
          <PriceRange filters={filters} onApply={(min, max) => update({ min, max })} />
          <div className="xr-market__sort">
            <span>{t('page.sort')}</span>
            <select
              className="xr-market__select"
              aria-label={t('page.sort')}
              value={filters.sort}
              onChange={(e) => update({ sort: e.target.value as MarketSort })}
            >
              {MARKET_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`page.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {tags.data && tags.data.length > 0 ? (
        <fieldset className="xr-market__tags">
          <legend className="xr-sr-only">{t('page.tags')}</legend>
          {tags.data.map((tag) => (
            <Tag.CheckableTag key={tag.id} checked={filters.tags.includes(tag.id)} onChange={() => toggleTag(tag.id)}>
              {tagName(tag, currentLang())}
            </Tag.CheckableTag>
          ))}
        </fieldset>
      ) : tags.isPending ? (
        // the chips' row keeps its place while the tags load: the grid below does not jump (nor do the covers that
        // start loading by their distance from the view)
        <div className="xr-market__tags xr-market__tags--pending" aria-hidden="true" />
      ) : null}

      <div className="xr-market__summary">
        <span aria-live="polite">
          {!data
            ? '\u00a0'
            : data.total_exact === false
              ? t('page.resultsCapped', { total: total.toLocaleString('en') })
              : t('page.results', { count: total })}
        </span>
        {hasFilters(filters) ? (
          <Button type="link" onClick={() => setSearch(filtersToSearch(DEFAULT_FILTERS))}>
            {t('page.clearAll')}
          </Button>
        ) : null}
      </div>

      {loading ? (
        <div className="xr-pcard-grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <ProjectCardSkeleton key={i} />
          ))}
        </div>
      ) : list.length > 0 ? (
        <>
          <div className={`xr-pcard-grid${items.isPlaceholderData ? ' is-stale' : ''}`} data-testid="market-grid">
            {list.map((item) => (
              <ProjectCard key={item.id} item={item} />
            ))}
          </div>
          {total > MARKET_PAGE_SIZE ? (
            <Pager
              className="xr-market__pager"
              current={filters.page}
              pageSize={MARKET_PAGE_SIZE}
              total={total}
              onChange={(page) => update({ page })}
            />
          ) : null}
        </>
      ) : (
        <div className="xr-market__empty" role="status">
          <EmptyTray />
          <strong>{items.isError ? t('page.error') : t('page.empty')}</strong>
          <div className="xr-muted">{items.isError ? t('page.errorHint') : t('page.emptyHint')}</div>
          {items.isError ? (
            <Button onClick={() => void items.refetch()}>{t('page.retry')}</Button>
          ) : hasFilters(filters) ? (
            <Button type="primary" onClick={() => setSearch(filtersToSearch(DEFAULT_FILTERS))}>
              {t('page.clearAll')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
