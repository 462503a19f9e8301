import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@xr/contract/constants';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, makeUser, reply, serve, unmountAndSettle } from '../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../lib/auth/session';
import { type CartItem, resetCart, setCartItems } from '../../lib/cart';
import { resetHttpState } from '../../lib/http';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { applyViewportWidth, getSidebar, openSidebar } from '../../lib/sidebar';
import { clearTags, getTags } from '../../lib/tags';
import { AdminLayout } from './admin-layout';

const MOBILE_TEXT =
  'We have detected that you are using a mobile device to operate. To ensure your experience, we recommend that you use a PC device to operate.';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

async function signIn(permissions: string[], roles = ['user']) {
  serve({
    '/api/user/user_info': () =>
      reply(200, makeUser({ roles, role_name: roles[0], permissions: permissions.map((http_path) => ({ http_path })) })),
  });
  setToken('tok-1');
  await loadUserInfo();
}

function renderLayout(path = '/profile') {
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="/profile" element={<div>profile page</div>} />
              <Route path="/orderlist" element={<div>orders page</div>} />
              <Route path="*" element={<LocationProbe />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const cart = (n: number): CartItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    project_id: i + 1,
    project_name: `P${i}`,
    project_type: '3D Model',
    project_img: '',
    project_price: 1,
    is_Collection: false,
  }));

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  resetCart();
  clearTags();
  setWidth(1280);
  applyViewportWidth(1280);
  openSidebar();
  localStorage.setItem(STORAGE_KEYS.tourDone, '1');
});
afterEach(async () => {
  await unmountAndSettle();
  vi.unstubAllGlobals();
});

describe('admin layout', () => {
  it('builds the sidebar menu from the user permissions', async () => {
    await signIn(['/profile', '/orderlist', '/wishlist', '/wallet', '/wallet/coins']);
    renderLayout();
    const menu = screen.getByTestId('side-menu');
    for (const title of ['Profile', 'Orders', 'Wish list', 'Wallet']) expect(within(menu).getByText(title)).toBeInTheDocument();
    for (const title of ['User management', 'System', 'Approval', 'Projects']) {
      expect(within(menu).queryByText(title)).not.toBeInTheDocument();
    }
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('shows every admin area to the admin role', async () => {
    await signIn(['/profile'], ['admin']);
    renderLayout();
    const menu = screen.getByTestId('side-menu');
    for (const title of ['User management', 'System', 'Approval', 'Projects', 'Reports']) {
      expect(within(menu).getByText(title)).toBeInTheDocument();
    }
  });

  it('navigates from the menu and opens a tab for the page', async () => {
    await signIn(['/profile', '/orderlist']);
    renderLayout();
    fireEvent.click(within(screen.getByTestId('side-menu')).getByText('Orders'));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(getTags().map((t) => t.path)).toEqual(['/profile', '/orderlist']);
  });

  it('caps the cart badge at 99', async () => {
    await signIn(['/profile']);
    setCartItems(cart(5));
    renderLayout();
    const badge = screen.getByTestId('cart-badge');
    expect(badge).toHaveTextContent('5');
    act(() => setCartItems(cart(150)));
    await waitFor(() => expect(badge).toHaveTextContent('99+'));
    expect(badge).not.toHaveTextContent('150');
  });

  it('shows the mobile warning at 768 px or less, and closes the sidebar below 992 px', async () => {
    await signIn(['/profile']);
    setWidth(768);
    renderLayout();
    expect(await screen.findByText(MOBILE_TEXT)).toBeInTheDocument();
    expect(getSidebar().device).toBe('mobile');
    expect(getSidebar().opened).toBe(false);

    act(() => {
      setWidth(900);
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.queryByText(MOBILE_TEXT)).not.toBeInTheDocument());
    expect(getSidebar().device).toBe('mobile');

    act(() => {
      setWidth(1280);
      window.dispatchEvent(new Event('resize'));
    });
    expect(getSidebar().device).toBe('desktop');
  });

  it('opens the menu in a drawer on a phone (loaded on first opening) and closes it after navigating', async () => {
    await signIn(['/profile', '/orderlist']);
    setWidth(390);
    renderLayout();
    expect(getSidebar().device).toBe('mobile');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    fireEvent.click(screen.getByTestId('hamburger'));
    const menu = await screen.findByTestId('side-menu');
    fireEvent.click(within(menu).getByText('Orders'));
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(getSidebar().opened).toBe(false);
  });

  it('toggles the sidebar with the hamburger', async () => {
    await signIn(['/profile']);
    renderLayout();
    const burger = screen.getByTestId('hamburger');
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(burger);
    expect(getSidebar().opened).toBe(false);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches the language zh → tc → en → zh', async () => {
    await signIn(['/profile']);
    await act(() => i18n.changeLanguage('zh'));
    renderLayout();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      fireEvent.click(screen.getByTestId('lang-switch'));
      await waitFor(() => expect(i18n.language).not.toBe(seen.at(-1) ?? 'zh'));
      seen.push(i18n.language);
    }
    expect(seen).toEqual(['tc', 'en', 'zh']);
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('zh');
    await act(() => i18n.changeLanguage('en'));
  });

  it('redeems a coupon code from the user menu', async () => {
    await signIn(['/profile']);
    const fetch = serve({
      '/api/user/check_cdk': () =>
        reply(200, { code: 200, kind: 'membership_days', value: 30, vip_date: '2099-01-01T00:00:00.000Z', xp_value: 12 }),
      '/api/user/user_info': () => reply(200, makeUser()),
    });
    renderLayout();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Coupon code'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Coupon code cannot be empty')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: ' XR-2024 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redemption successful')).toBeInTheDocument();
    const calls = fetch.mock.calls.map(([u]) => u.split('?')[0]);
    expect(calls).toContain('/api/user/check_cdk');
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => u.split('?')[0])).toContain('/api/user/user_info'));
  });
});
