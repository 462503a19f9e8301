import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlacedOrder } from '@xr/contract/orders';
import type { ComboRow, PublicCombo } from '@xr/contract/plans';
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../lib/auth/session';
import { PlanOffers } from './components/plan-offers';
import { RenewalBanner } from './components/renewal-banner';
import ComboPage from './pages/combo-page';

setupScreenTests();
afterEach(() => resetToken());

const GB = 1024 ** 3;
const quotas = (over: Partial<PublicCombo['quotas']> = {}): PublicCombo['quotas'] => ({
  max_projects: 30,
  storage_bytes: 5 * GB,
  live_streaming: false,
  custom_avatars: 0,
  model_library: true,
  seats: 0,
  ...over,
});
const offer = (
  id: number,
  level: PublicCombo['level'],
  period: PublicCombo['period'],
  price: number,
  over: Partial<PublicCombo> = {},
) => ({
  id,
  name: level,
  names: {
    zh: `${level}-zh`,
    tc: `${level}-tc`,
    en: level === 'biz' ? 'Biz' : level === 'freemium' ? 'Freemium' : 'Enterprise VIP',
  },
  level,
  period,
  price,
  quotas: quotas(),
  ...over,
});
const OFFERS = [
  offer(1, 'freemium', 'month', 0, { quotas: quotas({ max_projects: 3, storage_bytes: GB }) }),
  offer(2, 'biz', 'month', 198),
  offer(3, 'biz', 'quarter', 548),
  offer(4, 'enterprise', 'month', 1288, {
    quotas: quotas({ max_projects: null, live_streaming: true, custom_avatars: 3, storage_bytes: 20 * GB }),
  }),
];

/** The dialog's Save button (found by text: role queries are slow over a long form in jsdom). */
const save = (dialog: HTMLElement) => within(dialog).getByText('Save').closest('button') as HTMLElement;

const signIn = async (over: Parameters<typeof makeUser>[0] = {}) => {
  setToken('token-1');
  await loadUserInfo();
  return over;
};

