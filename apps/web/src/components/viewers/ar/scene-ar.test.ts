import type { SceneDetails } from '@xr/contract/scenes';
import { Box3, BoxGeometry, Group, Mesh, Vector3 } from 'three';
import type { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { buildSceneForAr, fitScale, standOnOrigin } from './scene-ar';
import { arTargetOf, sceneArModelUrls, sceneArObjectCount } from './scene-ar-content';

const t = (position: [number, number, number], scale: [number, number, number] = [1, 1, 1]) => ({
  position,
  rotation: [0, 0, 0],
  scale,
});

function details(objects: unknown[]): SceneDetails {
  return {
    id: 1,
    kind: 'scene',
    version: 1,
    state: 'published',
    access: 'full',
    document: { schema_version: 1, kind: 'scene', objects },
    media: { '5': { id: 5, kind: 'model3d', status: 'ready', urls: { model: '/cube.glb' }, tiles: null, clips: [] } },
    library: { '9': { id: 9, kind: 'model3d', status: 'ready', urls: { model: '/lib/9.glb' }, tiles: null, clips: [] } },
    products: {},
    review: null,
  } as unknown as SceneDetails;
}

const scene = details([
  { id: 'a', type: 'model', parent: null, hidden: false, source: { asset_id: 5 }, transform: t([0, 0, 0]) },
  { id: 'g', type: 'group', parent: null, hidden: false, transform: t([3, 0, 0]) },
  { id: 'b', type: 'model', parent: 'g', hidden: false, source: { asset_id: 5 }, transform: t([1, 0, 0]) },
  { id: 'c', type: 'model', parent: null, hidden: false, source: { library_id: 9 }, transform: t([0, 0, -2]) },
  { id: 'sky', type: 'model', parent: null, hidden: false, source: { library_id: 9 }, transform: t([0, 0, 0], [500, 500, 500]) },
  { id: 'h', type: 'model', parent: null, hidden: true, source: { library_id: 9 }, transform: t([9, 9, 9]) },
  { id: 'l', type: 'light', parent: null, hidden: false, transform: t([0, 5, 0]) },
]);

/** A loader answering every URL with a 1 m cube standing on the ground. */
const cubes = {
  loadAsync: async () => {
    const g = new Group();
    const m = new Mesh(new BoxGeometry(1, 1, 1));
    m.position.y = 0.5;
    g.add(m);
    return { scene: g };
  },
} as unknown as GLTFLoader;

describe('a 3D scene in AR', () => {
  it('draws the visible models and NPCs under their groups, not lights, hotspots or hidden objects', () => {
    expect(sceneArObjectCount(scene)).toBe(4);
    expect(sceneArModelUrls(scene).sort()).toEqual(['/cube.glb', '/lib/9.glb']);
  });

  it('shows one model at its real size and a scene of several as a tabletop view', () => {
    const model = { glbUrl: '/cube.glb', usdzUrl: '/cube.usdz' };
    expect(arTargetOf(model, null)).toBe(model);
    expect(arTargetOf(model, details([scene.document && (scene.document as { objects: unknown[] }).objects[0]]))).toBe(model);
    expect(arTargetOf(model, scene)).toEqual({ scene });
    expect(arTargetOf(null, scene)).toEqual({ scene });
    expect(arTargetOf(null, details([]))).toBeNull();
    expect(arTargetOf(null, { ...scene, kind: 'tour' })).toBeNull();
  });

  it('builds the arrangement, leaves out an object over 100 m, and fits it to 1 m standing on the spot', async () => {
    const root = await buildSceneForAr(scene, cubes);
    expect(root.children.map((c) => c.name)).toEqual(['a', 'g', 'c']);
    const b = root.getObjectByName('b');
    expect(b?.getWorldPosition(new Vector3()).toArray()).toEqual([4, 0, 0]);
    // a: x −0.5…0.5, b: 3.5…4.5, c: z −2.5…−1.5 → 5 m wide
    expect(fitScale(root, 1)).toBeCloseTo(0.2);
    const box = new Box3().setFromObject(standOnOrigin(root), true);
    expect(box.min.y).toBeCloseTo(0);
    expect(box.getCenter(new Vector3()).x).toBeCloseTo(0);
    expect(box.getCenter(new Vector3()).z).toBeCloseTo(0);
  });

  it('fails when no model of the scene loads', async () => {
    const failing = { loadAsync: () => Promise.reject(new Error('404')) } as unknown as GLTFLoader;
    await expect(buildSceneForAr(scene, failing)).rejects.toThrow();
  });
});
