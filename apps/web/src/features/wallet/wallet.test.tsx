import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCashOutPage, AdminCashOutRequest } from '@xr/contract/wallet';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import { AdjustWalletDialog } from './components/adjust-wallet-dialog';
import { CashOutDialog, cashOutAmountProblem } from './components/cash-out-dialog';
import { exchangeCoins } from './components/coin-exchange-dialog';
import { DecideCashOutDialog } from './components/decide-cash-out-dialog';
import CashOutReviewPage from './pages/cash-out-review-page';

setupScreenTests();

const methods = [{ id: 3, type: 'fps' as const, display: 'FPS ****4567', created_at: '2026-11-01T00:00:00.000Z' }];

describe('cash-out amount rules', () => {
  it('needs an amount of at least the minimum, at most the available balance, two decimals', () => {
    expect(cashOutAmountProblem(null, 100, 500)).toBe('required');
    expect(cashOutAmountProblem(99.99, 100, 500)).toBe('min');
    expect(cashOutAmountProblem(500.01, 100, 500)).toBe('max');
    expect(cashOutAmountProblem(100.005, 100, 500)).toBe('format');
    expect(cashOutAmountProblem(100, 100, 500)).toBeNull();
    expect(cashOutAmountProblem(500, 100, 500)).toBeNull();
  });

  it('coins of an exchange follow the rates', () => {
    const rates = { coins_per_membership_day: 100, coins_per_hkd: 10 };
    expect(exchangeCoins('membership_days', 3, rates)).toBe(300);
    expect(exchangeCoins('coupon', 2, rates)).toBe(200);
    expect(exchangeCoins('cash_to_coins', 12.35, rates)).toBe(123);
  });
});

describe('the cash-out dialog', () => {
  it('refuses an amount above the available balance, then confirms and sends a valid request', async () => {
    const mock = serve({
      '/api/wallet/cash_out': () =>
        reply(200, {
          id: 1,
          amount: 120,
          state: 'wait',
          reason: '',
          reference: '',
          method: { type: 'fps', display: 'FPS ****4567' },
          created_at: '2026-11-02T00:00:00.000Z',
          decided_at: null,
        }),
    });
    let done = '';
    renderAt(
      <CashOutDialog available={250} min={100} methods={methods} onClose={() => undefined} onDone={(m) => (done = m)} />,
      '/wallet/page',
    );
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (HKD)');
    fireEvent.change(amount, { target: { value: '300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('At most your available balance, HK$250.00')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('The smallest cash-out is HK$100.00')).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/wallet/cash_out')).toEqual([]);
    fireEvent.change(amount, { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(/Request a cash-out of HK\$120\.00\?/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/wallet/cash_out')).toEqual([{ amount: 120, method_id: 3 }]));
    await waitFor(() => expect(done).toBe('Requested: it is in review'));
  }, 60_000);
});

const request = (over: Partial<AdminCashOutRequest> = {}): AdminCashOutRequest => ({
  id: 9,
  amount: 150,
  state: 'wait',
  reason: '',
  reference: '',
  method: { type: 'fps', display: 'FPS ****4567' },
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  user: { id: 5, name: 'demo_creator', email: 'creator@demo.test' },
  decider: '',
  ...over,
});
const queue = (list: AdminCashOutRequest[]): AdminCashOutPage => ({
  list,
  total: list.length,
  page: 1,
  limit: 10,
  totals: { wait: { count: 1, amount: 150 }, success: { count: 0, amount: 0 }, fail: { count: 0, amount: 0 } },
});

describe('the decide dialog', () => {
  it('approving needs a payment reference and a confirmation', async () => {
    const mock = serve({ '/api/approval/cash_out_decide': () => reply(200, request({ state: 'success' })) });
    renderAt(
      <DecideCashOutDialog request={{ id: 9, amount: 150 }} state="success" onClose={() => undefined} />,
      '/approval/cashOutProcess',
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Mark paid/ }));
    expect(await within(dialog).findByText('Enter the payment reference')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Payment reference'), { target: { value: 'FPS-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Mark paid/ }));
    expect(await screen.findByText('Confirm that HK$150.00 was paid? This cannot be undone.')).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/approval/cash_out_decide')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/approval/cash_out_decide')).toEqual([{ id: 9, state: 'success', reference: 'FPS-0001' }]),
    );
  });

  it('rejecting needs a reason and a confirmation', async () => {
    const mock = serve({ '/api/approval/cash_out_decide': () => reply(200, request({ state: 'fail' })) });
    renderAt(
      <DecideCashOutDialog request={{ id: 9, amount: 150 }} state="fail" onClose={() => undefined} />,
      '/approval/cashOutProcess',
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reason (the creator reads it)'), { target: { value: 'Name mismatch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject/ }));
    expect(await screen.findByText(/Reject and return HK\$150\.00/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/approval/cash_out_decide')).toEqual([{ id: 9, state: 'fail', reason: 'Name mismatch' }]),
    );
  });
});

describe('the adjustment dialog', () => {
  it('needs an amount other than 0 and a reason, then confirms', async () => {
    const mock = serve({
      '/api/approval/wallet_adjust': () =>
        reply(200, {
          id: 1,
          kind: 'adjustment',
          amount: -20.5,
          note: 'Chargeback',
          project_id: null,
          cash_out_id: null,
          created_at: '2026-11-02T00:00:00.000Z',
          release_at: null,
          released: true,
        }),
    });
    renderAt(<AdjustWalletDialog user={{ id: 5, name: 'demo_creator' }} onClose={() => undefined} />, '/approval/cashOutProcess');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Enter an amount other than 0')).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Amount (HKD, negative to debit)'), { target: { value: '-20.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the ledger)'), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/Write -HK\$20\.50 to demo_creator's wallet\?/)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'OK' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/approval/wallet_adjust')).toEqual([{ user_id: 5, amount: -20.5, reason: 'Chargeback' }]),
    );
  }, 60_000);
});

describe('/approval/cashOutProcess', () => {
  it('lists the queue with totals per state', async () => {
    serve({ '/api/approval/cash_out_page': () => reply(200, queue([request()])) });
    renderAt(<CashOutReviewPage />, '/approval/cashOutProcess');
    expect(await screen.findByText('demo_creator')).toBeInTheDocument();
    expect(screen.getByText('In review: 1 · HK$150.00')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    serve({ '/api/approval/cash_out_page': () => reply(200, queue([])) });
    renderAt(<CashOutReviewPage />, '/approval/cashOutProcess');
    expect(await screen.findByText('No request matches')).toBeInTheDocument();
  });
});
