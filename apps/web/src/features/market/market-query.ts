import { CATALOG_VALUES, type Catalog } from '@xr/contract/constants';
import { KEYWORD_MAX, MARKET_SORTS, type MarketSort } from '@xr/contract/market-basics';
import type { ItemListParams } from './api/item-list';

/** Cards per market page. */
export const MARKET_PAGE_SIZE = 12;

/** The market's filter state. It lives in the URL query, so a link reproduces the view. */
export interface MarketFilters {
  catalog: Catalog | 'all';
  tags: number[];
  min?: number;
  max?: number;
  sort: MarketSort;
  q: string;
  page: number;
}

export const DEFAULT_FILTERS: MarketFilters = { catalog: 'all', tags: [], sort: 'newest', q: '', page: 1 };

const price = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : undefined;
};

/** URL query -> filters; unknown or malformed values fall back to the defaults. */
export function parseFilters(search: URLSearchParams): MarketFilters {
  const catalog = search.get('catalog');
  const sort = search.get('sort');
  const tags = (search.get('tags') ?? '')
    .split(',')
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
  const page = Number(search.get('page'));
  let min = price(search.get('min'));
  let max = price(search.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    catalog: (CATALOG_VALUES as readonly string[]).includes(catalog ?? '') ? (catalog as Catalog) : 'all',
    tags: [...new Set(tags)],
    min,
    max,
    sort: (MARKET_SORTS as readonly string[]).includes(sort ?? '') ? (sort as MarketSort) : 'newest',
    q: (search.get('q') ?? '').trim().slice(0, KEYWORD_MAX),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Filters -> URL query, leaving defaults out (so the plain market is just `/marke_place`). */
export function filtersToSearch(f: MarketFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.catalog !== 'all') out.set('catalog', f.catalog);
  if (f.tags.length) out.set('tags', [...f.tags].sort((a, b) => a - b).join(','));
  if (f.min !== undefined) out.set('min', String(f.min));
  if (f.max !== undefined) out.set('max', String(f.max));
  if (f.sort !== 'newest') out.set('sort', f.sort);
  if (f.q) out.set('q', f.q);
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

/** Filters -> GET /home_page/item_list parameters. */
export function filtersToParams(f: MarketFilters, limit = MARKET_PAGE_SIZE): ItemListParams {
  return {
    page: f.page,
    limit,
    catalog: f.catalog === 'all' ? undefined : f.catalog,
    tag_ids: f.tags.length ? [...f.tags].sort((a, b) => a - b).join(',') : undefined,
    min_price: f.min,
    max_price: f.max,
    sort: f.sort,
    keyword: f.q || undefined,
  };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilters(f: MarketFilters): boolean {
  return f.catalog !== 'all' || f.tags.length > 0 || f.min !== undefined || f.max !== undefined || f.q !== '';
}
