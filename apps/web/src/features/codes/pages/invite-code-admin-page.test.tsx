import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InviteCode } from '@xr/contract/codes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, type FetchMock, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import InviteCodeAdminPage from './invite-code-admin-page';

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

const at = '2025-03-01T10:00:00.000Z';
const code = (id: number, text: string, over: Partial<InviteCode> = {}): InviteCode => ({
  id,
  code: text,
  note: '',
  max_uses: 0,
  used_count: 0,
  expires_at: null,
  enabled: true,
  state: 'active',
  created_by: { id: 1, name: 'boss' },
  created_at: at,
  updated_at: at,
  ...over,
});

async function show(permissions: string[]) {
  let codes = [code(1, 'SPRING-25', { note: 'spring fair', max_uses: 50, used_count: 50, state: 'exhausted' })];
  const fetch: FetchMock = serve({
    '/api/user/user_info': () =>
      reply(
        200,
        makeUser({ id: 1, roles: ['organisation_admin'], permissions: permissions.map((http_path) => ({ http_path })) }),
      ),
    '/api/user/get_invite_code_list': () => reply(200, { list: codes, total: codes.length, page: 1, limit: 10 }),
    '/api/user/invite_code_details': () => reply(200, { ...codes[0], recent_uses: [] }),
    '/api/user/add_invite_code': (body) => {
      const created = code(2, 'AUTOCODE10', { ...(body as Partial<InviteCode>), code: 'AUTOCODE10' });
      codes = [created, ...codes];
      return reply(200, created);
    },
    '/api/user/set_invite_code': (body) => {
      const { id, enabled } = body as { id: number; enabled: boolean };
      codes = codes.map((c) => (c.id === id ? { ...c, enabled, state: enabled ? c.state : 'disabled' } : c));
      return reply(
        200,
        codes.find((c) => c.id === id),
      );
    },
    '/api/user/del_invite_code': (body) => {
      codes = codes.filter((c) => c.id !== (body as { id: number }).id);
      return reply(200, null);
    },
  });
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<InviteCodeAdminPage />, '/invite-code/add-invite-code');
  return fetch;
}

describe('invite code admin page', { timeout: 60_000 }, () => {
  it('explains the page to a user without the manager permission, and loads nothing', async () => {
    const fetch = await show(['/invite-code', '/invite-code/page']);
    expect(await screen.findByText('Campaign codes are for invite-code managers')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u.startsWith('/api/user/get_invite_code_list'))).toBe(false);
  });

  it('lists, adds with a generated code, switches off and deletes campaign codes', async () => {
    const fetch = await show(['/invite-code', '/invite-code/add-invite-code']);
    const row = (await screen.findByText('SPRING-25')).closest('tr') as HTMLElement;
    expect(within(row).getByText('50 / 50')).toBeInTheDocument();
    expect(within(row).getByText('Used up')).toBeInTheDocument();
    expect(within(row).getByText('spring fair')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Add invite code/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Invite code'), { target: { value: 'a b' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Use 4 to 32 letters, digits, - or _')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Invite code'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Use limit'), { target: { value: '5' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Invite code AUTOCODE10 added')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/add_invite_code')).toEqual([{ note: '', max_uses: 5, expires_at: null, enabled: true }]);

    fireEvent.click(await screen.findByRole('switch', { name: 'Switch AUTOCODE10 on or off' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/set_invite_code')).toEqual([{ id: 2, enabled: false }]));

    await userEvent.click(
      within(screen.getByText('SPRING-25').closest('tr') as HTMLElement).getByRole('button', { name: /Delete/ }),
    );
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/del_invite_code')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByText('SPRING-25')).not.toBeInTheDocument());
  });
});
