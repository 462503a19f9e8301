import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, loadUserInfo, resetToken, setToken } from '../lib/auth/session';
import { resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { CouponDialog } from './coupon-dialog';
import { bodiesTo, makeUser, renderAt, reply, serve } from './test-utils';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A signed-in user whose membership grows by 30 days when they redeem WELCOME-30 (once). */
async function show() {
  let user = makeUser({ vip_date: '2099-01-01T00:00:00.000Z', xp_value: 0 });
  let redeemed = false;
  const fetch = serve({
    '/api/user/user_info': () => reply(200, user),
    '/api/user/check_cdk': (body) => {
      const cdk = (body as { cdk: string }).cdk.toUpperCase();
      if (cdk !== 'WELCOME-30') return reply(40030, { field: 'cdk' }, 'This coupon code is invalid');
      if (redeemed) return reply(40931, { field: 'cdk' }, 'You have already redeemed this coupon code');
      redeemed = true;
      user = { ...user, vip_date: '2099-01-31T00:00:00.000Z' };
      return reply(
        200,
        { code: 200, kind: 'membership_days', value: 30, vip_date: user.vip_date, xp_value: 0 },
        'Redemption successful',
      );
    },
  });
  setToken('tok-1');
  await loadUserInfo();
  const onClose = vi.fn();
  renderAt(<CouponDialog open onClose={onClose} />, '/profile');
  const dialog = await screen.findByRole('dialog');
  return { fetch, onClose, dialog };
}

const infoCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls.filter(([u]) => u.startsWith('/api/user/user_info')).length;

describe('coupon dialog (user menu "Coupon code")', () => {
  it('refuses an empty code with "Coupon code cannot be empty" without calling the server', async () => {
    const { fetch, dialog } = await show();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Coupon code cannot be empty')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: '   ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Coupon code cannot be empty')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/check_cdk')).toHaveLength(0);
  });

  it("shows the server's reason on the field and stays open", async () => {
    const { fetch, onClose, dialog } = await show();
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: 'NOPE' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('This coupon code is invalid')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/check_cdk')).toEqual([{ cdk: 'NOPE' }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('redeems: "Redemption successful", user info refetched, dialog closed; a second try is refused', async () => {
    const { fetch, onClose, dialog } = await show();
    queryClient.setQueryData(['plans', 'mine'], { vip_date: '2099-01-01T00:00:00.000Z' });
    queryClient.setQueryData(['projects', 'capacity'], { used: 0, quota: 1 });
    const before = infoCalls(fetch);
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: ' welcome-30 ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Redemption successful')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/check_cdk')).toEqual([{ cdk: 'welcome-30' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(infoCalls(fetch)).toBe(before + 1));
    await waitFor(() => expect(getSession().user?.vip_date).toBe('2099-01-31T00:00:00.000Z'));
    // every open place that shows the membership asks again (the plan card, the storage quota)
    expect(queryClient.getQueryState(['plans', 'mine'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['projects', 'capacity'])?.isInvalidated).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: 'WELCOME-30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('You have already redeemed this coupon code')).toBeInTheDocument();
  });

  it('submits with Enter', async () => {
    const { fetch, dialog } = await show();
    const input = within(dialog).getByLabelText('Coupon code');
    fireEvent.change(input, { target: { value: 'WELCOME-30' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/check_cdk')).toHaveLength(1));
    expect(await screen.findByText('Redemption successful')).toBeInTheDocument();
  });
});
