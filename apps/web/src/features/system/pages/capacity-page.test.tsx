import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import CapacityPage from './capacity-page';

setupScreenTests();

const GB = 1024 ** 3;
const plans = [
  { plan: 'free', quota_bytes: 1 * GB },
  { plan: 'enterprise', quota_bytes: 20 * GB },
];
const user = (id: number, name: string | null, used: number, quota: number, override: number | null = null) => ({
  user_id: id,
  name,
  email: name ? `${name}@example.com` : null,
  plan: 'free',
  used_bytes: used,
  quota_bytes: quota,
  override_bytes: override,
  percent: Math.round((used / quota) * 1000) / 10,
});
const pageOf = (list: unknown[], total = list.length) => ({ plans, users: { list, total, page: 1, limit: 10 } });

describe('capacity page', () => {
  it('shows who uses the storage: name, email, plan, usage bar (red near the limit), override; searches by id; resets an override', async () => {
    const alice = user(7, 'alice', 0.95 * GB, 1 * GB);
    const bob = user(3, 'bob', 0.25 * GB, 2 * GB, 2 * GB);
    const gone = user(9, null, 0, 1 * GB);
    const fetch = serve({
      '/api/system/capacity_page': () => reply(200, pageOf([alice, bob, gone])),
      '/api/system/up_capacity': () => reply(200, null),
    });
    renderAt(<CapacityPage />, '/system/capacity');

    const aliceRow = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(within(aliceRow).getByText(/alice@example\.com/)).toBeInTheDocument();
    expect(within(aliceRow).getByText('95%')).toBeInTheDocument();
    expect(within(aliceRow).getByText('973 MB / 1 GB')).toBeInTheDocument();
    expect(within(aliceRow).getByLabelText('Near the limit')).toBeInTheDocument();
    expect(aliceRow.querySelector('.ant-progress-status-exception')).not.toBeNull();
    expect(within(aliceRow).getByText("Plan's quota")).toBeInTheDocument();

    const bobRow = screen.getByText('bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('12.5%')).toBeInTheDocument();
    expect(within(bobRow).queryByLabelText('Near the limit')).toBeNull();
    expect(bobRow.querySelector('.ant-progress-status-exception')).toBeNull();
    expect(within(bobRow).getByText('2 GB', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Deleted account')).toBeInTheDocument();
    // The server's order (largest usage first) is kept.
    const names = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(names.findIndex((n) => n.includes('alice'))).toBeLessThan(names.findIndex((n) => n.includes('bob')));

    // Reset bob's personal quota (asks first).
    fireEvent.click(within(bobRow).getByRole('button', { name: /Use plan quota/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/system/up_capacity')).toEqual([{ user_id: 3, quota_bytes: null }]));

    // Search by user id.
    fireEvent.change(screen.getByRole('spinbutton', { name: 'User ID' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) => String(u).includes('/api/system/capacity_page') && String(u).includes('user_id=3')),
      ).toBe(true),
    );
  });

  it('says so when nobody stores anything', async () => {
    serve({ '/api/system/capacity_page': () => reply(200, pageOf([])) });
    renderAt(<CapacityPage />, '/system/capacity');
    expect(await screen.findByText('Nobody stores any files yet')).toBeInTheDocument();
  });
});
