import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LibraryModel } from '@xr/contract/library';
import { describe, expect, it, vi } from 'vitest';
import { SceneCredits } from '../../../components/library/library-credit';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { CreditButton, LibraryCounts, VariantPicker } from './library-variants';

setupScreenTests('en');

const model = (id: number, en: string, over: Partial<LibraryModel> = {}): LibraryModel => ({
  id,
  name: en,
  names: { zh: en, tc: en, en },
  kind: 'prop',
  category: 'props',
  tags: [],
  thumbnail: `/api/library/file/${id}/thumbnail.png`,
  url: `/api/library/file/${id}/model.glb`,
  triangles: 100,
  bytes: 1000,
  size: [1, 1, 1],
  clips: [],
  group: 'pack:Castle Kit (1.0):knight',
  variant: '',
  variants: 2,
  credit: { pack: 'Castle Kit (1.0)', author: 'Kenney', license: 'CC0 1.0', url: 'https://kenney.nl' },
  ...over,
});

describe('library cards: variants, credits, counts', { timeout: 60_000 }, () => {
  it('picks a variant of a grouped model from its picker', async () => {
    const blue = model(1, 'Knight blue', { variant: 'Blue' });
    const red = model(2, 'Knight red', { variant: 'Red' });
    const fetch = serve({
      '/api/library/model_page': () => reply(200, { list: [blue, red], total: 2, page: 1, limit: 100 }),
    });
    const onPick = vi.fn();
    renderAt(<VariantPicker model={blue} onPick={onPick} />, '/');
    fireEvent.click(screen.getByTestId('variant-picker'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the scene Knight red' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    const url = String(fetch.mock.calls.find(([u]) => String(u).includes('model_page'))?.[0]);
    expect(new URLSearchParams(url.split('?')[1]).get('group')).toBe(blue.group);
  });

  it("shows an imported model's credit, unknown parts said honestly, and none for a generated one", async () => {
    serve({});
    renderAt(
      <>
        <CreditButton model={model(1, 'Knight blue')} />
        <CreditButton model={model(3, 'Tree', { credit: { pack: 'Mystery', author: null, license: null, url: null } })} />
        <CreditButton model={model(4, 'Oak chair', { credit: null })} />
      </>,
      '/',
    );
    expect(screen.queryByRole('button', { name: 'Credits Oak chair' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Credits Knight blue' }));
    expect(await screen.findByText(/Castle Kit \(1\.0\) by Kenney, CC0 1\.0/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kenney.nl' })).toHaveAttribute('href', 'https://kenney.nl');
    fireEvent.click(screen.getByRole('button', { name: 'Credits Tree' }));
    expect(await screen.findByText('Mystery by unknown author, licence unknown')).toBeInTheDocument();
  });

  it('counts models and variants, and lists a scene’s credits', async () => {
    serve({
      '/api/library/credit_list': () =>
        reply(200, [
          { id: 1, name: 'Knight blue', credit: model(1, 'x').credit },
          { id: 9, name: 'Oak chair', credit: null },
        ]),
    });
    renderAt(
      <>
        <LibraryCounts models={312} variants={3390} />
        <SceneCredits libraryIds={[1, 9]} />
      </>,
      '/',
    );
    expect(screen.getByTestId('library-counts')).toHaveTextContent('312 models · 3,390 variants');
    await waitFor(() =>
      expect(screen.getByTestId('scene-credits')).toHaveTextContent('Knight blue — Castle Kit (1.0) by Kenney'),
    );
    expect(screen.getByTestId('scene-credits')).not.toHaveTextContent('Oak chair');
  });
});