describe('/solutions plans', () => {
  it('shows the server’s plans of the chosen period with a comparison table; visitors sign in before buying', async () => {
    serve({ '/api/combo/combo_list': () => reply(200, { list: OFFERS }) });
    renderAt(<PlanOffers />, '/solutions');
    const biz = await screen.findByTestId('offer-biz');
    expect(within(biz).getByText('HK$198.00')).toBeInTheDocument();
    expect(within(biz).getByText('Up to 30 projects')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Plan comparison' });
    expect(within(table).getByText('Unlimited projects')).toBeInTheDocument();
    expect(within(table).getByText('20 GB storage')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Quarterly'));
    const quarter = await screen.findByTestId('offer-biz');
    expect(within(quarter).getByText('HK$548.00')).toBeInTheDocument();
    expect(within(quarter).getByText('Save 8%')).toBeInTheDocument();
    expect(screen.queryByTestId('offer-enterprise')).not.toBeInTheDocument();

    fireEvent.click(within(quarter).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=');
  });

  it('“Buy” places the plan’s order and opens the invoice with the plan', async () => {
    const order: PlacedOrder = {
      order_on: 'SDK20261126000001',
      created_at: '2026-11-26T00:00:00.000Z',
      user_email: 'ann@demo.test',
      amount: 198,
      currency: 'HKD',
      status: 'pending',
      expires_at: '2026-11-26T00:30:00.000Z',
      project_info: [],
      plan_info: { combo_id: 2, names: { zh: 'Biz', tc: 'Biz', en: 'Biz' }, level: 'biz', period: 'month', price: 198 },
    };
    const mock = serve({
      '/api/user/user_info': () => reply(200, makeUser()),
      '/api/combo/combo_list': () => reply(200, { list: OFFERS }),
      '/api/order/place_plan_order': () => reply(200, order),
    });
    await signIn();
    renderAt(<PlanOffers />, '/solutions');
    fireEvent.click(within(await screen.findByTestId('offer-biz')).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/order/place_plan_order')).toEqual([{ combo_id: 2 }]));
    expect(await screen.findByTestId('invoice-plan')).toHaveTextContent('Biz · Monthly');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('HK$198.00');
    // Freemium is every account's: nothing to buy.
    expect(
      within(screen.getByTestId('offer-freemium')).getByRole('button', { name: 'Included in every account' }),
    ).toBeDisabled();
  });
});

describe('renewal reminder', () => {
  it('shows a few days before the end, with a link to /solutions', async () => {
    serve({ '/api/user/user_info': () => reply(200, makeUser({ renewal_reminder: true, vip_days_left: 3 })) });
    await signIn();
    renderAt(<RenewalBanner />, '/profile');
    expect(await screen.findByText('Your membership ends in 3 days')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/solutions');
  });

  it('says the membership ended after the end, and stays hidden otherwise', async () => {
    serve({
      '/api/user/user_info': () => reply(200, makeUser({ renewal_reminder: true, vip_status: false, vip_days_left: -2 })),
    });
    await signIn();
    renderAt(<RenewalBanner />, '/profile');
    expect(await screen.findByText(/Your membership has ended/)).toBeInTheDocument();
  });

  it('is absent when the membership is far from its end', async () => {
    serve({ '/api/user/user_info': () => reply(200, makeUser()) });
    await signIn();
    renderAt(<RenewalBanner />, '/profile');
    expect(screen.queryByTestId('renewal-reminder')).not.toBeInTheDocument();
  });
});

describe('/system/combo', () => {
  const row = (over: Partial<ComboRow> = {}): ComboRow => ({
    id: 2,
    name_zh: '商务',
    name_tc: '商務',
    name_en: 'Biz',
    level: 'biz',
    period: 'month',
    price: 198,
    ...quotas(),
    enabled: true,
    sort: 10,
    sold: 4,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...over,
  });

  it('lists plans with prices and quotas; the switch turns one off; a sold plan cannot be deleted', async () => {
    const mock = serve({
      '/api/combo/combo_page': () =>
        reply(200, {
          list: [row(), row({ id: 9, name_zh: '推广', name_tc: '推廣', name_en: 'Promo', sold: 0, max_projects: null })],
          total: 2,
          page: 1,
          limit: 10,
        }),
      '/api/combo/set_combo': () => reply(200, row({ enabled: false })),
    });
    renderAt(<ComboPage />, '/system/combo');
    const biz = (await screen.findByText('商務')).closest('tr') as HTMLElement;
    expect(within(biz).getByText('HK$198.00')).toBeInTheDocument();
    expect(within(biz).getByText('5 GB')).toBeInTheDocument();
    expect(within(biz).getByText('Delete').closest('button')).toBeDisabled();
    const promo = screen.getByText('Promo').closest('tr') as HTMLElement;
    expect(within(promo).getByText('Unlimited')).toBeInTheDocument();
    expect(within(promo).getByText('Delete').closest('button')).toBeEnabled();
    fireEvent.click(within(biz).getByRole('switch', { name: 'Biz' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/combo/set_combo')).toEqual([{ id: 2, enabled: false }]));
    expect(await screen.findByText('The plan is switched off')).toBeInTheDocument();
  });

  it('adds a plan: names required, storage entered in GB and sent in bytes', async () => {
    const mock = serve({
      '/api/combo/combo_page': () => reply(200, { list: [], total: 0, page: 1, limit: 10 }),
      '/api/combo/add_combo': () => reply(200, row({ id: 12 })),
    });
    renderAt(<ComboPage />, '/system/combo');
    fireEvent.click((await screen.findByText('Add plan')).closest('button') as HTMLElement);
    const dialog = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-modal');
      if (!el) throw new Error('no dialog yet');
      return el;
    });
    fireEvent.click(save(dialog));
    expect(await within(dialog).findAllByText('Please enter the plan name')).toHaveLength(3);
    expect(bodiesTo(mock, '/api/combo/add_combo')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Name (Simplified Chinese)'), { target: { value: '教育' } });
    fireEvent.change(within(dialog).getByLabelText('Name (Traditional Chinese)'), { target: { value: '教育' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Education' } });
    fireEvent.click(save(dialog));
    await waitFor(() => expect(bodiesTo(mock, '/api/combo/add_combo')).toHaveLength(1));
    expect(bodiesTo(mock, '/api/combo/add_combo')[0]).toMatchObject({
      name_en: 'Education',
      level: 'member',
      period: 'month',
      price: 0,
      max_projects: 10,
      storage_bytes: 5 * GB,
      enabled: true,
    });
  });
});
