import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, resetToken, setToken } from '../lib/auth/session';
import { feedback } from '../lib/feedback';
import { resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { flatten } from '../lib/permissions';
import { queryClient } from '../lib/query-client';
import { ADMIN_ROUTES, PUBLIC_ROUTES } from '../lib/route-table';
import { buildRoutes } from './router';
import { PAGES } from './routes';

const Layout = (name: string) => () => (
  <div data-testid={`${name}-layout`}>
    <Outlet />
  </div>
);

const user = (permissions: string[], vip = false) => ({
  id: 1,
  username: 'ann',
  name: 'Ann',
  avatar: '',
  role_name: 'Creator',
  roles: ['creator'],
  permissions: permissions.map((http_path) => ({ http_path })),
  vip_status: vip,
  vip_date: null,
  email: 'ann@demo.test',
  introduction: '',
  gender: 'female',
  phone: '85212345678',
  xp_value: 0,
  forum_name: 'ann',
  invite_code: 'ABC',
  account_type: 'individual',
  created_at: '2025-01-01T00:00:00.000Z',
});
const reply = (code: number, data: unknown, message = '') => new Response(JSON.stringify({ code, message, data }));

function serveUser(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.startsWith('/api/user/user_info') ? reply(200, data) : reply(200, []))),
  );
}

function start(path: string) {
  const router = createMemoryRouter(buildRoutes({ PublicLayout: Layout('public'), AdminLayout: Layout('admin') }), {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

async function settle(router: ReturnType<typeof start>, expected: string) {
  // a navigation ends when its page's lazy module is in: the first import of a page (and of the antd parts it alone
  // uses) is compiled by vitest on the spot, which takes more than waitFor's default second on a busy machine
  await waitFor(
    () => {
      expect(router.state.navigation.state).toBe('idle');
      expect(router.state.location.pathname + router.state.location.search).toBe(expected);
    },
    { timeout: 10_000 },
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the route table and its pages', () => {
  const routes = flatten([...PUBLIC_ROUTES, ...ADMIN_ROUTES]);

  it('gives every leaf of the table a page and every page a route; a parent is a menu group without a page', () => {
    expect(routes.filter((r) => !r.children && !PAGES[r.path]).map((r) => r.path)).toEqual([]);
    expect(Object.keys(PAGES).filter((path) => !routes.some((r) => r.path === path))).toEqual([]);
    expect(routes.filter((r) => r.children && PAGES[r.path]).map((r) => r.path)).toEqual([]);
  });
});

describe('router without a token', () => {
  it('sends a protected path to /login?redirect=…', async () => {
    const router = start('/orderlist');
    await settle(router, '/login?redirect=/orderlist');
    expect(await screen.findByTestId('public-layout')).toBeInTheDocument();
  });

  it('sends /profile to /', async () => {
    await settle(start('/profile'), '/');
  });

  it('lets visitors browse the market', async () => {
    await settle(start('/marke_place'), '/marke_place');
    await waitFor(() => expect(document.title).toBe('Market - XR Studio'), { timeout: 10_000 });
  });

  it('maps /index to /', async () => {
    await settle(start('/index'), '/');
  });
});

describe('router with a token', () => {
  beforeEach(() => setToken('tok'));

  it('loads user info, then opens a permitted admin page in the admin layout with its title', async () => {
    serveUser(user(['/profile', '/orderlist']));
    const router = start('/orderlist');
    await settle(router, '/orderlist');
    expect(await screen.findByTestId('admin-layout')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Orders - XR Studio'));
    await i18n.changeLanguage('zh');
    await waitFor(() => expect(document.title).toBe('订单列表 - XR Studio'));
    await i18n.changeLanguage('en');
  });

  it('shows the loading bar while user info loads', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    const router = start('/profile');
    expect(await screen.findByTestId('top-progress')).toBeInTheDocument();
    release(reply(200, user(['/profile'])));
    await settle(router, '/profile');
    // the bar stays until the page's lazy chunk is in too (slow on a loaded machine)
    await waitFor(() => expect(screen.queryByTestId('top-progress')).not.toBeInTheDocument(), { timeout: 15_000 });
  });

  it('/login goes to /profile', async () => {
    serveUser(user(['/profile']));
    await settle(start('/login'), '/profile');
  });

  it('a known admin page without permission goes to /401', async () => {
    serveUser(user(['/profile']));
    await settle(start('/system/logs'), '/401');
    expect(await screen.findByText(/you do not have permission/i)).toBeInTheDocument();
  });

  it('an unknown path goes to /404', async () => {
    serveUser(user(['/profile']));
    await settle(start('/no-such-page'), '/404');
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - XR Studio'));
  });

  it('a parent route goes to its first accessible child', async () => {
    serveUser(user(['/profile', '/vrdata', '/vrdata/status']));
    await settle(start('/vrdata'), '/vrdata/status');
  });

  it('/redirect/<path> comes back to <path> with its query', async () => {
    serveUser(user(['/profile', '/orderlist']));
    await settle(start('/redirect/orderlist?page=2'), '/orderlist?page=2');
  });

  it('failing user info clears the token and goes to /login?redirect={path}', async () => {
    serveUser(null);
    await settle(start('/orderlist'), '/login?redirect=/orderlist');
    expect(getToken()).toBeNull();
    expect(feedback.error).toHaveBeenCalledWith('Verification failed, please Login again.', 5);
  });

  it('the guard runs again on later navigations', async () => {
    serveUser(user(['/profile', '/orderlist']));
    const router = start('/orderlist');
    await settle(router, '/orderlist');
    await router.navigate('/system/auth/role');
    await settle(router, '/401');
    await router.navigate('/login');
    await settle(router, '/profile');
  });
});
