import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import FileTypePage from './file-type-page';

setupScreenTests();

const row = (id: number, extension: string, enabled = true) => ({
  id,
  kind: 'model3d',
  extension,
  max_bytes: 500 * 1024 ** 2,
  enabled,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('file type page', () => {
  it('lists the allow-list, switches a type off and deletes one after confirmation', async () => {
    let rows = [row(1, 'glb'), row(2, 'fbx')];
    const fetch = serve({
      '/api/system/filetype_page': () => reply(200, { list: rows, total: rows.length, page: 1, limit: 20 }),
      '/api/system/up_filetype': (b) => {
        const { id, enabled } = b as { id: number; enabled: boolean };
        rows = rows.map((r) => (r.id === id ? { ...r, enabled } : r));
        return reply(
          200,
          rows.find((r) => r.id === id),
        );
      },
      '/api/system/del_filetype': (b) => {
        rows = rows.filter((r) => r.id !== (b as { id: number }).id);
        return reply(200, null);
      },
    });
    renderAt(<FileTypePage />, '/system/filetype');
    expect(await screen.findByText('.glb')).toBeInTheDocument();
    expect(screen.getAllByText('500 MB').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('switch', { name: 'Switch .fbx' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/system/up_filetype')).toEqual([{ id: 2, enabled: false }]));

    const glbRow = screen.getByText('.glb').closest('tr') as HTMLElement;
    fireEvent.click(within(glbRow).getByRole('button', { name: /Delete/ }));
    expect(bodiesTo(fetch, '/api/system/del_filetype')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/system/del_filetype')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByText('.glb')).toBeNull());
  });
});
