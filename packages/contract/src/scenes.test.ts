import { describe, expect, it } from 'vitest';
import {
  documentKindsOfCatalog,
  documentReferences,
  documentRefs,
  documentShapeExcess,
  documentStats,
  emptySceneDocument,
  parseAnyDocument,
  parseSceneDocument,
  parseTourDocument,
  runMigrations,
  SCENE_LIMITS,
  type SceneDocument,
  sceneDetailsQuery,
  type TourDocument,
} from './scenes';

const tour = {
  schema_version: 1,
  kind: 'tour',
  start_scene: 'hall',
  scenes: [
    {
      id: 'hall',
      name: { en: 'Hall', zh: '大厅' },
      media: { type: 'image360', asset_id: 1 },
      start_view: { yaw: 0.5, pitch: -0.1, zoom: 40 },
      background_audio: { asset_id: 5, volume: 0.5, loop: true },
      hotspots: [
        { id: 'to-garden', kind: 'scene', target_scene: 'garden', position: { yaw: 1, pitch: 0 } },
        { id: 'pic', kind: 'image', asset_id: 2, position: { yaw: -1, pitch: 0.2 }, title: { en: '<b>x</b>' } },
        { id: 'web', kind: 'link', url: 'https://example.com/a?b=1', position: { yaw: 2, pitch: 0 } },
        { id: 'note', kind: 'text', text: { en: 'Line one\nline two' }, position: { yaw: 0, pitch: 1 } },
      ],
    },
    {
      id: 'garden',
      media: { type: 'video360', asset_id: 3 },
      hotspots: [
        { id: 'clip', kind: 'video', asset_id: 4, position: { yaw: 0, pitch: 0 }, time_range: { start: 2, end: 9 } },
        { id: 'sound', kind: 'audio', asset_id: 5, position: { yaw: 1, pitch: 0 } },
      ],
    },
  ],
  settings: { autorotate: true, gyroscope: true, plan: { asset_id: 6, points: [{ scene: 'hall', x: 0.2, y: 0.3 }] } },
};

const scene = {
  schema_version: 1,
  kind: 'scene',
  settings: {
    environment: { preset: 'sunset', panorama_asset_id: 7 },
    background_audio: { asset_id: 5 },
  },
  objects: [
    { id: 'grp', type: 'group', name: 'Stands' },
    { id: 'chair', type: 'model', parent: 'grp', source: { library_id: 12 }, transform: { position: [1, 0, 2] } },
    { id: 'statue', type: 'model', source: { asset_id: 8 } },
    { id: 'sun', type: 'light', light: { kind: 'directional', cast_shadow: true } },
    { id: 'buy', type: 'hotspot', parent: 'statue', hotspot: { id: 'buy', kind: 'product', project_id: 42 } },
    {
      id: 'guide',
      type: 'npc',
      source: { library_id: 13 },
      steps: [
        {
          type: 'walk',
          waypoints: [
            [0, 0, 0],
            [2, 0, 2],
          ],
        },
        { type: 'say', text: { en: 'Hello', tc: '你好' } },
        { type: 'open_hotspot', hotspot: 'buy' },
        { type: 'loop' },
      ],
    },
  ],
};

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('tour documents', () => {
  it('round-trips: parsing the parsed document gives the same document', () => {
    const once = parseTourDocument(tour);
    expect(messagesOf(once)).toEqual([]);
    const twice = parseTourDocument(JSON.parse(JSON.stringify(once.data)));
    expect(twice.data).toEqual(once.data);
    const doc = once.data as TourDocument;
    // defaults filled in, text kept verbatim (markup is text, never interpreted)
    expect(doc.scenes[1]?.start_view).toEqual({ yaw: 0, pitch: 0, zoom: 50 });
    expect(doc.scenes[0]?.hotspots[1]?.title.en).toBe('<b>x</b>');
    expect(doc.scenes[0]?.hotspots[0]).toMatchObject({ keep_direction: true, time_range: null, icon: 'info', size: 40 });
  });

  it('refuses bad places with the contract messages and the path of each', () => {
    const bad = structuredClone(tour) as typeof tour & Record<string, unknown>;
    const hall = bad.scenes[0] as (typeof tour.scenes)[0];
    (hall.hotspots[2] as { url: string }).url = 'javascript:alert(1)';
    (hall.hotspots[1] as { title: { en: string } }).title.en = 'bell\u0007';
    (hall.hotspots[0] as { target_scene: string }).target_scene = 'nowhere';
    hall.hotspots.push({ ...hall.hotspots[3], id: 'note' } as never);
    const r = parseTourDocument(bad);
    expect(r.success).toBe(false);
    expect(messagesOf(r)).toEqual(
      expect.arrayContaining([
        'scenes.0.hotspots.2.url: v.urlFormat',
        'scenes.0.hotspots.1.title.en: v.controlChars',
        'scenes.0.hotspots.0.target_scene: v.sceneTargetUnknown',
        'scenes.0.hotspots.4.id: v.elementIdDuplicate',
      ]),
    );
  });

  it('allows time ranges on 360 video scenes only, in order', () => {
    const onImage = structuredClone(tour);
    (onImage.scenes[0]?.hotspots[3] as Record<string, unknown>).time_range = { start: 1, end: 2 };
    expect(messagesOf(parseTourDocument(onImage))).toEqual(['scenes.0.hotspots.3.time_range: v.timeRangeVideoOnly']);
    const backwards = structuredClone(tour);
    (backwards.scenes[1]?.hotspots[0] as Record<string, unknown>).time_range = { start: 9, end: 2 };
    expect(messagesOf(parseTourDocument(backwards))).toEqual(['scenes.1.hotspots.0.time_range.end: v.timeRangeOrder']);
  });

  it('bounds arrays: too many hotspots in a scene, too many scenes, no scene', () => {
    const many = structuredClone(tour);
    const h = many.scenes[0]?.hotspots[3];
    (many.scenes[0] as { hotspots: unknown[] }).hotspots = Array.from({ length: SCENE_LIMITS.hotspotsPerScene + 1 }, (_, i) => ({
      ...h,
      id: `n${i}`,
    }));
    expect(messagesOf(parseTourDocument(many))).toContain('scenes.0.hotspots: v.tooMany');
    expect(messagesOf(parseTourDocument({ ...tour, scenes: [] }))).toContain('scenes: v.tourNeedsScene');
  });
});

