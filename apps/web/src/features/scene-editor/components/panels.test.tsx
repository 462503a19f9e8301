import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptySceneDocument, type SceneObject, sceneDocument } from '@xr/contract/scenes';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { addObjects } from '../store/commands';
import { createEditorStore } from '../store/editor-store';
import { AssetPanel } from './asset-panel';
import { createRuntime, EditorContext } from './editor-context';
import { Inspector } from './inspector';
import { OutlineTree } from './outline-tree';
import { SettingsPanel } from './settings-panel';

setupScreenTests('en');

const parse = (objects: unknown[]) => sceneDocument.parse({ schema_version: 1, kind: 'scene', objects }).objects;

function setup(objects: SceneObject[] = []) {
  const store = createEditorStore(5);
  store.getState().load(
    {
      id: 5,
      kind: 'scene',
      version: 1,
      state: 'draft',
      access: 'full',
      document: null,
      media: {},
      library: {},
      products: {},
      review: null,
    },
    emptySceneDocument(),
  );
  if (objects.length) store.getState().exec(addObjects(objects));
  const render = (el: ReactElement) =>
    renderAt(
      <EditorContext.Provider value={{ store, runtime: createRuntime() }}>{el}</EditorContext.Provider>,
      '/vrdata/scene-editor',
    );
  return { store, s: () => store.getState(), render };
}

