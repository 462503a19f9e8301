import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitee } from '@xr/contract/codes';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import MyInvitePage from './my-invite-page';

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

const invitee = (id: number, name: string, over: Partial<Invitee> = {}): Invitee => ({
  id,
  name,
  avatar: '',
  status: 'active',
  created_at: '2025-03-01T10:00:00.000Z',
  via: null,
  ...over,
});

async function show() {
  let user = makeUser({ invite_code: 'ANNCODE8' });
  const fetch = serve({
    '/api/user/user_info': () => reply(200, user),
    '/api/user/invite_code_info_list': () =>
      reply(200, {
        list: [invitee(11, 'zoe'), invitee(12, 'yan', { status: 'pending', via: 'SPRING-25' })],
        total: 2,
        page: 1,
        limit: 10,
      }),
    '/api/user/set_user_invite_code': () => {
      user = { ...user, invite_code: 'NEWCODE9' };
      return reply(200, { invite_code: 'NEWCODE9' });
    },
  });
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<MyInvitePage />, '/invite-code/page');
  await screen.findByText('zoe');
  return fetch;
}

describe('my invite page', { timeout: 60_000 }, () => {
  it('shows my code and share link, and the people who registered with them', async () => {
    await show();
    expect(screen.getByTestId('my-invite-code')).toHaveTextContent('ANNCODE8');
    expect(screen.getByTestId('my-invite-link')).toHaveTextContent(/#\/register\?invite=ANNCODE8$/);
    const zoe = screen.getByText('zoe').closest('tr') as HTMLElement;
    expect(within(zoe).getByText('Active')).toBeInTheDocument();
    expect(within(zoe).getByText('My invite code')).toBeInTheDocument();
    const yan = screen.getByText('yan').closest('tr') as HTMLElement;
    expect(within(yan).getByText('Awaiting activation')).toBeInTheDocument();
    expect(within(yan).getByText('SPRING-25')).toBeInTheDocument();
  });

  it('generates a new code only after confirmation, then shows it', async () => {
    const fetch = await show();
    await userEvent.click(screen.getByRole('button', { name: /Generate a new code/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(screen.getByText('Your current code and link stop working at once.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/set_user_invite_code')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Your new invite code is NEWCODE9')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/user/set_user_invite_code')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('my-invite-code')).toHaveTextContent('NEWCODE9'));
    expect(screen.getByTestId('my-invite-link')).toHaveTextContent(/invite=NEWCODE9$/);
  });
});
