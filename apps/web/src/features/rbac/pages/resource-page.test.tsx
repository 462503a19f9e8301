import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission, PermissionNode } from '@xr/contract/rbac';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import ResourcePage from './resource-page';

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
const perm = (id: number, name: string, http_path: string, parent_id: number | null, builtin = true): Permission => ({
  id,
  name,
  http_path,
  parent_id,
  sort: id * 10,
  builtin,
  created_at: at,
});

function fakeServer() {
  let all: Permission[] = [
    perm(1, 'profile', '/profile', null),
    perm(3, 'system', '/system', null),
    perm(5, 'auth', '/system/auth', 3),
    perm(8, 'Reports export', '/reports-export', null, false),
  ];
  const tree = (parent: number | null): PermissionNode[] =>
    all.filter((p) => p.parent_id === parent).map((p) => ({ ...p, children: tree(p.id) }));
  const fetch = serve({
    '/api/permissions/permission_tree': () => reply(200, tree(null)),
    '/api/permissions/top_level_permissions': () =>
      reply(
        200,
        all.filter((p) => p.parent_id === null),
      ),
    '/api/permissions/permissions_page': () => {
      const name = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('name') ?? '';
      const list = all.filter((p) => p.name.includes(name) || p.http_path.includes(name));
      return reply(200, { list, total: list.length, page: 1, limit: 20 });
    },
    '/api/permissions/add_permissions': (body) => {
      const b = body as { name: string; http_path: string; parent_id: number | null; sort: number };
      if (all.some((p) => p.http_path === b.http_path)) {
        return reply(40904, { field: 'http_path' }, 'A permission with this path already exists');
      }
      const created = { ...perm(20, b.name, b.http_path, b.parent_id, false), sort: b.sort };
      all = [...all, created];
      return reply(200, created);
    },
    '/api/permissions/del_permissions': (body) => {
      all = all.filter((p) => p.id !== (body as { id: number }).id);
      return reply(200, null);
    },
  });
  return fetch;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('resource page', () => {
  it('shows the permission tree with translated built-in names; built-in ones cannot be deleted', async () => {
    fakeServer();
    renderAt(<ResourcePage />, '/system/auth/resource');
    expect(await screen.findByText('Reports export')).toBeInTheDocument();
    expect(within(rowOf('Profile')).getByText('/profile')).toBeInTheDocument();
    expect(within(rowOf('Profile')).getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(within(rowOf('Reports export')).getByRole('button', { name: /Delete/ })).toBeEnabled();
  });

  it('adds a child permission under its parent and shows a taken path on its field', async () => {
    const fetch = fakeServer();
    renderAt(<ResourcePage />, '/system/auth/resource');
    await userEvent.click(
      within(await screen.findByText('System').then((el) => el.closest('tr') as HTMLElement)).getByRole('button', {
        name: /Add child/,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Backups' } });
    fireEvent.change(within(dialog).getByLabelText('Path (http_path)'), { target: { value: 'no-slash' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(
      await within(dialog).findByText('The path must start with / and contain only letters, digits, - _ /'),
    ).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Path (http_path)'), { target: { value: '/profile' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('A permission with this path already exists')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Path (http_path)'), { target: { value: '/system/backups' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Permission added')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/permissions/add_permissions').at(-1)).toEqual({
      name: 'Backups',
      http_path: '/system/backups',
      parent_id: 3,
      sort: 0,
    });
  });

  it('deletes a custom permission after confirmation', async () => {
    const fetch = fakeServer();
    renderAt(<ResourcePage />, '/system/auth/resource');
    await userEvent.click(
      within(rowOf(await screen.findByText('Reports export').then((el) => el.textContent ?? ''))).getByRole('button', {
        name: /Delete/,
      }),
    );
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/permissions/del_permissions')).toEqual([{ id: 8 }]));
    await waitFor(() => expect(screen.queryByText('Reports export')).not.toBeInTheDocument());
  });

  it('searches by name or path in a flat, paged list', async () => {
    fakeServer();
    renderAt(<ResourcePage />, '/system/auth/resource');
    await screen.findByText('Reports export');
    fireEvent.change(screen.getByLabelText('Name or path'), { target: { value: 'auth' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('/system/auth')).toBeInTheDocument();
    expect(screen.queryByText('Reports export')).not.toBeInTheDocument();
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
  });
});
