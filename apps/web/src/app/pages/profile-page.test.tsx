import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve, unmountAndSettle } from '../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../lib/auth/session';
import { resetHttpState } from '../../lib/http';
import i18n from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import ProfilePage from './profile-page';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
});
afterEach(async () => {
  await unmountAndSettle();
  // the overview panels' queries must not resolve into React after the environment is gone
  await queryClient.cancelQueries();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function show(over: Parameters<typeof makeUser>[0] = {}) {
  let user = makeUser(over);
  const fetch = serve({
    '/api/user/user_info': () => reply(200, user),
    '/api/user/up_forum_name_info': (body) => {
      user = { ...user, forum_name: (body as { forum_name: string }).forum_name };
      return reply(200, user);
    },
    '/api/user/up_info_avatar_patch': () => reply(200, { avatar: '/api/files/public/avatars/7.png' }),
    '/api/user/up_information_info': () => reply(200, user),
    '/api/project/my_project_page': () => reply(200, { list: [], total: 2, page: 1, limit: 1 }),
    '/api/user/capacity': () => reply(200, { plan: 'free', used_bytes: 256 * 1024 ** 2, quota_bytes: 1024 ** 3 }),
    '/api/combo/my_plan': () =>
      reply(200, {
        level: 'biz',
        combo_id: 2,
        names: { zh: 'Biz', tc: 'Biz', en: 'Biz' },
        period: 'month',
        vip_date: '2099-01-01T00:00:00.000Z',
        vip_status: true,
        days_left: 30,
        renewal_reminder: false,
        quotas: {
          max_projects: 30,
          storage_bytes: 5 * 1024 ** 3,
          live_streaming: false,
          custom_avatars: 0,
          model_library: true,
          seats: 0,
        },
        usage: { projects: 2, storage_bytes: 256 * 1024 ** 2 },
      }),
    '/api/comment/my_comment_page': () =>
      reply(200, {
        list: [
          {
            id: 1,
            project_id: 3,
            project_name: 'Gallery',
            content: 'Lovely light',
            reply: null,
            replied_at: null,
            state: 'no_reply',
            user: { id: 9, name: 'bob', avatar: '' },
            created_at: '2025-03-01T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        limit: 5,
      }),
    '/api/message/my_message_page': () =>
      reply(200, {
        list: [
          { id: 4, type: 'review', message: 'Your project passed review', read: false, created_at: '2025-03-01T10:00:00.000Z' },
        ],
        total: 1,
        page: 1,
        limit: 5,
        unread: 1,
      }),
  });
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<ProfilePage />, '/profile');
  return fetch;
}

describe('profile page', () => {
  it('shows about me, membership, xp and the invite code and link', async () => {
    await show({ username: 'ann', email: 'ann@demo.test', xp_value: 1234, invite_code: 'INV123' });
    expect(screen.getByRole('heading', { name: 'ann' })).toBeInTheDocument();
    expect(screen.getByText('ann@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Creator')).toBeInTheDocument();
    expect(screen.getByText('Individual account')).toBeInTheDocument();
    expect(screen.getByText('annie')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('xp-value')).toHaveTextContent('1,234');
    expect(screen.getByTestId('invite-code')).toHaveTextContent('INV123');
    expect(screen.getByText(/#\/register\?invite=INV123$/)).toBeInTheDocument();
  });

  it('reminds an expired member to renew', async () => {
    await show({ vip_status: false, vip_date: '2024-01-01T00:00:00.000Z' });
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Your membership has expired')).toBeInTheDocument();
  });

  it('shows my projects by review state, the capacity meter, latest comments and system messages', async () => {
    await show({
      permissions: [
        { http_path: '/profile' },
        { http_path: '/vrdata' },
        { http_path: '/vrdata/list' },
        { http_path: '/vrdata/commentlist' },
      ],
    });
    for (const title of ['My projects by review state', 'Capacity', 'Latest comments', 'System messages']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(await screen.findByText('256 MB of 1 GB used')).toBeInTheDocument();
    // The plan card: plan, usage against its quotas.
    expect(await screen.findByTestId('my-plan-level')).toHaveTextContent('Biz');
    expect(screen.getByText('Projects: 2 of 30')).toBeInTheDocument();
    expect(screen.getByText('Storage: 256 MB of 5 GB')).toBeInTheDocument();
    expect(await screen.findByText(/Lovely light/)).toBeInTheDocument();
    expect(await screen.findByText('Your project passed review')).toBeInTheDocument();
    for (const state of ['Pending review', 'Review succeeded', 'Not passed']) expect(screen.getByText(state)).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('shows a plain user (no projects screens) only capacity and messages, without calling the creator APIs', async () => {
    const fetch = await show({ roles: ['user'], permissions: [{ http_path: '/profile' }] });
    expect(await screen.findByText('System messages')).toBeInTheDocument();
    expect(screen.queryByText('My projects by review state')).toBeNull();
    expect(screen.queryByText('Latest comments')).toBeNull();
    const called = fetch.mock.calls.map(([u]) => String(u).split('?')[0]);
    expect(called).not.toContain('/api/project/my_project_page');
    expect(called).not.toContain('/api/comment/my_comment_page');
  });

  it('edits the forum name in place', async () => {
    const fetch = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit forum name' }));
    const box = await screen.findByRole('textbox');
    fireEvent.change(box, { target: { value: 'annL' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/up_forum_name_info')).toEqual([{ forum_name: 'annL' }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('forum-name')).toHaveTextContent('annL'));
  });

  it('uploads a new picture from the file chooser and refuses other file types', async () => {
    const fetch = await show();
    const input = screen.getByTestId('avatar-file') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Please choose a JPEG, PNG, WebP or GIF image')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/up_info_avatar_patch')).toHaveLength(1));
    const sent = bodiesTo(fetch, '/api/user/up_info_avatar_patch')[0] as FormData;
    expect((sent.get('file') as File).name).toBe('me.png');
    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
  });

  it('opens the edit dialog (loaded on first press) and saves the introduction', async () => {
    const fetch = await show();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Edit$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Introduction'), { target: { value: 'Hello there' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/user/up_information_info')).toHaveLength(1));
    expect(bodiesTo(fetch, '/api/user/up_information_info')[0]).toMatchObject({ introduction: 'Hello there' });
  });
});
