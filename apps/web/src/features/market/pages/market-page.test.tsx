import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketItem } from '@xr/contract/market';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken } from '../../../lib/auth/session';
import { resetCart } from '../../../lib/cart';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import MarketPage from './market-page';

const item = (id: number, over: Partial<MarketItem> = {}): MarketItem => ({
  id,
  name: `Work ${id}`,
  catalog: '3d_model',
  type: 'product',
  price: 20,
  is_free: false,
  cover: '',
  keywords: '',
  tags: [],
  creator: { id: 9, name: 'polygon_works', avatar: '' },
  score: 4.5,
  score_count: 2,
  sales_count: 3,
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const TAGS = [
  { id: 2, name: 'Museum', names: { zh: '博物馆', tc: '博物館', en: 'Museum' } },
  { id: 5, name: 'Education', names: { zh: '教育', tc: '教育', en: 'Education' } },
];

function market(list: MarketItem[] = [item(1), item(2, { price: 0, is_free: true })], total = list.length, exact = true) {
  return serve({
    '/api/home_page/item_list': () => reply(200, { list, total, page: 1, limit: 12, total_exact: exact }),
    '/api/home_page/tag_list': () => reply(200, TAGS),
  });
}

/** The query of the last item_list call, as an object. */
function lastQuery(fetch: FetchMock): Record<string, string> {
  const urls = fetch.mock.calls.map(([u]) => u).filter((u) => u.startsWith('/api/home_page/item_list'));
  return Object.fromEntries(new URL(urls.at(-1)!, 'http://x').searchParams);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  resetCart();
  queryClient.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('market page', () => {
  it('says "10,000+" when the server stopped counting, and still pages', async () => {
    market([item(1)], 10_000, false);
    renderAt(<MarketPage />, '/marke_place');
    expect(await screen.findByText('10,000+ projects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  });

  it('reproduces the view from a link: the URL query drives the request and the controls', async () => {
    const fetch = market([item(1)], 30);
    renderAt(<MarketPage />, '/marke_place?catalog=3d_model&tags=2&min=10&max=200&sort=price_asc&q=museum&page=2');
    expect(await screen.findByText('Work 1')).toBeInTheDocument();
    expect(lastQuery(fetch)).toEqual({
      page: '2',
      limit: '12',
      catalog: '3d_model',
      tag_ids: '2',
      min_price: '10',
      max_price: '200',
      sort: 'price_asc',
      keyword: 'museum',
    });
    expect(screen.getByRole('tab', { name: '3D Model' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Search', { selector: 'input' })).toHaveValue('museum');
    expect(screen.getByRole('spinbutton', { name: 'Min' })).toHaveValue(10);
    expect(screen.getByRole('spinbutton', { name: 'Max' })).toHaveValue(200);
    expect(await screen.findByText('Museum')).toBeInTheDocument();
    expect(screen.getByText('30 projects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  });

  it('changing a filter writes it to the URL and goes back to page 1', async () => {
    const fetch = market();
    renderAt(<MarketPage />, '/marke_place?sort=rating&page=3');
    expect(await screen.findByText('Work 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '360VR Video' }));
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ catalog: '360_video', sort: 'rating', page: '1' }));
    await userEvent.type(screen.getByLabelText('Search', { selector: 'input' }), '香港{Enter}');
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ catalog: '360_video', keyword: '香港', page: '1' }));
    await userEvent.click(await screen.findByText('Education'));
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ tag_ids: '5', keyword: '香港' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_desc');
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ sort: 'price_desc', page: '1' }));
    // a reversed range is swapped, Enter applies it
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Min' }), '90');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max' }), '12.5{Enter}');
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ min_price: '12.5', max_price: '90' }));
    expect(screen.getByRole('spinbutton', { name: 'Min' })).toHaveValue(12.5);
  });

  it('shows cards with name, creator, Free / HK$ price and score', async () => {
    market();
    renderAt(<MarketPage />, '/marke_place');
    const cards = await screen.findAllByTestId('project-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Work 1');
    expect(cards[0]).toHaveTextContent('polygon_works');
    expect(cards[0]).toHaveTextContent('HK$20.00');
    expect(cards[0]).toHaveTextContent('4.5');
    expect(cards[1]).toHaveTextContent('Free');
  });

  it('has an empty state that clears the filters', async () => {
    const fetch = market([]);
    renderAt(<MarketPage />, '/marke_place?q=nothing-matches');
    expect(await screen.findByText('No projects match these filters')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    await waitFor(() => expect(lastQuery(fetch).keyword).toBeUndefined());
  });
});
