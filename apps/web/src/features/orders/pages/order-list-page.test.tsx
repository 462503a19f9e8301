import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRow } from '@xr/contract/orders';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import OrderListPage from './order-list-page';

const row = (id: number, over: Partial<OrderRow> = {}): OrderRow => ({
  id,
  order_on: `SDK2025010200000${id}`,
  user_id: 7,
  user_email: 'ann@demo.test',
  plan_info: null,
  pay_type: 'Alipay',
  status: 'paid',
  amount: 30.5,
  currency: 'HKD',
  created_at: '2025-01-02T03:04:05.000Z',
  paid_at: '2025-01-02T03:05:00.000Z',
  expires_at: '2025-01-02T03:34:05.000Z',
  items: [
    { project_id: 101, project_name: 'Harbour night 360', project_price: 12.5 },
    { project_id: 102, project_name: 'Temple garden model', project_price: 18 },
  ],
  ...over,
});

function lastQuery(fetch: FetchMock): Record<string, string> {
  const urls = fetch.mock.calls.map(([u]) => u).filter((u) => u.startsWith('/api/order/order_page'));
  return Object.fromEntries(new URL(urls.at(-1)!, 'http://x').searchParams);
}

async function signIn(permissions: string[]) {
  const list = [row(1), row(2, { status: 'pending', pay_type: null, paid_at: null, amount: 18, items: [row(2).items[1]!] })];
  const fetch = serve({
    '/api/user/user_info': () => reply(200, makeUser({ permissions: permissions.map((p) => ({ http_path: p })) })),
    '/api/order/order_page': () => reply(200, { list, total: 2, page: 1, limit: 10 }),
  });
  setToken('tok-1');
  await loadUserInfo();
  return fetch;
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('order list', () => {
  it('shows number, payment method, amount, time and the products (number, name, price)', async () => {
    await signIn(['/profile', '/orderlist']);
    renderAt(<OrderListPage />, '/orderlist');
    const first = (await screen.findByText('SDK20250102000001')).closest('[data-testid="order-card"], tr') as HTMLElement;
    expect(within(first).getByText('Alipay')).toBeInTheDocument();
    expect(within(first).getByText('HK$30.50')).toBeInTheDocument();
    expect(within(first).getByText('Paid')).toBeInTheDocument();
    expect(within(first).getByText('#101')).toBeInTheDocument();
    expect(within(first).getByText('Harbour night 360')).toBeInTheDocument();
    expect(within(first).getByText('HK$12.50')).toBeInTheDocument();
    const pending = (await screen.findByText('SDK20250102000002')).closest('[data-testid="order-card"], tr') as HTMLElement;
    expect(within(pending).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Order date')).not.toBeInTheDocument();
    expect(screen.queryByText('User')).not.toBeInTheDocument();
  });

  it('holders of /orderlist/all search by number, user and date range', async () => {
    const fetch = await signIn(['/profile', '/orderlist', '/orderlist/all']);
    renderAt(<OrderListPage />, '/orderlist');
    await screen.findByText('SDK20250102000001');
    await userEvent.type(screen.getByLabelText('Order number'), 'SDK2025');
    await userEvent.type(screen.getByLabelText('User'), 'ann@demo.test');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(fetch)).toMatchObject({ page: '1', limit: '10', order_on: 'SDK2025', user_email: 'ann@demo.test' }),
    );
  });
});
