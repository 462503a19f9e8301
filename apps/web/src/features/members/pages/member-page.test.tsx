import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@xr/contract/rbac';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, type FetchMock, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import MemberPage from './member-page';

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

const ROLES = [
  { id: 1, name: 'admin' },
  { id: 4, name: 'creator' },
  { id: 5, name: 'user' },
  { id: 9, name: 'reviewer' },
];
const at = '2025-03-01T10:00:00.000Z';
const member = (id: number, username: string, over: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username,
  email: `${username}@demo.test`,
  forum_name: username.slice(0, 10),
  account_type: 'individual',
  status: 'active',
  roles: [{ id: 4, name: 'creator' }],
  vip_date: '2099-06-30T15:59:59.000Z',
  created_at: at,
  last_login_at: null,
  ...over,
});

/** A small stateful fake of the /member calls behind the stubbed fetch. */
function fakeServer() {
  let users: AdminUser[] = [
    member(1, 'boss', { roles: [{ id: 1, name: 'admin' }] }),
    member(2, 'ann', { last_login_at: at }),
    member(3, 'bob', { status: 'pending', vip_date: null }),
    member(4, 'carol', { status: 'disabled', account_type: 'organisation', roles: [] }),
  ];
  const params = (fetch: FetchMock) => new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams;
  const fetch: FetchMock = serve({
    '/api/user/user_info': () =>
      reply(200, makeUser({ id: 1, username: 'boss', roles: ['admin'], permissions: [{ http_path: '/member' }] })),
    '/api/user/user_statistic': () =>
      reply(200, {
        total: users.length,
        active: users.filter((u) => u.status === 'active').length,
        pending: users.filter((u) => u.status === 'pending').length,
        disabled: users.filter((u) => u.status === 'disabled').length,
        new_last_7_days: 2,
        by_role: [
          { name: 'admin', count: 1 },
          { name: 'creator', count: 2 },
        ],
      }),
    '/api/user/get_role': () => reply(200, ROLES),
    '/api/user/user_page': () => {
      const q = params(fetch);
      const keyword = q.get('keyword')?.toLowerCase() ?? '';
      const status = q.get('status');
      const role = Number(q.get('role_id') ?? 0);
      const page = Number(q.get('page'));
      const limit = Number(q.get('limit'));
      const found = users.filter(
        (u) =>
          (u.username.includes(keyword) || u.email.includes(keyword)) &&
          (!status || u.status === status) &&
          (!role || u.roles.some((r) => r.id === role)),
      );
      return reply(200, { list: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit });
    },
    '/api/user/user_details': () =>
      reply(
        200,
        users.find((u) => u.id === Number(params(fetch).get('id'))),
      ),
    '/api/user/user_manage': (body) => {
      const b = body as { id: number; role_ids?: number[]; status?: AdminUser['status']; vip_date?: string | null };
      users = users.map((u) =>
        u.id === b.id
          ? {
              ...u,
              ...(b.status ? { status: b.status } : {}),
              ...(b.role_ids ? { roles: ROLES.filter((r) => b.role_ids?.includes(r.id)) } : {}),
              ...(b.vip_date !== undefined ? { vip_date: b.vip_date } : {}),
            }
          : u,
      );
      return reply(
        200,
        users.find((u) => u.id === b.id),
      );
    },
    '/api/user/del_user': (body) => {
      users = users.filter((u) => u.id !== (body as { id: number }).id);
      return reply(200, null);
    },
    '/api/user/user_import': (body) => {
      const file = (body as FormData).get('file') as File;
      if (file.name === 'bad.csv') {
        return reply(
          40001,
          {
            imported: 0,
            errors: [
              { row: 2, field: 'email', message: 'The email format is incorrect' },
              { row: 3, field: 'password', message: 'The password can not be less than 8 digits' },
            ],
          },
          'The submitted data is invalid',
        );
      }
      users = [...users, member(10, 'dora')];
      return reply(200, { imported: 1, errors: [] });
    },
  });
  return fetch;
}

const rowOf = (name: string) => screen.getByText(`${name}@demo.test`).closest('tr') as HTMLElement;
const urlsTo = (fetch: FetchMock, path: string) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.split('?')[0] === path);

async function showPage() {
  const fetch = fakeServer();
  setToken('tok-admin');
  await loadUserInfo();
  renderAt(<MemberPage />, '/member');
  await screen.findByText('ann@demo.test');
  return fetch;
}

