import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionNode, Role } from '@xr/contract/rbac';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesTo, type FetchMock, renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import RolePage from './role-page';

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
const role = (id: number, name: string, over: Partial<Role> = {}): Role => ({
  id,
  name,
  description: '',
  user_count: 0,
  builtin: false,
  created_at: at,
  ...over,
});
const node = (id: number, name: string, http_path: string, parent_id: number | null, children: PermissionNode[] = []) => ({
  id,
  name,
  http_path,
  parent_id,
  sort: id * 10,
  builtin: true,
  created_at: at,
  children,
});

const TREE: PermissionNode[] = [
  node(1, 'profile', '/profile', null),
  node(2, 'wishList', '/wishlist', null),
  node(3, 'system', '/system', null, [
    node(4, 'logs', '/system/logs', 3),
    node(5, 'auth', '/system/auth', 3, [
      node(6, 'authRole', '/system/auth/role', 5),
      node(7, 'authResource', '/system/auth/resource', 5),
    ]),
  ]),
];

/** A small stateful fake of the rbac API behind the stubbed fetch. */
function fakeServer() {
  let roles: Role[] = [
    role(1, 'admin', { builtin: true, user_count: 1 }),
    role(2, 'creator', { builtin: true, user_count: 4 }),
    role(6, 'editor', { description: 'Edits the catalogue' }),
  ];
  const held = new Map<number, number[]>([
    [1, [1, 2, 3, 4, 5, 6, 7]],
    [6, [1]],
  ]);
  let nextId = 7;
  const fetch: FetchMock = serve({
    '/api/role/role_page': () => {
      const url = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x');
      const name = url.searchParams.get('name')?.toLowerCase() ?? '';
      const list = roles.filter((r) => r.name.toLowerCase().includes(name));
      return reply(200, {
        list,
        total: list.length,
        page: Number(url.searchParams.get('page')),
        limit: Number(url.searchParams.get('limit')),
      });
    },
    '/api/role/add_role': (body) => {
      const { name, description } = body as { name: string; description?: string };
      if (roles.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
        return reply(40904, { field: 'name' }, 'A role with this name already exists');
      }
      const created = role(nextId++, name, { description: description ?? '' });
      roles = [...roles, created];
      return reply(200, created);
    },
    '/api/role/role_details': () => {
      const id = Number(new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('id'));
      return reply(
        200,
        roles.find((r) => r.id === id),
      );
    },
    '/api/role/role_update': (body) => {
      const { id, ...rest } = body as { id: number; name: string; description: string };
      roles = roles.map((r) => (r.id === id ? { ...r, ...rest } : r));
      return reply(
        200,
        roles.find((r) => r.id === id),
      );
    },
    '/api/role/del_role': (body) => {
      roles = roles.filter((r) => r.id !== (body as { id: number }).id);
      return reply(200, null);
    },
    '/api/permissions/permission_tree': () => reply(200, TREE),
    '/api/role/role_permission_details': () => {
      const id = Number(new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('id'));
      return reply(200, { role_id: id, permission_ids: held.get(id) ?? [] });
    },
    '/api/role/role_distribution_power': (body) => {
      const { role_id, permission_ids } = body as { role_id: number; permission_ids: number[] };
      held.set(role_id, permission_ids);
      return reply(200, { role_id, permission_ids });
    },
  });
  return fetch;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const urlsTo = (fetch: FetchMock, path: string) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.split('?')[0] === path);

async function showPage() {
  const fetch = fakeServer();
  renderAt(<RolePage />, '/system/auth/role');
  await screen.findByText('Edits the catalogue');
  return fetch;
}

