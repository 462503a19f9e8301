import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { uploads } from '../../../test/fake-tus';
import { AssetPanel } from './asset-panel';

vi.mock('tus-js-client', async () => ({ Upload: (await import('../../../test/fake-tus')).FakeUpload }));

setupScreenTests('en');

describe('my models', () => {
  it('an uploaded model says "being processed" until it is ready, then shows as a card', async () => {
    let state: 'none' | 'processing' | 'ready' = 'none';
    serve({
      '/api/project/asset_status': () =>
        reply(200, {
          project_id: 5,
          review_status: 'draft',
          assets:
            state === 'none'
              ? []
              : [
                  {
                    id: 50,
                    project_id: 5,
                    kind: 'model3d',
                    filename: 'chair.glb',
                    bytes: 9,
                    status: state,
                    job: null,
                    created_at: '',
                  },
                ],
        }),
      '/api/project/content': () =>
        reply(200, {
          id: 5,
          cover: '',
          access: 'full',
          message: '',
          assets:
            state === 'ready'
              ? [
                  {
                    id: 50,
                    kind: 'model3d',
                    filename: 'chair.glb',
                    original_url: '/f/chair.glb',
                    outputs: { model: '/f/chair-out.glb', thumbnail: '/f/chair.png' },
                    tiles: null,
                  },
                ]
              : [],
        }),
      '/api/library/model_page': () => reply(200, { list: [], total: 0, page: 1, limit: 24 }),
      '/api/library/category_list': () => reply(200, []),
    });
    renderAt(<AssetPanel projectId={5} onAdd={() => undefined} />, '/vrdata/scene-editor');
    fireEvent.click(screen.getByText('My models'));
    await screen.findByText('No models uploaded yet');
    const input = document.querySelector('.xr-editor__upload input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(9)], 'chair.glb')] } });
    await waitFor(() => expect(uploads[0]?.start).toHaveBeenCalled());
    state = 'processing';
    act(() => uploads[0]!.options.onSuccess({ lastResponse: { getHeader: (n) => (n === 'X-Asset-Id' ? '50' : undefined) } }));
    expect(await screen.findByTestId('upload-processing')).toBeTruthy();
    await screen.findByTestId('asset-pending');

    // The panel polls while a file is processed; once ready the card replaces the pending one and the line goes.
    state = 'ready';
    await waitFor(() => expect(screen.queryByTestId('upload-processing')).toBeNull(), { timeout: 8000 });
    const card = await screen.findByTestId('asset-card');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/f/chair.png');
    expect(screen.queryByTestId('asset-pending')).toBeNull();
  }, 20_000);
});
