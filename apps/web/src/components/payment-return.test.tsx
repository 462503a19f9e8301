import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@xr/contract/common';
import type { OrderRow, OrderStatus } from '@xr/contract/orders';
import type { OrderPlanLine } from '@xr/contract/plans';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUserInfo, resetToken, setToken } from '../lib/auth/session';
import { resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { PaymentReturnNotice } from './payment-return';
import { paymentReturnUrl } from './payment-return-url';
import { makeUser, renderAt, reply, serve } from './test-utils';

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
});

const order = (status: OrderStatus, plan_info: OrderPlanLine | null = null): Page<OrderRow> => ({
  list: [
    {
      id: 1,
      order_on: 'SDK1',
      user_id: 7,
      user_email: 'ann@demo.test',
      status,
      pay_type: 'Alipay',
      amount: 35,
      currency: 'HKD',
      created_at: '2025-01-02T03:04:05.000Z',
      paid_at: status === 'paid' ? '2025-01-02T03:05:00.000Z' : null,
      expires_at: '2025-01-02T03:34:05.000Z',
      items: [],
      plan_info,
    },
  ],
  total: 1,
  page: 1,
  limit: 1,
});

async function show(statuses: OrderStatus[], plan: OrderPlanLine | null = null) {
  let i = 0;
  const fetch = serve({
    '/api/user/user_info': () => reply(200, makeUser()),
    '/api/order/order_page': () => reply(200, order(statuses[Math.min(i++, statuses.length - 1)]!, plan)),
  });
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<PaymentReturnNotice />, '/marke_place?q=kyoto&paid=SDK1');
  return fetch;
}

describe('payment return', () => {
  it('the return URL keeps the page and its query and adds the order', () => {
    expect(paymentReturnUrl('http://x.test/#/marke_place?q=kyoto', 'SDK9')).toBe('http://x.test/#/marke_place?q=kyoto&paid=SDK9');
    expect(paymentReturnUrl('http://x.test/', 'SDK9')).toBe('http://x.test/#/?paid=SDK9');
  });

  it('says the payment went through, with the order and the library; closing removes the parameter', async () => {
    const fetch = await show(['paid']);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('Order SDK1 is paid: your purchases are in your library.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u.startsWith('/api/order/order_page') && u.includes('order_on=SDK1'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Open my library' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Payment received')).not.toBeInTheDocument());
  });

  it('a paid plan points to the plan, never to the library', async () => {
    await show(['paid'], {
      combo_id: 2,
      names: { zh: '专业版', tc: '專業版', en: 'Pro' },
      level: 'biz',
      period: 'year',
      price: 1200,
    });
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('Order SDK1 is paid: your plan is active; see it on your profile.')).toBeInTheDocument();
    expect(screen.queryByText(/library/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View my plan' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
  });

  it('waits while the payment is confirmed, then says so', async () => {
    await show(['pending', 'paid']);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(await screen.findByText('Payment received', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('an unpaid order says it was not paid and offers no library', async () => {
    await show(['cancelled']);
    expect(await screen.findByText('Payment not completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open my library' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orderlist');
  });
});
