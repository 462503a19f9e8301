import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FetchMock, makeUser, reply, serve, setupScreenTests, unmountAndSettle } from '../../components/test-utils';
import OrderListPage from '../../features/orders/pages/order-list-page';
import { loadUserInfo, logout, resetToken, setToken } from '../../lib/auth/session';
import { resetHttpState } from '../../lib/http';
import { queryClient } from '../../lib/query-client';
import { AdminLayout } from './admin-layout';

setupScreenTests();

const order = {
  id: 1,
  order_on: 'SDK20250102000001',
  user_id: 7,
  user_email: 'ann@demo.test',
  pay_type: 'Alipay',
  status: 'paid',
  amount: 12.5,
  currency: 'HKD',
  created_at: '2025-01-02T03:04:05.000Z',
  paid_at: '2025-01-02T03:05:00.000Z',
  expires_at: '2025-01-02T03:34:05.000Z',
  items: [{ project_id: 101, project_name: 'Harbour night 360', project_price: 12.5 }],
  plan_info: null,
};

const orderCalls = (fetch: FetchMock) => fetch.mock.calls.filter(([u]) => u.startsWith('/api/order/')).length;

beforeEach(() => {
  resetHttpState();
  resetToken();
});
afterEach(async () => {
  await unmountAndSettle();
  resetToken();
});

describe('ending the session on an admin page', () => {
  it('logging out on /orderlist sends no further order request (none without a token, no 10001)', async () => {
    const fetch = serve({
      '/api/user/user_info': () =>
        reply(
          200,
          makeUser({ permissions: [{ http_path: '/profile' }, { http_path: '/orderlist' }, { http_path: '/orderlist/all' }] }),
        ),
      '/api/order/order_page': (_b, init) =>
        new Headers(init.headers).get('authorization')
          ? reply(200, { list: [order], total: 1, page: 1, limit: 10 })
          : reply(10001, null, 'Please log in first'),
      '/api/logout': () => reply(200, null),
    });
    setToken('tok-1');
    await loadUserInfo();
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <MemoryRouter initialEntries={['/orderlist']}>
            <Routes>
              <Route element={<AdminLayout />}>
                <Route path="/orderlist" element={<OrderListPage />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('SDK20250102000001')).toBeInTheDocument();
    const before = orderCalls(fetch);
    expect(before).toBeGreaterThan(0);

    await act(async () => {
      await logout();
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(orderCalls(fetch)).toBe(before);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.queryByText('SDK20250102000001')).not.toBeInTheDocument();
  }, 90_000); // slow on a busy machine
});