function api() {
  return serve({
    '/api/project/asset_status': () =>
      reply(200, {
        project_id: 5,
        review_status: 'draft',
        assets: [
          { id: 31, project_id: 5, kind: 'image360', filename: 'sky.jpg', bytes: 10, status: 'ready', job: null, created_at: '' },
          {
            id: 32,
            project_id: 5,
            kind: 'model3d',
            filename: 'crate.fbx',
            bytes: 2048,
            status: 'ready',
            job: null,
            created_at: '',
          },
          {
            id: 33,
            project_id: 5,
            kind: 'model3d',
            filename: 'big.fbx',
            bytes: 4096,
            status: 'processing',
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
        assets: [
          {
            id: 31,
            kind: 'image360',
            filename: 'sky.jpg',
            original_url: '/f/sky.jpg',
            outputs: { preview: '/f/sky-p.jpg' },
            tiles: null,
          },
          {
            id: 32,
            kind: 'model3d',
            filename: 'crate.fbx',
            original_url: '/f/crate.fbx',
            outputs: { model: '/f/crate.glb' },
            tiles: null,
          },
        ],
      }),
    '/api/library/model_page': () =>
      reply(200, {
        list: [
          {
            id: 1,
            name: 'Oak table',
            category: 'furniture',
            tags: [],
            thumbnail: '/t1.png',
            url: '/m1.glb',
            triangles: 1200,
            bytes: 5000,
            kind: 'prop',
            clips: [],
            names: { zh: '橡木桌', tc: '橡木桌', en: 'Oak table' },
            size: [1.2, 0.75, 0.8],
            group: 'gen:oak-table',
            variant: '',
            variants: 1,
            credit: null,
          },
          {
            id: 2,
            name: 'Guide',
            category: 'characters',
            tags: [],
            thumbnail: '/t2.png',
            url: '/m2.glb',
            triangles: 8000,
            bytes: 90000,
            kind: 'character',
            clips: ['idle', 'walk', 'wave'],
            names: { zh: '导游', tc: '導遊', en: 'Guide' },
            size: [0.5, 1.8, 0.4],
            group: 'pack:people:guide',
            variant: '',
            variants: 1,
            credit: { pack: 'people', author: null, license: 'CC0', url: null },
          },
        ],
        total: 2,
        page: 1,
        limit: 24,
      }),
    '/api/library/category_list': () => reply(200, [{ id: 'furniture', name: 'Furniture', count: 1 }]),
    '/api/home_page/item_list': () =>
      reply(200, {
        list: [
          {
            id: 77,
            name: 'Lamp set',
            catalog: '3d_model',
            type: '3d_model',
            price: 12.5,
            is_free: false,
            cover: '/c.png',
            keywords: '',
            tags: [],
            creator: { id: 8, name: 'bob', avatar: '' },
            score: 0,
            score_count: 0,
            sales_count: 0,
            created_at: '2025-01-01T00:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
        total_exact: true,
      }),
  });
}

async function pickOption(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getAllByLabelText(label)[0]!);
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option'),
    ].find((n) => n.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found as HTMLElement;
  });
  fireEvent.click(item);
}

describe('scene editor panels', { timeout: 30_000 }, () => {
  it('asset panel: library thumbnails add a model or an NPC; uploads list processed and pending models', async () => {
    api();
    const { render } = setup();
    const onAdd = vi.fn();
    render(<AssetPanel projectId={5} onAdd={onAdd} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the scene Oak table' }));
    expect(onAdd).toHaveBeenLastCalledWith(
      expect.objectContaining({ from: 'library', as: 'model', item: expect.objectContaining({ id: 1 }) }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add as an NPC Guide' }));
    expect(onAdd).toHaveBeenLastCalledWith(expect.objectContaining({ as: 'npc', item: expect.objectContaining({ id: 2 }) }));

    fireEvent.click(screen.getByText('My models'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to the scene crate.fbx' }));
    expect(onAdd).toHaveBeenLastCalledWith(expect.objectContaining({ from: 'upload', assetId: 32, model: '/f/crate.glb' }));
    expect(screen.getByTestId('asset-pending')).toHaveTextContent('big.fbx');
    expect(screen.getByText('Processing')).toBeInTheDocument();
  });

  it('outline: the tree with groups; hide and lock per row, click selects', async () => {
    const { s, render } = setup(
      parse([
        { id: 'g1', type: 'group', name: 'Stand' },
        { id: 'm1', type: 'model', name: 'Vase', parent: 'g1', source: { library_id: 1 } },
        { id: 'l1', type: 'light', name: 'Sun', light: { kind: 'directional' } },
      ]),
    );
    render(<OutlineTree />);
    expect(screen.getByTestId('outline-m1')).toHaveTextContent('Vase');
    fireEvent.click(within(screen.getByTestId('outline-l1')).getByRole('button', { name: 'Hide' }));
    expect(s().doc.objects.find((o) => o.id === 'l1')?.hidden).toBe(true);
    fireEvent.click(within(screen.getByTestId('outline-m1')).getByRole('button', { name: 'Lock' }));
    expect(s().doc.objects.find((o) => o.id === 'm1')?.locked).toBe(true);
    fireEvent.click(screen.getByText('Sun'));
    expect(s().selection).toEqual(['l1']);
    s().undo();
    expect(s().doc.objects.find((o) => o.id === 'm1')?.locked).toBe(false);
  });

  it('inspector: NPC steps are added, filled, reordered and undone', async () => {
    api();
    const { s, render } = setup(parse([{ id: 'npc1', type: 'npc', name: 'Guide', source: { library_id: 2 } }]));
    s().select(['npc1']);
    render(<Inspector />);
    await pickOption('Add a step', 'Walk along waypoints');
    await pickOption('Add a step', 'Say a line');
    const npc = () => s().doc.objects[0] as Extract<SceneObject, { type: 'npc' }>;
    expect(npc().steps.map((x) => x.type)).toEqual(['walk', 'say']);

    const say = screen.getByTestId('npc-step-1');
    const line = within(say).getByLabelText('Line (EN)');
    fireEvent.change(line, { target: { value: 'Hello there' } });
    fireEvent.blur(line);
    expect(npc().steps[1]).toMatchObject({ type: 'say', text: { en: 'Hello there' }, radius: 3 });

    // Placing waypoints switches the viewport tool on for this step.
    fireEvent.click(
      within(screen.getByTestId('npc-step-0')).getByRole('button', { name: /Click in the viewport to place waypoints/ }),
    );
    expect(s().tool).toEqual({ kind: 'waypoint', npc: 'npc1', step: 0 });

    fireEvent.click(within(say).getByRole('button', { name: 'Move up' }));
    expect(npc().steps.map((x) => x.type)).toEqual(['say', 'walk']);
    s().undo();
    expect(npc().steps.map((x) => x.type)).toEqual(['walk', 'say']);
    expect(s().past.every((c) => c.kind === 'add' || c.kind === 'npc')).toBe(true);
  });

  it('inspector: a product hotspot picks a market project; problems show at their place', async () => {
    api();
    const { s, render } = setup(parse([{ id: 'h1', type: 'hotspot', name: 'Buy', hotspot: { id: 'h1', kind: 'text' } }]));
    s().select(['h1']);
    render(<Inspector />);
    await pickOption('Type', 'Product');
    expect(s().validate()).toBeNull();
    expect(await screen.findAllByTestId('issues')).not.toHaveLength(0);
    await pickOption('Product', 'Lamp set · HK$12.50');
    expect(s().doc.objects[0]).toMatchObject({ hotspot: { kind: 'product', project_id: 77, icon: 'cart' } });
    expect(s().details.products['77']).toMatchObject({ name: 'Lamp set', price: 12.5 });
    expect(s().validate()).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId('issues')).toBeNull());

    // Renaming through the name field is one command.
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Buy the lamp' } });
    fireEvent.blur(name);
    expect(s().doc.objects[0]!.name).toBe('Buy the lamp');
    expect(s().past.at(-1)?.kind).toBe('rename');
  });

  it('settings: preset, fog and the 360 sky from the creator’s images', async () => {
    api();
    const { s, render } = setup();
    render(<SettingsPanel />);
    await pickOption('Preset', 'Sunset');
    expect(s().doc.settings.environment.preset).toBe('sunset');
    fireEvent.click(screen.getByRole('switch', { name: 'On' }));
    expect(s().doc.settings.fog.enabled).toBe(true);
    await pickOption('360 sky', 'sky.jpg');
    expect(s().doc.settings.environment.panorama_asset_id).toBe(31);
    expect(s().details.media['31']?.urls.preview).toBe('/f/sky-p.jpg');
    s().undo();
    s().undo();
    s().undo();
    expect(s().doc.settings).toEqual(emptySceneDocument().settings);
  });
});