async function pickOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((n) => n.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('member page', { timeout: 60_000 }, () => {
  it('shows the statistic cards and the accounts with roles, status and membership', async () => {
    const fetch = await showPage();
    expect(urlsTo(fetch, '/api/user/user_page')[0]).toBe('/api/user/user_page?page=1&limit=10');
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('4'));
    expect(screen.getByTestId('stat-active')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-pending')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-new')).toHaveTextContent('New in the last 7 days2');
    expect(screen.getByTestId('stat-roles')).toHaveTextContent('Administrator: 1');
    expect(screen.getByTestId('stat-roles')).toHaveTextContent('Creator: 2');

    expect(within(rowOf('ann')).getByText('Creator')).toBeInTheDocument();
    expect(within(rowOf('ann')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('Awaiting activation')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('No membership')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('Organisation')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('No role')).toBeInTheDocument();
    expect(screen.getByText('Total: 4')).toBeInTheDocument();
    // the signed-in admin cannot delete their own account
    expect(within(rowOf('boss')).getByRole('button', { name: /Delete/ })).toBeDisabled();
  });

  it('searches by keyword, status and role from page 1, and resets', async () => {
    const fetch = await showPage();
    fireEvent.change(screen.getByLabelText('Email, user name or forum name'), { target: { value: ' b ' } });
    await pickOption('Filter by status', 'Awaiting activation');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('ann@demo.test')).not.toBeInTheDocument());
    expect(urlsTo(fetch, '/api/user/user_page').at(-1)).toBe('/api/user/user_page?page=1&limit=10&keyword=b&status=pending');
    expect(screen.getByText('bob@demo.test')).toBeInTheDocument();
    expect(screen.queryByText('boss@demo.test')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(await screen.findByText('ann@demo.test')).toBeInTheDocument();

    await pickOption('Filter by role', 'Administrator');
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('ann@demo.test')).not.toBeInTheDocument());
    expect(urlsTo(fetch, '/api/user/user_page').at(-1)).toBe('/api/user/user_page?page=1&limit=10&role_id=1');
    expect(screen.getByText('boss@demo.test')).toBeInTheDocument();
  });

  it('edits roles, status and membership end of an account', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('ann')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit ann')).toBeInTheDocument();
    await pickOption('Roles', 'reviewer');
    await pickOption('Status', 'Disabled');
    fireEvent.change(within(dialog).getByLabelText('Membership until'), { target: { value: '2030-12-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/user_manage')).toEqual([
      { id: 2, role_ids: [4, 9], status: 'disabled', vip_date: new Date('2030-12-31T23:59:59').toISOString() },
    ]);
    await waitFor(() => expect(within(rowOf('ann')).getByText('reviewer')).toBeInTheDocument());
    expect(within(rowOf('ann')).getByText('Disabled')).toBeInTheDocument();
  });

  it('keeps roles and status of my own account out of the edit', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('boss')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This is your own account/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Membership until'), { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/user_manage')).toEqual([{ id: 1, vip_date: null }]));
  });

  it('deletes an account only after "confirm to perform this action"', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('bob')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/del_user')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/del_user')).toEqual([{ id: 3 }]));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('bob@demo.test')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('3'));
  });

  it('imports a CSV: a refused file lists its problems per row, a good one is imported', async () => {
    const fetch = await showPage();
    await userEvent.click(screen.getByRole('button', { name: /Import CSV/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    // rc-upload replaces its input after each pick
    const input = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;

    await userEvent.upload(input(), new File(['email,username,forum_name,password\nx,y,z,1\n'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const errors = await within(dialog).findByTestId('import-errors');
    expect(within(errors).getByText('Nothing was imported. Problems to fix: 2')).toBeInTheDocument();
    expect(within(errors).getByText('The email format is incorrect')).toBeInTheDocument();
    expect(within(errors).getByText('The password can not be less than 8 digits').closest('tr')).toHaveTextContent('3');

    await userEvent.upload(input(), new File(['email,username,forum_name,password\n'], 'good.csv', { type: 'text/csv' }));
    expect(within(dialog).queryByTestId('import-errors')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Accounts imported: 1')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/user_import')).toHaveLength(2);
    expect(await screen.findByText('dora@demo.test')).toBeInTheDocument();
  });
});
