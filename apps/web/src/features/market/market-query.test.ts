import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, filtersToParams, filtersToSearch, type MarketFilters, parseFilters } from './market-query';

describe('market filter state in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const f: MarketFilters = {
      catalog: '360_video',
      tags: [3, 12],
      min: 10.5,
      max: 200,
      sort: 'price_desc',
      q: '香港 night',
      page: 3,
    };
    const search = filtersToSearch(f);
    expect(search.toString()).toBe(
      'catalog=360_video&tags=3%2C12&min=10.5&max=200&sort=price_desc&q=%E9%A6%99%E6%B8%AF+night&page=3',
    );
    expect(parseFilters(new URLSearchParams(search.toString()))).toEqual(f);
  });

  it('leaves defaults out, so the plain market is /marke_place', () => {
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
    expect(parseFilters(new URLSearchParams(''))).toEqual({ ...DEFAULT_FILTERS, min: undefined, max: undefined });
  });

  it('ignores malformed values and swaps a reversed price range', () => {
    const f = parseFilters(new URLSearchParams('catalog=nope&tags=1,x,-2,1&min=300&max=20&sort=cheap&page=-4'));
    expect(f).toEqual({ catalog: 'all', tags: [1], min: 20, max: 300, sort: 'newest', q: '', page: 1 });
  });

  it('maps to the item_list parameters', () => {
    const f = parseFilters(new URLSearchParams('catalog=3d_model&tags=12,3&min=0&sort=rating&q=museum'));
    expect(filtersToParams(f)).toEqual({
      page: 1,
      limit: 12,
      catalog: '3d_model',
      tag_ids: '3,12',
      min_price: 0,
      max_price: undefined,
      sort: 'rating',
      keyword: 'museum',
    });
    expect(filtersToParams(DEFAULT_FILTERS).catalog).toBeUndefined();
  });
});
