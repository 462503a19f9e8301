import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminTag } from '@xr/contract/tags';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import TagPage from './pages/tag-page';

setupScreenTests();

const tag = (over: Partial<AdminTag> = {}): AdminTag => ({
  id: 3,
  name: 'museum',
  names: { zh: '博物馆', tc: '博物館', en: 'Museum' },
  enabled: true,
  sort: 1,
  usage: 12,
  created_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('/projecttag', () => {
  it('lists tags with their names and usage; the switch closes one', async () => {
    const mock = serve({
      '/api/tag/tag_page': () =>
        reply(200, {
          list: [tag(), tag({ id: 4, name: 'harbour', names: { zh: '', tc: '', en: 'Harbour' }, usage: 0 })],
          total: 2,
          page: 1,
          limit: 10,
        }),
      '/api/tag/set_tag': () => reply(200, tag({ enabled: false })),
    });
    renderAt(<TagPage />, '/projecttag');
    const row = (await screen.findByText('博物館')).closest('tr') as HTMLElement;
    expect(within(row).getByText('12')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('switch', { name: 'museum' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/tag/set_tag')).toEqual([{ id: 3, enabled: false }]));
    expect(await screen.findByText('Tag closed')).toBeInTheDocument();
  });

  it('adds a tag: the key is required on the client, names go in three languages', async () => {
    const mock = serve({
      '/api/tag/tag_page': () => reply(200, { list: [], total: 0, page: 1, limit: 10 }),
      '/api/tag/add_tag': () => reply(200, tag({ id: 9, name: 'gallery' })),
    });
    renderAt(<TagPage />, '/projecttag');
    fireEvent.click(await screen.findByRole('button', { name: /Add tag/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(bodiesTo(mock, '/api/tag/add_tag')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'gallery' } });
    fireEvent.change(within(dialog).getByLabelText('English'), { target: { value: 'Gallery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() =>
      expect(bodiesTo(mock, '/api/tag/add_tag')).toEqual([
        { name: 'gallery', names: { zh: '', tc: '', en: 'Gallery' }, sort: 0, enabled: true },
      ]),
    );
  });
});