describe('3D scene documents', () => {
  it('round-trips, with defaults for settings, transforms and NPC steps', () => {
    const once = parseSceneDocument(scene);
    expect(messagesOf(once)).toEqual([]);
    expect(parseSceneDocument(JSON.parse(JSON.stringify(once.data))).data).toEqual(once.data);
    const doc = once.data as SceneDocument;
    expect(doc.settings.fog.enabled).toBe(false);
    expect(doc.objects[2]?.transform).toEqual({ position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] });
    const npc = doc.objects[5];
    expect(npc?.type === 'npc' && npc.steps[0]).toMatchObject({ type: 'walk', speed: 1.2 });
    expect(emptySceneDocument()).toMatchObject({ kind: 'scene', objects: [] });
  });

  it('refuses parent cycles, unknown parents, non-finite or huge numbers and open_hotspot on a non-hotspot', () => {
    const bad = structuredClone(scene) as { objects: Record<string, unknown>[] };
    (bad.objects[0] as Record<string, unknown>).parent = 'chair';
    (bad.objects[2] as Record<string, unknown>).transform = { position: [1e9, 0, 0] };
    (bad.objects[3] as Record<string, unknown>).parent = 'ghost';
    ((bad.objects[5] as { steps: Record<string, unknown>[] }).steps[2] as Record<string, unknown>).hotspot = 'chair';
    const msgs = messagesOf(parseSceneDocument(bad));
    expect(msgs).toEqual(
      expect.arrayContaining([
        'objects.0.parent: v.parentCycle',
        'objects.2.transform.position.0: v.outOfRange',
        'objects.3.parent: v.sceneTargetUnknown',
        'objects.5.steps.2.hotspot: v.sceneTargetUnknown',
      ]),
    );
    expect(parseSceneDocument({ ...scene, settings: { background: 'red' } }).success).toBe(false);
  });
});

