import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AvatarItem, avatarLook, defaultLookFor } from '@xr/contract/avatars';
import { forwardRef, useImperativeHandle } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests } from '../../components/test-utils';
import i18n from '../../lib/i18n';
import { AvatarEditor } from './components/avatar-editor';
import { canSave, type EditorState, editorReducer, randomLook } from './components/editor-state';
import AvatarListPage from './pages/avatar-list-page';

// The three.js stage needs WebGL: the tests use a stand-in that renders the look it receives and a fixed PNG.
vi.mock('./components/avatar-stage', () => ({
  default: forwardRef<{ capture(): Promise<Blob> }, { look?: { body: string; hair_style: string } }>(function Stage(
    { look },
    ref,
  ) {
    useImperativeHandle(ref, () => ({ capture: async () => new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }) }));
    return <div data-testid="stage">{look ? `${look.body}/${look.hair_style}` : 'model'}</div>;
  }),
}));

setupScreenTests();

const look = defaultLookFor(7);
const start: EditorState = { name: 'Me', look };

const item = (over: Partial<AvatarItem> = {}): AvatarItem => ({
  id: 1,
  name: 'Default',
  kind: 'parametric',
  look,
  model: null,
  preview: null,
  status: 'in_use',
  is_default: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('avatar editor state', () => {
  it('sets each parameter, keeps invalid values out and rounds the height', () => {
    let s = editorReducer(start, { type: 'set', key: 'body', value: 'broad' });
    expect(s.look.body).toBe('broad');
    s = editorReducer(s, { type: 'set', key: 'height', value: 1.0333 });
    expect(s.look.height).toBe(1.03);
    expect(editorReducer(s, { type: 'set', key: 'height', value: 3 })).toBe(s);
    expect(editorReducer(s, { type: 'set', key: 'skin', value: 'pink' })).toBe(s);
    expect(editorReducer(s, { type: 'set', key: 'accessory', value: 'cape' as never })).toBe(s);
    s = editorReducer(s, { type: 'set', key: 'hair_color', value: '#123abc' });
    expect(s.look.hair_color).toBe('#123abc');
    expect(editorReducer(s, { type: 'name', name: 'New' }).name).toBe('New');
    expect(canSave({ ...s, name: '  ' })).toBe(false);
    expect(canSave({ ...s, name: 'x'.repeat(31) })).toBe(false);
    expect(canSave(s)).toBe(true);
  });

  it('randomizes within the contract (the same seed gives the same look)', () => {
    for (let seed = 1; seed < 200; seed++) expect(avatarLook.safeParse(randomLook(seed)).success).toBe(true);
    expect(randomLook(42)).toEqual(randomLook(42));
    const s = editorReducer(start, { type: 'randomize', seed: 9 });
    expect(s.look).toEqual(randomLook(9));
    expect(s.name).toBe('Me');
  });

  it('the editor drives the preview from its controls and saves name, look and the rendered preview', async () => {
    const mock = serve({
      '/api/avatar/add_avatar': (body) => reply(200, item({ id: 5, is_default: false, ...(body as object) })),
      '/api/avatar/up_avatar_preview': () => reply(200, item({ id: 5, preview: '/api/files/public/p.png' })),
    });
    const onClose = vi.fn();
    renderAt(<AvatarEditor open avatar={null} startLook={look} onClose={onClose} />, '/avatar-list');
    expect(await screen.findByTestId('stage')).toHaveTextContent(`${look.body}/${look.hair_style}`);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByTestId('avatar-name'), { target: { value: 'Speaker' } });
    fireEvent.click(screen.getByText('Broad'));
    fireEvent.click(screen.getByText('Mohawk'));
    expect(screen.getByTestId('stage')).toHaveTextContent('broad/mohawk');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Top colour' })).getByRole('button', { name: 'Top colour #e53935' }),
    );
    fireEvent.click(screen.getByText('Headphones'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesTo(mock, '/api/avatar/add_avatar')).toEqual([
      { name: 'Speaker', look: { ...look, body: 'broad', hair_style: 'mohawk', top_color: '#e53935', accessory: 'headphones' } },
    ]);
    const preview = mock.mock.calls.find(([u]) => u.startsWith('/api/avatar/up_avatar_preview'));
    expect(preview?.[0]).toBe('/api/avatar/up_avatar_preview?id=5');
    expect(preview?.[1]?.body).toBeInstanceOf(FormData);
  }, 120_000);
});

describe('/avatar-list', () => {
  it('shows cards with status, default flag and refusal; Use switches after asking nothing, Delete asks first', async () => {
    const mock = serve({
      '/api/avatar/avatar_page': () =>
        reply(200, {
          list: [
            item(),
            item({ id: 2, name: 'Blue', is_default: false, status: 'alternative', preview: '/api/files/public/b.png' }),
            item({
              id: 3,
              name: 'Dense',
              kind: 'model',
              look: null,
              is_default: false,
              status: 'alternative',
              model: {
                format: 'glb',
                filename: 'dense.glb',
                status: 'failed',
                progress: 0,
                url: null,
                reason: 'avatar_too_many_triangles',
                error: 'The avatar has too many triangles: at most 70,000 (found 72,000)',
                stats: null,
              },
            }),
          ],
          total: 3,
          page: 1,
          limit: 12,
          allowance: 3,
          custom_count: 2,
        }),
      '/api/avatar/set_avatar_status': () => reply(200, item({ id: 2, status: 'in_use' })),
      '/api/avatar/del_avatar': () => reply(200, null),
    });
    renderAt(<AvatarListPage />, '/avatar-list');
    const cards = await screen.findAllByTestId('avatar-card');
    expect(cards).toHaveLength(3);
    expect(screen.getByTestId('avatar-allowance')).toHaveTextContent('Custom avatars: 2 of 3');
    expect(within(cards[0]!).getAllByText('Default')).toHaveLength(2); // the name and the default flag
    expect(within(cards[0]!).getByTestId('avatar-status')).toHaveTextContent('In use');
    expect(within(cards[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(cards[2]!).getByText(/found 72,000/)).toBeInTheDocument();
    expect(within(cards[2]!).getByTestId('use-3')).toBeDisabled();
    fireEvent.click(within(cards[1]!).getByTestId('use-2'));
    await waitFor(() => expect(bodiesTo(mock, '/api/avatar/set_avatar_status')).toEqual([{ id: 2, status: 'in_use' }]));
    fireEvent.click(within(cards[1]!).getByRole('button', { name: /Delete/ }));
    expect(bodiesTo(mock, '/api/avatar/del_avatar')).toEqual([]);
    const confirm = await screen.findByText('Delete the avatar “Blue”?');
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bodiesTo(mock, '/api/avatar/del_avatar')).toEqual([{ id: 2 }]));
  }, 120_000);
  it('offers the library characters with picture, name and clips; Use takes one and puts it in use', async () => {
    const knight = {
      model_id: 40,
      name: 'Knight',
      thumbnail: '/api/library/file/40/thumbnail.png',
      url: '/api/library/file/40/model.glb',
      clips: ['Idle', 'Walk'],
      height: 1.8,
      avatar_id: null,
    };
    const taken = item({
      id: 9,
      name: 'Robot',
      kind: 'model',
      look: null,
      is_default: false,
      status: 'in_use',
      library_model_id: 41,
      preview: '/api/library/file/41/thumbnail.png',
      model: {
        format: 'glb',
        filename: 'Robot.glb',
        status: 'ready',
        progress: 100,
        url: '/api/library/file/41/model.glb',
        reason: null,
        error: null,
        stats: null,
      },
    });
    const mock = serve({
      '/api/avatar/avatar_page': () =>
        reply(200, {
          list: [item({ status: 'alternative' }), taken],
          total: 2,
          page: 1,
          limit: 12,
          allowance: 1,
          custom_count: 0,
        }),
      '/api/avatar/library_avatar_page': () =>
        reply(200, {
          list: [knight, { ...knight, model_id: 41, name: 'Robot', clips: ['Run'], avatar_id: 9 }],
          total: 2,
          page: 1,
          limit: 12,
          over_budget: 0,
        }),
      '/api/avatar/use_library_avatar': () => reply(200, item({ id: 10, name: 'Knight', library_model_id: 40 })),
    });
    renderAt(<AvatarListPage />, '/avatar-list');
    const cards = await screen.findAllByTestId('avatar-card');
    expect(within(cards[1]!).getByText('Library')).toBeInTheDocument();
    expect(mock.mock.calls.some(([u]) => u.startsWith('/api/avatar/library_avatar_page'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Choose a character/ }));
    const offered = await screen.findAllByTestId('library-avatar');
    expect(offered).toHaveLength(2);
    expect(within(offered[0]!).getByRole('img', { name: 'Knight' })).toHaveAttribute('src', knight.thumbnail);
    expect(within(offered[0]!).getByText('2 animations')).toBeInTheDocument();
    // the character whose avatar is in use shows so
    expect(within(offered[1]!).getByTestId('use-library-41')).toBeDisabled();
    expect(within(offered[1]!).getByTestId('use-library-41')).toHaveTextContent('In use');
    fireEvent.click(within(offered[0]!).getByTestId('use-library-40'));
    await waitFor(() => expect(bodiesTo(mock, '/api/avatar/use_library_avatar')).toEqual([{ model_id: 40 }]));
    expect(await screen.findByText('“Knight” is now in use')).toBeInTheDocument();
    expect(screen.queryByTestId('library-left-out')).toBeNull();
  }, 120_000);

  const knight = {
    model_id: 40,
    name: 'Knight',
    thumbnail: '/api/library/file/40/thumbnail.png',
    url: '/api/library/file/40/model.glb',
    clips: ['Idle', 'Walk'],
    height: 1.8,
    avatar_id: null,
  };
  /** Opens the character list over a library page the server answers with. */
  async function openLibrary(library: object, button = /Choose a character/) {
    serve({
      '/api/avatar/avatar_page': () =>
        reply(200, { list: [item()], total: 1, page: 1, limit: 12, allowance: 1, custom_count: 0 }),
      '/api/avatar/library_avatar_page': () => reply(200, { page: 1, limit: 12, ...library }),
    });
    renderAt(<AvatarListPage />, '/avatar-list');
    fireEvent.click(await screen.findByRole('button', { name: button }));
  }

  it('says why the character list is empty when every character is over the avatar budget', async () => {
    await openLibrary({ list: [], total: 0, over_budget: 3 });
    expect(await screen.findByTestId('library-empty')).toHaveTextContent(
      "The library's 3 animated characters are all too heavy to use as avatars: a room shows many people at once, so an " +
        'avatar must stay within 70,000 triangles, 4 textures of at most 2048 px and 150 bones.',
    );
    expect(screen.queryAllByTestId('library-avatar')).toHaveLength(0);
  }, 120_000);

  it('offers the characters that fit and counts the ones the avatar budget leaves out under the list', async () => {
    await openLibrary({ list: [knight], total: 1, over_budget: 2 });
    expect(await screen.findAllByTestId('library-avatar')).toHaveLength(1);
    expect(screen.getByTestId('library-left-out')).toHaveTextContent(
      '2 more characters of the library are too heavy to use as avatars and are not shown.',
    );
  }, 120_000);

  it('says the library has no characters yet when none were left out (in the reader language)', async () => {
    await i18n.changeLanguage('tc');
    try {
      await openLibrary({ list: [], total: 0, over_budget: 0 }, /選擇角色/);
      expect(await screen.findByTestId('library-empty')).toHaveTextContent('模型庫中還沒有帶動畫的角色');
      expect(screen.queryByTestId('library-left-out')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  }, 120_000);
});
