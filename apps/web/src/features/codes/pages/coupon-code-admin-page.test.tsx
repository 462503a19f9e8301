import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponCode } from '@xr/contract/codes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, type FetchMock, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import CouponCodeAdminPage from './coupon-code-admin-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const at = '2025-03-01T10:00:00.000Z';
const coupon = (id: number, cdk: string, over: Partial<CouponCode> = {}): CouponCode => ({
  id,
  cdk,
  kind: 'membership_days',
  value: 30,
  max_uses: 0,
  used_count: 0,
  expires_at: null,
  enabled: true,
  state: 'active',
  note: '',
  created_at: at,
  updated_at: at,
  ...over,
});

/** A small stateful fake of the coupon calls behind the stubbed fetch. */
function fakeServer() {
  let coupons: CouponCode[] = [
    coupon(1, 'WELCOME-30', { note: 'launch', used_count: 3, max_uses: 100 }),
    coupon(2, 'XP-BOOST', { kind: 'xp', value: 500, enabled: false, state: 'disabled' }),
  ];
  let next = 3;
  const params = (fetch: FetchMock) => new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams;
  const fetch: FetchMock = serve({
    '/api/user/coupon_code_list': () => {
      const q = params(fetch);
      const keyword = (q.get('keyword') ?? '').toUpperCase();
      const list = coupons.filter(
        (c) =>
          c.cdk.includes(keyword) &&
          (!q.get('kind') || c.kind === q.get('kind')) &&
          (!q.get('enabled') || String(c.enabled) === q.get('enabled')),
      );
      return reply(200, { list, total: list.length, page: Number(q.get('page')), limit: Number(q.get('limit')) });
    },
    '/api/user/coupon_code_details': () => {
      const found = coupons.find((c) => c.id === Number(params(fetch).get('id')));
      return reply(200, { ...found, recent_uses: [{ user_id: 7, name: 'ann', created_at: at }] });
    },
    '/api/user/add_coupon_code': (body) => {
      const b = body as {
        cdk?: string;
        kind: CouponCode['kind'];
        value: number;
        max_uses: number;
        note: string;
        enabled: boolean;
      };
      if (b.cdk && coupons.some((c) => c.cdk === b.cdk?.toUpperCase())) {
        return reply(40932, { field: 'cdk' }, 'This code is already in use, choose another');
      }
      const created = coupon(next++, b.cdk?.toUpperCase() ?? 'GEN1-GEN2-GEN3', {
        ...b,
        cdk: b.cdk?.toUpperCase() ?? 'GEN1-GEN2-GEN3',
      });
      coupons = [created, ...coupons];
      return reply(200, created);
    },
    '/api/user/up_coupon_code': (body) => {
      const { id, ...rest } = body as { id: number } & Partial<CouponCode>;
      coupons = coupons.map((c) => (c.id === id ? { ...c, ...rest } : c));
      return reply(
        200,
        coupons.find((c) => c.id === id),
      );
    },
    '/api/user/set_coupon_code': (body) => {
      const { id, enabled } = body as { id: number; enabled: boolean };
      coupons = coupons.map((c) => (c.id === id ? { ...c, enabled, state: enabled ? 'active' : 'disabled' } : c));
      return reply(
        200,
        coupons.find((c) => c.id === id),
      );
    },
    '/api/user/del_coupon_code': (body) => {
      coupons = coupons.filter((c) => c.id !== (body as { id: number }).id);
      return reply(200, null);
    },
  });
  return fetch;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function showPage() {
  const fetch = fakeServer();
  renderAt(<CouponCodeAdminPage />, '/coupon-code/add-coupon-code');
  await screen.findByText('WELCOME-30');
  return fetch;
}

describe('coupon code admin page', { timeout: 60_000 }, () => {
  it('lists coupons with benefit, uses, state and switch', async () => {
    await showPage();
    expect(within(rowOf('WELCOME-30')).getByText('Membership +30 days')).toBeInTheDocument();
    expect(within(rowOf('WELCOME-30')).getByText('3 / 100')).toBeInTheDocument();
    expect(within(rowOf('WELCOME-30')).getByText('Usable')).toBeInTheDocument();
    expect(within(rowOf('XP-BOOST')).getByText('+500 experience points')).toBeInTheDocument();
    expect(within(rowOf('XP-BOOST')).getByText('0 / ∞')).toBeInTheDocument();
    expect(within(rowOf('XP-BOOST')).getByText('Switched off')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Switch XP-BOOST on or off' })).not.toBeChecked();
  });

  it('searches by code from page 1', async () => {
    const fetch = await showPage();
    fireEvent.change(screen.getByLabelText('Coupon code or note'), { target: { value: ' xp ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('WELCOME-30')).not.toBeInTheDocument());
    const urls = fetch.mock.calls.map(([u]) => u).filter((u) => u.startsWith('/api/user/coupon_code_list'));
    expect(urls.at(-1)).toBe('/api/user/coupon_code_list?page=1&limit=10&keyword=xp');
  });

  it('adds a coupon: checks the value on the client, shows a taken code on its field, generates one when blank', async () => {
    const fetch = await showPage();
    await userEvent.click(screen.getByRole('button', { name: /Add coupon code/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Number of days'), { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Membership days: 1 to 3650; experience points: 1 to 1000000')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/add_coupon_code')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Number of days'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: 'welcome-30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('This code is already in use, choose another')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: '' } });
    await userEvent.click(within(dialog).getByText('Experience points'));
    fireEvent.change(within(dialog).getByLabelText('Number of points'), { target: { value: '250' } });
    fireEvent.change(within(dialog).getByLabelText('Use limit'), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'spring' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Coupon code GEN1-GEN2-GEN3 added')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/add_coupon_code').at(-1)).toEqual({
      kind: 'xp',
      value: 250,
      max_uses: 20,
      enabled: true,
      note: 'spring',
      expires_at: null,
    });
    expect(await screen.findByText('GEN1-GEN2-GEN3')).toBeInTheDocument();
  });

  it('edits a coupon and shows its latest uses', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('WELCOME-30')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('ann')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Number of days'), { target: { value: '60' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/up_coupon_code')).toEqual([
      { id: 1, cdk: 'WELCOME-30', kind: 'membership_days', value: 60, max_uses: 100, enabled: true, note: 'launch' },
    ]);
    expect(await screen.findByText('Membership +60 days')).toBeInTheDocument();
  });

  it('switches a coupon on and deletes one after "confirm to perform this action"', async () => {
    const fetch = await showPage();
    fireEvent.click(screen.getByRole('switch', { name: 'Switch XP-BOOST on or off' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/set_coupon_code')).toEqual([{ id: 2, enabled: true }]));
    expect(await screen.findByText('Switched on')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Switch XP-BOOST on or off' })).toBeChecked());

    await userEvent.click(within(rowOf('WELCOME-30')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/del_coupon_code')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/del_coupon_code')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByText('WELCOME-30')).not.toBeInTheDocument());
  });
});
