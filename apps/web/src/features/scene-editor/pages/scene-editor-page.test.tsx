import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { bodiesTo, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { clearErrorLog, getErrorLog } from '../../../lib/error-log';
import { FeedbackBridge } from '../../../lib/feedback';
import { queryClient } from '../../../lib/query-client';
import SceneEditorPage from './scene-editor-page';

// No WebGL in jsdom: the viewport is replaced by a plain box (its own logic runs in the browser journeys).
vi.mock('../components/viewport', () => ({
  DRAG_TYPE: 'application/x-xr-scene-asset',
  Viewport: () => <div data-testid="editor-viewport" />,
}));

setupScreenTests('en');

const details = (version: number, objects: unknown[] = []) => ({
  id: 5,
  kind: 'scene',
  version,
  state: 'draft',
  access: 'full',
  document: { schema_version: 1, kind: 'scene', objects },
  media: {},
  library: {},
  products: {},
  review: { draft_version: version, submitted_version: null, published_version: null, state: 'none', reason: '' },
});

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/vrdata/scene-editor', element: <SceneEditorPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/vrdata/scene-editor?id=5'] },
  );
  render(
    <ConfigProvider wave={{ disabled: true }}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <FeedbackBridge />
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

const emptyLists = {
  '/api/project/asset_status': () => reply(200, { project_id: 5, review_status: 'draft', assets: [] }),
  '/api/project/content': () => reply(200, { id: 5, cover: '', access: 'full', message: '', assets: [] }),
  '/api/library/model_page': () => reply(200, { list: [], total: 0, page: 1, limit: 24 }),
  '/api/library/category_list': () => reply(200, []),
  '/api/library/summary': () => reply(200, { models: 0, variants: 0, imported: 0, packs: 0 }),
};

async function addGroup() {
  fireEvent.click(screen.getByTestId('add-menu'));
  fireEvent.click(await screen.findByText('Empty group', undefined, { timeout: 15_000 }));
}

describe('scene editor page', { timeout: 180_000 }, () => {
  it('autosaves over the loaded version; a conflict offers overwrite (force) and reload; undo with Ctrl+Z', async () => {
    let saves = 0;
    const fetch = serve({
      ...emptyLists,
      '/api/project/scene_details': () => reply(200, details(3)),
      '/api/project/save_scene': () => {
        saves += 1;
        return saves === 2 ? reply(40940, null, 'A newer version exists') : reply(200, { version: 3 + saves });
      },
    });
    renderEditor();
    await screen.findByTestId('scene-editor', undefined, { timeout: 30_000 });
    await addGroup();
    expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'dirty');
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'saved'), { timeout: 20_000 });
    const first = bodiesTo(fetch, '/api/project/save_scene')[0] as {
      id: number;
      base_version: number;
      document: { objects: unknown[] };
    };
    expect(first).toMatchObject({ id: 5, base_version: 3 });
    expect(first.document.objects).toHaveLength(1);

    // Another change: the server has a newer version → the conflict dialog.
    await addGroup();
    await screen.findByText('The scene was changed elsewhere', undefined, { timeout: 20_000 });
    expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'conflict');
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'saved'));
    const bodies = bodiesTo(fetch, '/api/project/save_scene') as { base_version: number; force?: boolean }[];
    expect(bodies[1]).toMatchObject({ base_version: 4 });
    expect(bodies[2]).toMatchObject({ base_version: 4, force: true });

    // Keyboard undo removes the last group.
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.click(screen.getByText('Outline'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid^=outline-group_]')).toHaveLength(1));
  });

  it('does not save an invalid document and shows the problem; warns before leaving with unsaved changes', async () => {
    const fetch = serve({
      ...emptyLists,
      '/api/project/scene_details': () => reply(200, details(1)),
      '/api/project/save_scene': () => reply(200, { version: 2 }),
    });
    const router = renderEditor();
    await screen.findByTestId('scene-editor', undefined, { timeout: 30_000 });
    // A link hotspot starts without its URL: invalid until filled.
    fireEvent.click(screen.getByTestId('add-menu'));
    fireEvent.click(await screen.findByText('Link', undefined, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: /^save Save$/i }));
    await screen.findByText(/problem\(s\) to fix/, undefined, { timeout: 15_000 });
    expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'invalid');
    expect(bodiesTo(fetch, '/api/project/save_scene')).toHaveLength(0);
    expect((await screen.findAllByTestId('issues')).length).toBeGreaterThan(0);

    // Leaving asks first; staying keeps the editor.
    void router.navigate('/vrdata/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vrdata/scene-editor'));
    expect((await screen.findAllByText('Leave the editor?', undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/vrdata/scene-editor'));
  });

  it('a new project opens empty with nothing logged; submitting asks first and then rests until the next edit', async () => {
    clearErrorLog();
    const fetch = serve({
      ...emptyLists,
      // the owner's project without a document yet
      '/api/project/scene_details': () =>
        reply(200, {
          ...details(0),
          access: 'full',
          document: null,
          review: { draft_version: 0, submitted_version: null, published_version: null, state: 'none', reason: '' },
        }),
      '/api/project/save_scene': () => reply(200, { version: 1 }),
      '/api/project/submit_scene': () => reply(200, { review_status: 'pending', scene_review: 'pending', submitted_version: 1 }),
    });
    renderEditor();
    await screen.findByTestId('scene-editor', undefined, { timeout: 30_000 });
    expect(getErrorLog()).toEqual([]);

    await addGroup();
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveAttribute('data-state', 'saved'), { timeout: 20_000 });
    fireEvent.click(screen.getByTestId('submit-scene'));
    // nothing is sent before the creator confirms
    expect((await screen.findAllByText('Submit for review?', undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(bodiesTo(fetch, '/api/project/submit_scene')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Submit for review' }).at(-1)!);
    await waitFor(() => expect(bodiesTo(fetch, '/api/project/submit_scene')).toEqual([{ id: 5 }]));
    await waitFor(() => expect(screen.getByTestId('submit-scene')).toBeDisabled());
    expect(screen.getByTestId('submit-scene')).toHaveTextContent('Under review');

    // An edit makes a new draft: it may be submitted again.
    await addGroup();
    await waitFor(() => expect(screen.getByTestId('submit-scene')).toBeEnabled());
    expect(getErrorLog()).toEqual([]);
  });
});
