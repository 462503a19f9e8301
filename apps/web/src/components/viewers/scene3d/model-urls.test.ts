import type { SceneDetails } from '@xr/contract/scenes';
import { describe, expect, it, vi } from 'vitest';
import { coarseModelUrl, documentModelUrls, modelUrl, prefetchModels, takePrefetchedModel } from './model-urls';
import { takePrefetched } from './scene-content';

const details = {
  id: 1,
  kind: 'scene',
  version: 1,
  state: 'published',
  document: {
    objects: [
      { id: 'a', type: 'model', source: { library_id: 4 } },
      { id: 'b', type: 'model', source: { library_id: 4 } },
      { id: 'c', type: 'npc', source: { asset_id: 9 } },
      { id: 'd', type: 'model', hidden: true, source: { asset_id: 10 } },
      { id: 'e', type: 'light' },
      { id: 'f', type: 'model', source: { asset_id: 11 } },
    ],
  },
  media: {
    9: { id: 9, kind: 'model3d', status: 'ready', urls: { model: '/npc.glb' }, tiles: null, clips: [] },
    10: { id: 10, kind: 'model3d', status: 'ready', urls: { model: '/hidden.glb' }, tiles: null, clips: [] },
    11: { id: 11, kind: 'model3d', status: 'ready', urls: { original: '/chair.fbx' }, tiles: null, clips: [] },
  },
  library: { 4: { id: 4, kind: 'model3d', status: 'ready', urls: { model: '/lib-4.glb' }, tiles: null, clips: [] } },
  products: {},
} as unknown as SceneDetails;

const glb = (bytes: number[]) => new Response(new Uint8Array(bytes));

describe('early model downloads of the lean page', () => {
  it('lists each drawn model once (no hidden object, no original the GLB loader cannot read)', () => {
    expect(documentModelUrls(details)).toEqual(['/lib-4.glb', '/npc.glb']);
    expect(documentModelUrls({ ...details, document: { objects: 'no' } } as unknown as SceneDetails)).toEqual([]);
  });

  it("starts a dense model's coarse version for the first frame, and an NPC's model even when it has a coarse one", () => {
    const dense = {
      ...details,
      document: {
        objects: [
          { id: 'a', type: 'model', source: { asset_id: 12 } },
          { id: 'b', type: 'npc', source: { asset_id: 12 } },
        ],
      },
      media: {
        12: {
          id: 12,
          kind: 'model3d',
          status: 'ready',
          urls: { model: '/statue.glb', model_coarse: '/statue-coarse.glb' },
          tiles: null,
          clips: [],
        },
      },
    } as unknown as SceneDetails;
    expect(documentModelUrls(dense)).toEqual(['/statue-coarse.glb', '/statue.glb']);
    expect(coarseModelUrl(dense, { asset_id: 12 })).toBe('/statue-coarse.glb');
    expect(modelUrl(dense, { asset_id: 12 })).toBe('/statue.glb');
    expect(coarseModelUrl(details, { library_id: 4 })).toBeNull();
  });

  it('downloads each model once and hands the download over once; a failed one is forgotten', async () => {
    const fetch = vi.fn(async (url: string) => (url === '/bad.glb' ? new Response('', { status: 404 }) : glb([1, 2, 3])));
    prefetchModels(['/x.glb', '/x.glb', '/bad.glb'], fetch as unknown as typeof globalThis.fetch);
    prefetchModels(['/x.glb'], fetch as unknown as typeof globalThis.fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    const bytes = await takePrefetchedModel('/x.glb');
    expect(new Uint8Array(bytes ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
    expect(takePrefetchedModel('/x.glb')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(takePrefetchedModel('/bad.glb')).toBeUndefined();
  });

  it("lets the viewer's GLB loader parse an early download instead of asking the network", async () => {
    const network = vi.fn();
    const manager = { itemStart: vi.fn(), itemEnd: vi.fn(), itemError: vi.fn() };
    const loader = {
      resourcePath: '',
      manager,
      load: network,
      parse: vi.fn((data: ArrayBuffer, path: string, onLoad: (g: unknown) => void) => onLoad({ bytes: data.byteLength, path })),
      pluginCallbacks: [] as unknown[],
      register: vi.fn(function (this: { pluginCallbacks: unknown[] }, cb: unknown) {
        this.pluginCallbacks.push(cb);
      }),
    };
    takePrefetched(loader as never);
    takePrefetched(loader as never); // once per loader
    // with the texture previews' plugin (texture-previews.ts), once
    expect(loader.register).toHaveBeenCalledOnce();
    prefetchModels(['/m/early.glb'], (async () => glb([7, 7])) as unknown as typeof globalThis.fetch);
    const loaded = await new Promise((resolve) =>
      (loader.load as (u: string, f: (g: unknown) => void) => void)('/m/early.glb', resolve),
    );
    expect(loaded).toEqual({ bytes: 2, path: '/m/' });
    expect(network).not.toHaveBeenCalled();
    expect(manager.itemEnd).toHaveBeenCalledWith('/m/early.glb');
    // nothing downloaded early: the network, as always
    const onLoad = vi.fn();
    (loader.load as (u: string, f: () => void) => void)('/m/late.glb', onLoad);
    expect(network).toHaveBeenCalledWith('/m/late.glb', onLoad, undefined, undefined);
  });
});