describe('role page', () => {
  it('lists roles with translated built-in names, user counts and paging', async () => {
    const fetch = await showPage();
    expect(urlsTo(fetch, '/api/role/role_page')[0]).toBe('/api/role/role_page?page=1&limit=10');
    expect(within(rowOf('Administrator')).getByText('admin')).toBeInTheDocument();
    expect(within(rowOf('Creator')).getByText('4')).toBeInTheDocument();
    expect(within(rowOf('editor')).getByText('Custom')).toBeInTheDocument();
    expect(screen.getAllByText('Built-in')).toHaveLength(2);
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
    // built-in roles cannot be deleted
    expect(within(rowOf('Administrator')).getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(within(rowOf('editor')).getByRole('button', { name: /Delete/ })).toBeEnabled();
  });

  it('searches by name from page 1', async () => {
    const fetch = await showPage();
    fireEvent.change(screen.getByLabelText('Role name'), { target: { value: ' edit ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('Administrator')).not.toBeInTheDocument());
    expect(urlsTo(fetch, '/api/role/role_page').at(-1)).toBe('/api/role/role_page?name=edit&page=1&limit=10');
    expect(screen.getByText('editor')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
  });

  it('adds a role, checking the name on the client and showing a taken name on its field', async () => {
    const fetch = await showPage();
    await userEvent.click(screen.getByRole('button', { name: /Add role/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Name cannot be empty')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/role/add_role')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Editor' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('A role with this name already exists')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'reviewer' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Reviews projects' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Role added')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/role/add_role').at(-1)).toEqual({ name: 'reviewer', description: 'Reviews projects' });
    expect(await screen.findByText('Reviews projects')).toBeInTheDocument();
  });

  it('edits a role; a built-in role keeps its name', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('Administrator')).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Role name')).toBeDisabled();
    expect(within(dialog).getByText('Built-in roles cannot be deleted or renamed')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Runs the platform' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Role saved')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/role/role_update')).toEqual([{ id: 1, name: 'admin', description: 'Runs the platform' }]);
    expect(await screen.findByText('Runs the platform')).toBeInTheDocument();
  });

  it('deletes a role only after "confirm to perform this action"', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('editor')).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/role/del_role')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/role/del_role')).toEqual([{ id: 6 }]));
    expect(await screen.findByText('Role deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Edits the catalogue')).not.toBeInTheDocument());
  });

  it("edits a role's permissions in the tree: ticking a screen ticks its menus, saving replaces the set", async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('editor')).getByRole('button', { name: /Permissions/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Permissions of editor')).toBeInTheDocument();
    const checkbox = async (path: string) => {
      const title = await within(drawer).findByText(path);
      return title.closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
    };
    const isChecked = async (path: string) => (await checkbox(path)).classList.contains('ant-tree-checkbox-checked');

    expect(await isChecked('/profile')).toBe(true);
    expect(await isChecked('/system/auth/role')).toBe(false);
    expect(within(drawer).getByTestId('power-count')).toHaveTextContent('1 selected');

    fireEvent.click(await checkbox('/system/auth/role'));
    expect(await isChecked('/system/auth/role')).toBe(true);
    expect(await isChecked('/system/auth')).toBe(true);
    expect(await isChecked('/system')).toBe(true);
    expect(await isChecked('/system/logs')).toBe(false);

    fireEvent.click(await checkbox('/profile'));
    expect(await isChecked('/profile')).toBe(false);

    await userEvent.click(within(drawer).getByRole('button', { name: /Save permissions/ }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/role/role_distribution_power')).toEqual([{ role_id: 6, permission_ids: [3, 5, 6] }]),
    );
    expect(await screen.findByText("Permissions saved; they apply on the holders' next request")).toBeInTheDocument();
  });

  it('unticking a menu unticks everything below it, and the admin role cannot drop /system/auth', async () => {
    const fetch = await showPage();
    await userEvent.click(within(rowOf('Administrator')).getByRole('button', { name: /Permissions/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(/always keeps Permission management/)).toBeInTheDocument();
    const checkbox = async (path: string) =>
      (await within(drawer).findByText(path)).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;

    expect((await checkbox('/system/auth')).classList).toContain('ant-tree-checkbox-disabled');
    expect((await checkbox('/system')).classList).toContain('ant-tree-checkbox-disabled');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Clear' }));
    expect(within(drawer).getByTestId('power-count')).toHaveTextContent('2 selected');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Select all' }));
    fireEvent.click(await checkbox('/system/auth/role'));
    fireEvent.click(await checkbox('/system/logs'));
    await userEvent.click(within(drawer).getByRole('button', { name: /Save permissions/ }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/role/role_distribution_power')).toEqual([{ role_id: 1, permission_ids: [1, 2, 3, 5, 7] }]),
    );
  });
});
