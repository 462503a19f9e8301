import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@xr/contract/rbac';
import type { SeatInfo } from '@xr/contract/seats';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, type FetchMock, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { MemberFormDialog } from './member-form-dialog';

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

const ann: AdminUser = {
  id: 2,
  username: 'ann',
  email: 'ann@demo.test',
  forum_name: 'ann',
  account_type: 'individual',
  status: 'active',
  roles: [{ id: 5, name: 'user' }],
  vip_date: null,
  created_at: '2025-03-01T10:00:00.000Z',
  last_login_at: null,
};
const ORG_END = '2030-06-30T12:00:00.000Z';

/** The seat calls of an organisation admin with `total` seats, behind the stubbed fetch. */
function fakeServer(total: number, roles: string[] = ['organisation_admin']) {
  let held = false;
  const info = (): SeatInfo => ({
    total,
    used: held ? 1 : 0,
    remaining: total - (held ? 1 : 0),
    assignments: held ? [{ member_id: 2, username: 'ann', email: 'ann@demo.test', assigned_at: ORG_END, vip_date: ORG_END }] : [],
  });
  return serve({
    '/api/user/user_info': () => reply(200, makeUser({ id: 1, username: 'org', roles, permissions: [{ http_path: '/member' }] })),
    '/api/user/user_details': () => reply(200, { ...ann, vip_date: held ? ORG_END : null }),
    '/api/user/get_role': () => reply(200, [{ id: 5, name: 'user' }]),
    '/api/user/seat_info': () => reply(200, info()),
    '/api/user/grant_seat': () => {
      held = true;
      return reply(200, info());
    },
    '/api/user/release_seat': () => {
      held = false;
      return reply(200, info());
    },
    '/api/user/user_manage': () => reply(200, ann),
  });
}

async function open(fetch: FetchMock) {
  setToken('tok-org');
  await loadUserInfo();
  renderAt(<MemberFormDialog user={ann} onClose={() => {}} />, '/member');
  return fetch;
}

describe('member form seats', { timeout: 60_000 }, () => {
  it('an organisation admin sees no date but gives and releases a seat, with the seats remaining', async () => {
    const fetch = await open(fakeServer(3));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Seats left: 3 of 3')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Membership until')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Give a seat' }));
    expect(await screen.findByText('Seat given to ann')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/grant_seat')).toEqual([{ id: 2 }]);
    expect(await within(dialog).findByText('Seats left: 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Holds a seat of your organisation')).toBeInTheDocument();

    // Releasing asks first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release seat' }));
    expect(bodiesTo(fetch, '/api/user/release_seat')).toEqual([]);
    const confirm = await screen.findByText(/Release the seat\?/);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /OK|Yes|Confirm/i }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/release_seat')).toEqual([{ id: 2 }]));
    expect(await within(dialog).findByText('Seats left: 3 of 3')).toBeInTheDocument();

    // Saving the form never sends a date.
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/user_manage')).toHaveLength(1));
    expect(bodiesTo(fetch, '/api/user/user_manage')[0]).not.toHaveProperty('vip_date');
  });

  it('without seats the give button is off and says how to get seats', async () => {
    await open(fakeServer(0));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/an enterprise plan gives member seats/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Give a seat' })).toBeDisabled();
  });

  it('an administrator edits the date and sees no seat actions', async () => {
    const fetch = await open(fakeServer(3, ['admin']));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Membership until')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Give a seat' })).not.toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/seat_info')).toEqual([]);
  });
});
