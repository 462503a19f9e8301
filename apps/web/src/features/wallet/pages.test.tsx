import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CoinInfoPage, CoinsPage as CoinsPageData, WalletInfo } from '@xr/contract/wallet';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import CashPage from './pages/cash-page';
import CoinsPage from './pages/coins-page';

setupScreenTests();

const info: WalletInfo = {
  available: 1628.1,
  pending: 223.2,
  reserved: 0,
  next_release_at: '2026-11-30T10:00:00.000Z',
  cash_out_min: 100,
  hold_days: 7,
};
const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  amount: i === 10 ? 225 : 0,
}));
const empty = { list: [], total: 0, page: 1, limit: 10 };

describe('/wallet/page', () => {
  it('shows the balances, the chart, the ledger and the methods; a payout method is checked with the contract', async () => {
    const mock = serve({
      '/api/wallet/wallet_info': () => reply(200, info),
      '/api/wallet/earnings_monthly': () => reply(200, months),
      '/api/wallet/ledger_page': () =>
        reply(200, {
          ...empty,
          total: 1,
          list: [
            {
              id: 1,
              kind: 'sale_earning',
              amount: 88.2,
              note: 'Demo sale',
              project_id: 3,
              cash_out_id: null,
              created_at: '2026-11-24T10:00:00.000Z',
              release_at: '2026-12-01T10:00:00.000Z',
              released: false,
            },
          ],
        }),
      '/api/wallet/payout_method_list': () => reply(200, []),
      '/api/wallet/cash_out_page': () => reply(200, empty),
      '/api/wallet/add_payout_method': () => reply(200, { id: 1, type: 'fps', display: 'FPS ****4567', created_at: '' }),
    });
    renderAt(<CashPage />, '/wallet/page');
    expect(await screen.findByText('HK$1,628.10')).toBeInTheDocument();
    expect(screen.getByText('HK$223.20')).toBeInTheDocument();
    expect(await screen.findByText('Demo sale')).toBeInTheDocument();
    expect(screen.getByText(/Held until/)).toBeInTheDocument();
    expect(screen.getAllByTestId('earnings-bar')).toHaveLength(12);
    expect(screen.getByText('No payout method yet: add one to cash out')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Add payout method/ }));
    const dialog = await screen.findByRole('dialog');
    const fps = within(dialog).getByLabelText('FPS ID, mobile number or e-mail');
    fireEvent.change(fps, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText(/Enter an FPS ID/)).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/wallet/add_payout_method')).toEqual([]);
    fireEvent.change(fps, { target: { value: '1234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/wallet/add_payout_method')).toEqual([{ type: 'fps', fps_id: '1234567' }]));
  }, 60_000);
});

describe('/wallet/coins', () => {
  it('shows the balance, the rules with caps and the history with reasons', async () => {
    const coins: CoinsPageData = {
      list: [
        {
          id: 1,
          kind: 'award',
          amount: 5,
          rule: 'daily_visit',
          exchange_kind: null,
          note: '',
          created_at: '2026-11-24T10:00:00.000Z',
        },
        {
          id: 2,
          kind: 'exchange',
          amount: -300,
          rule: null,
          exchange_kind: 'membership_days',
          note: '3',
          created_at: '2026-11-24T11:00:00.000Z',
        },
      ],
      total: 2,
      page: 1,
      limit: 10,
      balance: 505,
    };
    const exchanges: CoinInfoPage = {
      ...empty,
      info: {
        balance: 505,
        coins_per_membership_day: 100,
        coins_per_hkd: 10,
        daily_limit: 5,
        used_today: 1,
        available_cash: 12.5,
        rules: [{ rule: 'daily_visit', amount: 5, daily_cap: 1, total_cap: 0, enabled: true }],
      },
    };
    serve({
      '/api/user/get_user_coins_page': () => reply(200, coins),
      '/api/user/user_get_coin_info_page': () => reply(200, exchanges),
    });
    renderAt(<CoinsPage />, '/wallet/coins');
    expect(await screen.findByText('Rate: 100 coins = 1 membership day · HK$1 = 10 coins', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('up to 1 a day')).toBeInTheDocument();
    expect(await screen.findByText('-300')).toBeInTheDocument();
    expect(screen.getAllByText('Daily visit').length).toBeGreaterThan(0);
  }, 60_000);
});
