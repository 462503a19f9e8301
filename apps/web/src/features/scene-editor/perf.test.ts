import { emptySceneDocument, sceneDocument } from '@xr/contract/scenes';
import { BoxGeometry, DataTexture, Group, Mesh, MeshStandardMaterial } from 'three';
import { describe, expect, it } from 'vitest';
import { BUDGETS, heaviest, measureScene, overBudget } from './perf';

describe('scene weight', () => {
  it('counts triangles and texture memory of loaded objects, download size once per file, and names the heaviest', () => {
    const doc = sceneDocument.parse({
      ...emptySceneDocument(),
      objects: [
        { id: 'a', type: 'model', name: 'Crate', source: { library_id: 1 } },
        { id: 'b', type: 'model', name: 'Crate 2', source: { library_id: 1 } },
        { id: 'c', type: 'model', name: 'Statue', source: { asset_id: 9 } },
        { id: 'l', type: 'light', light: { kind: 'ambient' } },
      ],
    });
    const texture = new DataTexture(new Uint8Array(256 * 256 * 4), 256, 256);
    const crate = () => {
      const g = new Group();
      g.add(new Mesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial({ map: texture })));
      return g;
    };
    const statue = new Group();
    statue.add(new Mesh(new BoxGeometry(1, 1, 1, 40, 40, 40), new MeshStandardMaterial()));
    const objects = new Map([
      ['a', crate()],
      ['b', crate()],
      ['c', statue],
    ]);
    const urls = new Map([
      ['a', '/lib/1.glb'],
      ['b', '/lib/1.glb'],
      ['c', '/asset/9.glb'],
    ]);
    const w = measureScene(doc, objects, urls, { 'library:1': { name: 'Crate', bytes: 1000, triangles: 12 } }, 42);
    expect(w.objects.map((o) => o.triangles)).toEqual([12, 12, 6 * 40 * 40 * 2]);
    // The shared texture counts once: 256² RGBA (a DataTexture makes no mipmaps).
    expect(w.textureBytes).toBe(256 * 256 * 4);
    // The library file counts once; the upload's size is unknown here (no resource timing in jsdom).
    expect(w.downloadBytes).toBe(1000);
    expect(w.drawCalls).toBe(42);
    expect(heaviest(w, 1)[0]!.name).toBe('Statue');
    expect(overBudget(w, BUDGETS.phone)).toEqual([]);
    expect(overBudget({ ...w, triangles: 400_000, drawCalls: 150 }, BUDGETS.phone)).toEqual(['triangles', 'drawCalls']);
    expect(overBudget({ ...w, triangles: 400_000, drawCalls: 150 }, BUDGETS.headset)).toEqual([]);
  });
});
