import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagedModel } from '@xr/contract/library';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import LibraryManagePage from './library-manage-page';

setupScreenTests();

const model = (id: number, en: string, over: Partial<ManagedModel> = {}): ManagedModel => ({
  id,
  name: en,
  names: { zh: `${en}（简）`, tc: `${en}（繁）`, en },
  kind: 'prop',
  category: 'furniture',
  tags: [{ id: 'wood', name: 'wooden' }],
  thumbnail: `/api/library/file/${id}/thumbnail.png`,
  url: `/api/library/file/${id}/model.glb`,
  triangles: 120,
  bytes: 3000,
  size: [0.5, 0.9, 0.5],
  clips: [],
  group: `gen:family${id}`,
  variant: '',
  variants: 1,
  credit: null,
  hidden: false,
  source: 'generated',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function setup() {
  let rows = [model(1, 'Oak classic chair'), model(2, 'Red stool', { triangles: 0 })];
  const fetch = serve({
    '/api/library/manage_page': () => reply(200, { list: rows, total: rows.length, page: 1, limit: 20 }),
    '/api/library/update_model': (b) => {
      const { id, ...patch } = b as {
        id: number;
        hidden?: boolean;
        names?: ManagedModel['names'];
        category?: ManagedModel['category'];
      };
      rows = rows.map((r) =>
        r.id === id ? { ...r, ...patch, name: patch.names?.en ?? r.name, names: patch.names ?? r.names } : r,
      );
      return reply(
        200,
        rows.find((r) => r.id === id),
      );
    },
  });
  renderAt(<LibraryManagePage />, '/system/library');
  return fetch;
}

describe('model library page (/system/library)', { timeout: 90_000 }, () => {
  it('lists models with previews and figures, and searches on the server', async () => {
    const fetch = setup();
    expect(await screen.findByText('Oak classic chair')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Oak classic chair' })).toHaveAttribute('src', '/api/library/file/1/thumbnail.png');
    expect(screen.getByText('120 triangles')).toBeInTheDocument();
    expect(screen.getByText('Built on first use')).toBeInTheDocument();
    expect(screen.getByText('2 models')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search names and tags' }), { target: { value: ' chair ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => u.includes('/api/library/manage_page') && u.includes('keyword=chair'))).toBe(true),
    );
  });

  it('hides a model after confirmation and shows it again', async () => {
    const fetch = setup();
    const chairRow = (await screen.findByText('Oak classic chair')).closest('tr') as HTMLElement;
    fireEvent.click(within(chairRow).getByRole('button', { name: /Hide/ }));
    expect(bodiesTo(fetch, '/api/library/update_model')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/library/update_model')).toEqual([{ id: 1, hidden: true }]));
    expect(await screen.findByText('Hidden from creators')).toBeInTheDocument();
    const hiddenRow = (await screen.findByText('Hidden')).closest('tr') as HTMLElement;
    fireEvent.click(within(hiddenRow).getByRole('button', { name: /Show/ }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/library/update_model')).toContainEqual({ id: 1, hidden: false }));
  });

  it('renames in three languages and recategorises, refusing an empty name', async () => {
    const fetch = setup();
    const stoolRow = (await screen.findByText('Red stool')).closest('tr') as HTMLElement;
    fireEvent.click(within(stoolRow).getByRole('button', { name: /Rename/ }));
    const dialog = await screen.findByRole('dialog');
    const en = within(dialog).getByLabelText('Name (English)');
    fireEvent.change(en, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Name cannot be empty')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/library/update_model')).toHaveLength(0);
    fireEvent.change(en, { target: { value: 'Bar stool' } });
    fireEvent.change(within(dialog).getByLabelText('Name (Simplified Chinese)'), { target: { value: '吧凳' } });
    fireEvent.change(within(dialog).getByLabelText('Name (Traditional Chinese)'), { target: { value: '吧凳' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByTitle('Lighting'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/library/update_model')).toEqual([
        { id: 2, names: { zh: '吧凳', tc: '吧凳', en: 'Bar stool' }, category: 'lighting' },
      ]),
    );
    expect(await screen.findByText('Bar stool')).toBeInTheDocument();
  });
});
