import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorldEntry } from '@xr/contract/world';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeOwnProject, makeUser, renderAt, reply, serve } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import WorldListPage from './world-list-page';

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

const at = '2026-11-01T10:00:00.000Z';
const entry = (id: number, over: Partial<WorldEntry> = {}): WorldEntry => ({
  id,
  name: 'Gallery',
  description: '',
  cover: '',
  author_id: 1,
  author_name: 'boss',
  account: 'boss@example.com',
  weight: 10,
  online_users: 3,
  views: 12,
  average_online_time: 3725,
  room_id: `world:${id}`,
  project_id: 7,
  project_name: 'Hall scene',
  scene_kind: 'scene',
  room_type: 'exhibition',
  capacity: 50,
  access: 'invite',
  has_password: false,
  invite_token: 'abcdefghijklmnopqrstuv',
  locked: false,
  created_at: at,
  updated_at: at,
  ...over,
});

async function show() {
  let entries = [entry(1)];
  const fetch = serve({
    '/api/user/user_info': () =>
      reply(
        200,
        makeUser({ id: 1, roles: ['creator'], permissions: [{ http_path: '/explore' }, { http_path: '/explore/list' }] }),
      ),
    '/api/explore/world_page': () => reply(200, { list: entries, total: entries.length, page: 1, limit: 10 }),
    '/api/project/my_project_page': () =>
      reply(200, { list: [makeOwnProject({ id: 7, name: 'Hall scene' })], total: 1, page: 1, limit: 20 }),
    '/api/explore/add_world': (body) => {
      const created = entry(2, { ...(body as Partial<WorldEntry>) });
      entries = [created, ...entries];
      return reply(200, created);
    },
    '/api/explore/up_world': (body) => {
      const b = body as Partial<WorldEntry> & { id: number; new_invite?: boolean };
      entries = entries.map((e) =>
        e.id === b.id ? { ...e, ...b, invite_token: b.new_invite ? 'zyxwvutsrqponmlkjihgfe' : e.invite_token } : e,
      );
      return reply(
        200,
        entries.find((e) => e.id === b.id),
      );
    },
    '/api/explore/del_world': (body) => {
      entries = entries.filter((e) => e.id !== (body as { id: number }).id);
      return reply(200, null);
    },
  });
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<WorldListPage />, '/explore/list');
  return fetch;
}

describe('meta world entries page', { timeout: 120_000 }, () => {
  it('lists entries with their figures; validates the weight; adds', async () => {
    const fetch = await show();
    const row = (await screen.findByText('Gallery')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 h 02 min')).toBeInTheDocument();
    expect(within(row).getByText('world:1')).toBeInTheDocument();
    expect(within(row).getByText('Exhibition')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Add room/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Classroom A' } });
    fireEvent.change(within(dialog).getByLabelText('Weight (0–999)'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Weight must be a whole number from 0 to 999')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Weight (0–999)'), { target: { value: '5' } });
    // Pick the project by its id.
    const picker = within(dialog).getByRole('combobox', { name: 'Scene or tour project' });
    await userEvent.type(picker, '7');
    await userEvent.click(await screen.findByText('Hall scene (#7)'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Room added')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/explore/add_world')).toEqual([
      {
        name: 'Classroom A',
        description: '',
        project_id: 7,
        weight: 5,
        room_type: 'open',
        capacity: 50,
        access: 'public',
        locked: false,
      },
    ]);
  });

  it('edits with the invite link (renewed after a confirmation) and deletes after a confirmation', async () => {
    const fetch = await show();
    const first = (await screen.findAllByText('Gallery'))[0]?.closest('tr') as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: /Edit/ }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByText(/#\/meta\/room\?id=1&invite=abcdefghijklmnopqrstuv/)).toBeInTheDocument();
    fireEvent.click(within(edit).getByRole('button', { name: /New invite link/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/explore/up_world')).toEqual([{ id: 1, new_invite: true }]));
    expect(await within(edit).findByText(/invite=zyxwvutsrqponmlkjihgfe/)).toBeInTheDocument();
    fireEvent.click(within(edit).getByRole('button', { name: /Cancel/ }));

    const gallery = (await screen.findAllByText('Gallery'))[0]?.closest('tr') as HTMLElement;
    fireEvent.click(within(gallery).getByRole('button', { name: /Delete/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/explore/del_world')).toEqual([{ id: 1 }]));
  });
});
