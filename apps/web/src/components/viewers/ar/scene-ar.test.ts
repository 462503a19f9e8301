import type { SceneDetails } from '@xr/contract/scenes';
import {
  type AmbientLight,
  Box3,
  BoxGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  PointLight,
  SpotLight,
  Vector3,
} from 'three';
import type { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { buildSceneForAr, fitScale, sceneEnvironmentLights, standOnOrigin } from './scene-ar';
import { type ArContent, arTargetOf, projectArTarget, sceneArModelUrls, sceneArObjectCount, soleModel } from './scene-ar-content';
import { countLights, documentLight, environmentLights, scaleLights } from './scene-ar-lights';

const t = (position: [number, number, number], scale: [number, number, number] = [1, 1, 1]) => ({
  position,
  rotation: [0, 0, 0],
  scale,
});

const light = (kind: string, over: object = {}) => ({
  kind,
  color: '#ffeecc',
  intensity: 10,
  cast_shadow: true,
  distance: 8,
  angle: 0.5,
  ...over,
});

function details(objects: unknown[], settings?: unknown): SceneDetails {
  return {
    id: 1,
    kind: 'scene',
    version: 1,
    state: 'published',
    access: 'full',
    document: { schema_version: 1, kind: 'scene', objects, ...(settings ? { settings } : {}) },
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
  { id: 'l', type: 'light', parent: 'g', hidden: false, light: light('point'), transform: t([0, 5, 0]) },
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
  it('counts and loads the visible models and NPCs under their groups, not lights, hotspots or hidden objects', () => {
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

  it('builds the arrangement with its lights, leaves out an object over 100 m, and fits it to 1 m standing on the spot', async () => {
    const root = await buildSceneForAr(scene, cubes);
    expect(root.children.map((c) => c.name)).toEqual(['a', 'g', 'c']);
    const b = root.getObjectByName('b');
    expect(b?.getWorldPosition(new Vector3()).toArray()).toEqual([4, 0, 0]);
    // the point light stands where the document puts it, in its group; it adds nothing to the size
    const lamp = root.getObjectByName('l')?.children.find((c) => c instanceof PointLight);
    expect(lamp?.getWorldPosition(new Vector3()).toArray()).toEqual([3, 5, 0]);
    expect(countLights(root)).toBe(1);
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

describe("a 3D scene's lights in AR", () => {
  it("the environment's hemisphere and sun as in the viewer; 'none' is a dim hemisphere; no settings is daylight", () => {
    const [hemi, sun, target] = environmentLights('sunset');
    expect(hemi).toBeInstanceOf(HemisphereLight);
    expect((hemi as HemisphereLight).intensity).toBe(1);
    expect(sun).toBeInstanceOf(DirectionalLight);
    expect((sun as DirectionalLight).intensity).toBe(2);
    expect(sun?.position.toArray()).toEqual([-12, 4, -6]);
    expect((sun as DirectionalLight).target).toBe(target);
    const none = environmentLights('none');
    expect(none).toHaveLength(1);
    expect((none[0] as HemisphereLight).intensity).toBe(0.6);
    expect((environmentLights(undefined)[1] as DirectionalLight).intensity).toBe(2.4);
    const night = sceneEnvironmentLights(details([], { environment: { preset: 'night', panorama_asset_id: null } }));
    expect((night[0] as HemisphereLight).intensity).toBe(0.45);
    expect((sceneEnvironmentLights(scene)[1] as DirectionalLight).intensity).toBe(2.4);
  });

  it("the document's lights keep their kind, colour and aim (1 m below them, as in the viewer); no shadows", () => {
    const [spot, aim] = documentLight(light('spot') as never);
    expect(spot).toBeInstanceOf(SpotLight);
    const s = spot as SpotLight;
    expect([s.intensity, s.distance, s.angle, s.decay, s.penumbra]).toEqual([10, 8, 0.5, 2, 0.3]);
    expect(s.color.getHexString()).toBe('ffeecc');
    expect(s.target).toBe(aim);
    expect(aim?.position.toArray()).toEqual([0, -1, 0]);
    expect(s.castShadow).toBe(false);
    expect((documentLight(light('directional') as never)[0] as DirectionalLight).target.position.y).toBe(-1);
    expect(documentLight(light('ambient') as never)).toHaveLength(1);
  });

  it("a scene scaled to a table keeps its point and spot lights' look: reach × s, intensity × s²", () => {
    const root = new Group();
    const node = new Group();
    node.add(...documentLight(light('point') as never), ...documentLight(light('spot') as never));
    node.add(...documentLight(light('ambient', { intensity: 0.7 }) as never));
    root.add(node);
    scaleLights(root, 0.1);
    const [point, spot, ambient] = node.children.filter((c) => 'isLight' in c) as (PointLight | SpotLight | AmbientLight)[];
    expect(point?.intensity).toBeCloseTo(0.1);
    expect((point as PointLight).distance).toBeCloseTo(0.8);
    expect(spot?.intensity).toBeCloseTo(0.1);
    expect(ambient?.intensity).toBe(0.7);
    // back to real size: the document's values again (never compounded)
    scaleLights(root, 0.5);
    scaleLights(root, 1);
    expect(point?.intensity).toBe(10);
    expect((spot as SpotLight).distance).toBe(8);
  });
});

describe('which project shows "View in AR", and for what', () => {
  const model = { kind: 'model3d', outputs: { model: '/m.glb', model_usdz: '/m.usdz', thumbnail: '/t.png' } };
  const content = (over: Partial<ArContent>): ArContent => ({ access: 'full', assets: [], scene: null, ...over });

  it("a project's one model with the pipeline's USDZ; several loose models or none: no model", () => {
    expect(soleModel({ assets: [model] })).toEqual({ glbUrl: '/m.glb', usdzUrl: '/m.usdz' });
    expect(soleModel({ assets: [{ kind: 'model3d', outputs: { model: '/old.glb' } }] })).toEqual({ glbUrl: '/old.glb' });
    expect(soleModel({ assets: [model, model] })).toBeNull();
    expect(
      soleModel({
        assets: [
          { kind: 'image', outputs: { model: '/x' } },
          { kind: 'model3d', outputs: {} },
        ],
      }),
    ).toBeNull();
  });

  it('no button without access, for a tour, or before a scene has its details; a scene of several models is a tabletop', () => {
    expect(projectArTarget(undefined, null)).toBeNull();
    expect(projectArTarget(content({ access: 'none', assets: [model] }), null)).toBeNull();
    expect(projectArTarget(content({ assets: [model], scene: { kind: 'tour' } }), { ...scene, kind: 'tour' })).toBeNull();
    expect(projectArTarget(content({ assets: [model], scene: { kind: 'scene' } }), undefined)).toBeNull();
    expect(projectArTarget(content({ access: 'preview', assets: [model] }), null)).toEqual({
      glbUrl: '/m.glb',
      usdzUrl: '/m.usdz',
    });
    expect(projectArTarget(content({ assets: [model], scene: { kind: 'scene' } }), scene)).toEqual({ scene });
    expect(projectArTarget(content({ scene: { kind: 'scene' } }), details([]))).toBeNull();
    // files without a document: the details (of nothing) are not asked for
    expect(projectArTarget(content({ assets: [model] }), scene)).toEqual({ glbUrl: '/m.glb', usdzUrl: '/m.usdz' });
  });
});