describe('references, kinds and the shape guard', () => {
  it('lists every reference with its place and the asset kinds that fit there', () => {
    const t = parseTourDocument(tour).data as TourDocument;
    const refs = documentReferences(t);
    expect(refs).toContainEqual({ type: 'asset', id: 3, path: ['scenes', 1, 'media', 'asset_id'], kinds: ['video360'] });
    expect(refs).toContainEqual({ type: 'asset', id: 4, path: ['scenes', 1, 'hotspots', 0, 'asset_id'], kinds: ['video'] });
    expect(refs).toContainEqual({ type: 'asset', id: 6, path: ['settings', 'plan', 'asset_id'], kinds: ['image'] });
    expect([...documentRefs(t).assets].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const s = parseSceneDocument(scene).data as SceneDocument;
    const sr = documentRefs(s);
    expect([...sr.library].sort()).toEqual([12, 13]);
    expect([...sr.assets].sort()).toEqual([5, 7, 8]);
    expect([...sr.products]).toEqual([42]);
    expect(documentReferences(s)).toContainEqual({
      type: 'product',
      id: 42,
      path: ['objects', 4, 'hotspot', 'project_id'],
    });
    expect(documentStats(t)).toEqual({ scenes: 2, hotspots: 6, models: 0, npcs: 0, lights: 0 });
    expect(documentStats(s)).toEqual({ scenes: 1, hotspots: 1, models: 2, npcs: 1, lights: 1 });
  });

  it('maps catalogues to document kinds', () => {
    expect(documentKindsOfCatalog('360_image')).toEqual(['tour']);
    expect(documentKindsOfCatalog('360_video')).toEqual(['tour']);
    expect(documentKindsOfCatalog('3d_model')).toEqual(['scene']);
    expect(documentKindsOfCatalog('multimedia')).toEqual(['tour', 'scene']);
  });

  it('finds huge arrays and deep nesting before the schema runs', () => {
    expect(documentShapeExcess(tour)).toBeNull();
    expect(documentShapeExcess(scene)).toBeNull();
    const huge = { ...tour, scenes: [{ hotspots: Array.from({ length: 100_000 }, () => ({})) }] };
    expect(documentShapeExcess(huge)).toEqual({ path: ['scenes', 0, 'hotspots'], reason: 'tooMany' });
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(documentShapeExcess({ ...scene, objects: deep })?.reason).toBe('tooDeep');
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    expect(documentShapeExcess({ ...scene, settings: wide })).toEqual({ path: ['settings'], reason: 'tooMany' });
  });
});

describe('versions and migrations', () => {
  it('parses by kind and refuses unknown kinds and future versions', () => {
    expect(parseAnyDocument(scene).success).toBe(true);
    expect(parseAnyDocument(tour).success).toBe(true);
    expect(parseAnyDocument({ ...scene, schema_version: 2 }).success).toBe(false);
    expect(parseAnyDocument({ kind: 'movie' }).success).toBe(false);
    expect(parseAnyDocument(null).success).toBe(false);
    expect(parseAnyDocument('tour').success).toBe(false);
  });

  it('runs each migration step from the stored version to the target, and stops at a gap', () => {
    const steps = {
      1: (d: Record<string, unknown>) => ({ ...d, title: d.name, name: undefined }),
      2: (d: Record<string, unknown>) => ({ ...d, tags: [] }),
    };
    expect(runMigrations({ schema_version: 1, name: 'a' }, 3, steps)).toEqual({
      schema_version: 3,
      title: 'a',
      name: undefined,
      tags: [],
    });
    expect(runMigrations({ schema_version: 2, title: 'b' }, 3, steps)).toEqual({ schema_version: 3, title: 'b', tags: [] });
    expect(runMigrations({ schema_version: 3, title: 'c' }, 3, steps)).toEqual({ schema_version: 3, title: 'c' });
    expect(runMigrations({ schema_version: 0, x: 1 }, 3, steps)).toEqual({ schema_version: 0, x: 1 });
    expect(runMigrations([1], 3, steps)).toEqual([1]);
    // no steps yet for the real documents: version 1 is the current one
    const { schema_version: _, ...unversioned } = scene;
    expect(parseSceneDocument(unversioned).success).toBe(false);
  });

  it('reads scene_details queries: a version number or "submitted"', () => {
    expect(sceneDetailsQuery.parse({ id: '3', version: 'submitted' })).toEqual({ id: 3, version: 'submitted' });
    expect(sceneDetailsQuery.parse({ id: '3', version: '7' })).toEqual({ id: 3, version: 7 });
    expect(sceneDetailsQuery.safeParse({ id: '3', version: 'latest' }).success).toBe(false);
    expect(sceneDetailsQuery.safeParse({ id: '99999999999' }).success).toBe(false);
  });
});
