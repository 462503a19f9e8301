import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlacedOrder } from '@xr/contract/orders';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToken, setToken } from '../lib/auth/session';
import { resetCart } from '../lib/cart';
import { resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { InvoiceDialog, paymentRedirect } from './invoice-dialog';
import { paymentReturnUrl } from './payment-return-url';
import { bodiesTo, renderAt, reply, serve } from './test-utils';

const ORDER: PlacedOrder = {
  order_on: 'SDK20250102000042',
  created_at: '2025-01-02T03:04:05.000Z',
  user_email: 'ann@demo.test',
  amount: 30.5,
  currency: 'HKD',
  status: 'pending',
  expires_at: '2025-01-02T03:34:05.000Z',
  plan_info: null,
  project_info: [
    { project_id: 101, project_name: 'Harbour night 360', project_price: 12.5 },
    { project_id: 102, project_name: 'Temple garden model', project_price: 18 },
  ],
};
const FREE: PlacedOrder = {
  ...ORDER,
  amount: 0,
  project_info: [{ project_id: 103, project_name: 'Free sample', project_price: 0 }],
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  resetCart();
  setToken('tok-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(order: PlacedOrder = ORDER) {
  const onCancel = vi.fn();
  const onFinished = vi.fn();
  renderAt(<InvoiceDialog open order={order} onCancel={onCancel} onFinished={onFinished} />, '/shoppingcart');
  return { onCancel, onFinished };
}

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: /Place Order/ }));

describe('invoice dialog', () => {
  it('shows the logo, company, invoice number without SDK, date, e-mail, lines with quantity 1, discount 0, tax 0, total', async () => {
    serve({});
    open();
    const invoice = await screen.findByTestId('invoice');
    expect(invoice.querySelector('address')).toHaveTextContent('XR Studio Limited');
    expect(within(invoice).getByText('XR Studio')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-number')).toHaveTextContent(/^20250102000042$/);
    expect(screen.getByTestId('invoice-email')).toHaveTextContent('ann@demo.test');
    // the order time in the same zone as the deadline, named
    expect(screen.getByTestId('invoice-date')).toHaveTextContent(/^2025-01-02 11:04 \(HKT\)$/);
    // the deadline in platform time with its zone named, as on the payment page
    expect(screen.getByText(/2025-01-02 11:34 \(HKT\)/)).toBeInTheDocument();
    const lines = screen.getAllByTestId('invoice-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText('Harbour night 360')).toBeInTheDocument();
    expect(within(lines[0]!).getAllByText('HK$12.50')).toHaveLength(2);
    expect(screen.getAllByTestId('invoice-qty').map((c) => c.textContent)).toEqual(['1', '1']);
    expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('HK$30.50');
    expect(screen.getByTestId('invoice-discount')).toHaveTextContent('HK$0.00');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('HK$0.00');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('HK$30.50');
    for (const label of ['Alipay', 'Wechat', 'UnionPay', 'CreditCard', 'Fps']) {
      expect(screen.getByRole('radio', { name: label })).toBeEnabled();
    }
  });

  it('cannot be closed by Escape or a click outside; only Cancel closes', async () => {
    serve({});
    const { onCancel } = open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const wrap = document.querySelector('.ant-modal-wrap');
    if (wrap) fireEvent.click(wrap);
    const mask = document.querySelector('.ant-modal-mask');
    if (mask) fireEvent.click(mask);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByTestId('invoice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('Enter on a payment method does not place the order', async () => {
    const fetch = serve({});
    open();
    const alipay = await screen.findByRole('radio', { name: 'Alipay' });
    await userEvent.click(alipay);
    fireEvent.keyDown(alipay, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesTo(fetch, '/api/pay/pay')).toHaveLength(0);
  });

  it('warns "Please select payment method" when none is chosen and the amount is above 0', async () => {
    const fetch = serve({});
    open();
    await placeOrder();
    expect(await screen.findByText('Please select payment method')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/pay/pay')).toHaveLength(0);
  });

  it('pays with the chosen method and sends the browser to the returned payment URL', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const fetch = serve({
      '/api/pay/pay': () =>
        reply(200, {
          qr_code: 'http://localhost/api/pay/sandbox/checkout?session=abc',
          type: 'Alipay',
          order_on: ORDER.order_on,
          status: 'pending',
        }),
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'UnionPay' }));
    await placeOrder();
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/api/pay/sandbox/checkout?session=abc'));
    expect(bodiesTo(fetch, '/api/pay/pay')).toEqual([
      {
        order_on: 'SDK20250102000042',
        pay_type: 'CUP',
        path: paymentReturnUrl(window.location.href, 'SDK20250102000042'),
        project_ids: '101,102',
      },
    ]);
  });

  it('a free order: method selector disabled, pays as Free, refreshes the cart and finishes', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const fetch = serve({
      '/api/pay/pay': () => reply(200, { qr_code: '', type: 'Free', order_on: FREE.order_on, status: 'paid' }),
      '/api/shopping_cart/cart_page': () => reply(200, { list: [], total: 0, page: 1, limit: 9999 }),
    });
    const { onFinished } = open(FREE);
    expect(await screen.findByText('This order is free: no payment is needed.')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('HK$0.00');
    await placeOrder();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(bodiesTo(fetch, '/api/pay/pay')).toEqual([
      {
        order_on: FREE.order_on,
        pay_type: 'Free',
        path: paymentReturnUrl(window.location.href, FREE.order_on),
        project_ids: '103',
      },
    ]);
    expect(fetch.mock.calls.some(([u]) => u.startsWith('/api/shopping_cart/cart_page'))).toBe(true);
    expect(go).not.toHaveBeenCalled();
  });

  it('shows a payment failure and ends the loading state', async () => {
    serve({ '/api/pay/pay': () => reply(40921, null, 'This order has expired, please check out again') });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Alipay' }));
    await placeOrder();
    expect(await screen.findByText('This order has expired, please check out again')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Place Order/ })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
