import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToken, setToken } from '../lib/auth/session';
import { type CartItem, getCart, resetCart, VISITOR_CART_KEY } from '../lib/cart';
import { resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { CartDialog, subtotalOf } from './cart-dialog';
import { bodiesTo, renderAt, reply, serve } from './test-utils';

const line = (id: number, price: number, over: Partial<CartItem> = {}): CartItem => ({
  id: id + 1000,
  project_id: id,
  project_name: `Project ${id}`,
  project_type: '3d_model',
  project_img: '',
  project_price: price,
  is_Collection: false,
  available: true,
  ...over,
});

const ITEMS = [
  line(101, 12.5, { project_img: '/files/covers/101.png' }),
  line(102, 18),
  line(103, 0.1, { project_type: '360_image' }),
];
const cartPage = (items: CartItem[]) => () =>
  reply(200, {
    list: items.map((i) => ({ ...i, created_at: '2025-01-01T00:00:00.000Z' })),
    total: items.length,
    page: 1,
    limit: 9999,
  });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  resetCart();
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(path = '/marke_place') {
  const onClose = vi.fn();
  renderAt(<CartDialog open onClose={onClose} />, path);
  return onClose;
}

const lineOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('cart dialog (signed in)', () => {
  beforeEach(() => setToken('tok-1'));

  it('lists image, type, id, name and price, and sums the selected lines to 2 decimals with their count', async () => {
    serve({ '/api/shopping_cart/cart_page': cartPage(ITEMS) });
    open();
    const first = await lineOf('Project 101');
    expect(within(first).getByText('Type: 3D Model')).toBeInTheDocument();
    expect(within(first).getByText('ID: 101')).toBeInTheDocument();
    expect(within(first).getByText('HK$12.50')).toBeInTheDocument();
    expect(within(first).getByAltText('Project 101')).toHaveAttribute('src', '/files/covers/101.png');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (0 items): HK$0.00');
    expect(screen.getByText('Please check your order carefully')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 101' }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (1 item): HK$12.50');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 103' }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (2 items): HK$12.60');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 102' }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (3 items): HK$30.60');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 101' }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Subtotal (2 items): HK$18.10');
  });

  it('adds cents exactly (no floating-point drift)', () => {
    const items = [line(1, 0.1), line(2, 0.2), line(3, 19.99)];
    expect(subtotalOf(items, new Set([1, 2, 3]))).toBe(20.29);
    expect(subtotalOf(items, new Set([1, 2]))).toBe(0.3);
  });

  it('removes a line with "Item number: {id} Cart removed"', async () => {
    const fetch = serve({
      '/api/shopping_cart/cart_page': cartPage(ITEMS),
      '/api/shopping_cart/del_cart': () => reply(200, { project_id: 102 }, 'Item number: 102 Cart removed'),
    });
    open();
    const second = await lineOf('Project 102');
    await userEvent.click(within(second).getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Item number: 102 Cart removed')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/shopping_cart/del_cart')).toEqual([{ cart_id: 1102 }]);
    await waitFor(() => expect(screen.queryByText('Project 102')).not.toBeInTheDocument());
    expect(getCart().items.map((i) => i.project_id)).toEqual([101, 103]);
  });

  it('toggles Wish and flips is_Collection locally after a success reply', async () => {
    const fetch = serve({
      '/api/shopping_cart/cart_page': cartPage(ITEMS),
      '/api/collection/add_collection': () => reply(200, { project_id: 101, is_collection: true }, 'Operation successful'),
    });
    open();
    const first = await lineOf('Project 101');
    const wish = within(first).getByRole('button', { name: /Wish/ });
    expect(wish).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(wish);
    expect(await screen.findByText('Operation successful')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByRole('button', { name: /Wish/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(bodiesTo(fetch, '/api/collection/add_collection')).toEqual([{ project_id: 101 }]);
    expect(getCart().items.find((i) => i.project_id === 101)?.is_Collection).toBe(true);
  });

  it('Check Out with nothing selected says "Please select the product you want to purchase"', async () => {
    const fetch = serve({ '/api/shopping_cart/cart_page': cartPage(ITEMS) });
    open();
    await lineOf('Project 101');
    await userEvent.click(screen.getByRole('button', { name: /Check Out/ }));
    expect(await screen.findByText('Please select the product you want to purchase')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/order/place_order')).toHaveLength(0);
  });

  it('Check Out places the order with the selected ids comma-joined and opens the invoice', async () => {
    const fetch = serve({
      '/api/shopping_cart/cart_page': cartPage(ITEMS),
      '/api/order/place_order': () =>
        reply(200, {
          order_on: 'SDK20250102000042',
          created_at: '2025-01-02T03:04:05.000Z',
          user_email: 'ann@demo.test',
          amount: 30.5,
          currency: 'HKD',
          status: 'pending',
          expires_at: '2025-01-02T03:34:05.000Z',
          project_info: [
            { project_id: 101, project_name: 'Project 101', project_price: 12.5 },
            { project_id: 102, project_name: 'Project 102', project_price: 18 },
          ],
          plan_info: null,
        }),
    });
    open();
    await lineOf('Project 101');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 102' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 101' }));
    await userEvent.click(screen.getByRole('button', { name: /Check Out/ }));
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('20250102000042');
    expect(bodiesTo(fetch, '/api/order/place_order')).toEqual([{ project_ids: '101,102' }]);
  });

  it('shows a checkout failure and ends the loading state', async () => {
    serve({
      '/api/shopping_cart/cart_page': cartPage(ITEMS),
      '/api/order/place_order': () => reply(40920, null, '“Project 101” is your own project'),
    });
    open();
    await lineOf('Project 101');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 101' }));
    const checkOut = screen.getByRole('button', { name: /Check Out/ });
    await userEvent.click(checkOut);
    expect(await screen.findByText('“Project 101” is your own project')).toBeInTheDocument();
    await waitFor(() => expect(checkOut).not.toHaveClass('ant-btn-loading'));
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
  });

  it('View Cart goes to /shoppingcart and closes; Cancel closes', async () => {
    serve({ '/api/shopping_cart/cart_page': cartPage(ITEMS) });
    const onClose = open();
    await lineOf('Project 101');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'View Cart' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('location')).toHaveTextContent('/shoppingcart');
  });

  it('an empty account cart says so without the visitor hint', async () => {
    serve({ '/api/shopping_cart/cart_page': cartPage([]) });
    open();
    expect(await screen.findByText('Your shopping cart is empty')).toBeInTheDocument();
    expect(screen.queryByText(/Missing assets\?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('cart dialog (visitor)', () => {
  it('shows both empty texts and goes to /login 500 ms after Sign in', async () => {
    serve({});
    const onClose = open('/marke_place?catalog=3d_model');
    expect(await screen.findByText('Your shopping cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Missing assets? Sign in to see assets previously added to the cart')).toBeInTheDocument();
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    const location = await screen.findByTestId('location');
    expect(Date.now() - started).toBeGreaterThanOrEqual(480);
    expect(location.textContent).toMatch(/^\/login/);
    expect(location).toHaveTextContent('/login?redirect=/marke_place%3Fcatalog%3D3d_model');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the visitor cart in the browser; Remove works locally; Check Out asks to sign in', async () => {
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([line(201, 20, { id: 201 }), line(202, 5, { id: 202 })]));
    const fetch = serve({});
    open();
    const first = await lineOf('Project 201');
    await userEvent.click(within(first).getByRole('button', { name: /Remove/ }));
    expect(await screen.findByText('Item number: 201 Cart removed')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '[]')).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Project 202' }));
    await userEvent.click(screen.getByRole('button', { name: /Check Out/ }));
    expect(await screen.findByText('Sign in to check out: your cart comes with you')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=/shoppingcart');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('merges the visitor cart into the account at sign-in (POST /shopping_cart/merge_cart)', async () => {
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([line(301, 9, { id: 301 }), line(302, 0, { id: 302 })]));
    const merged = [line(301, 9), line(302, 0), line(101, 12.5)];
    const fetch = serve({
      '/api/shopping_cart/merge_cart': () => reply(200, { added: [301, 302], skipped: [], count: 3 }),
      '/api/shopping_cart/cart_page': cartPage(merged),
    });
    setToken('tok-2');
    open();
    await lineOf('Project 101');
    expect(bodiesTo(fetch, '/api/shopping_cart/merge_cart')).toEqual([{ project_ids: [301, 302] }]);
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
    expect(screen.getAllByTestId('cart-line')).toHaveLength(3);
  });
});
