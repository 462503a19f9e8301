import { parseSceneDocument, SCENE_HOTSPOT_KINDS, type SceneDocument } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../catalogue/projects';
import { generatedCatalogue } from '../library/catalogue';
import {
  type LibraryIds,
  resolveSeedModels,
  SCENE_TEMPLATES,
  type SceneTemplate,
  SEED_MODELS,
  type SeedModelKey,
} from './scene-plan';
import { buildSceneDocument } from './scenes';

const catalogue = new Map(generatedCatalogue().map((e) => [e.key, e]));
const names = Object.keys(SEED_MODELS) as SeedModelKey[];
const lib = Object.fromEntries(names.map((k, i) => [k, 100 + i])) as Required<LibraryIds>;
const keyOfId = new Map(names.map((k) => [lib[k], SEED_MODELS[k]]));
const intro = { zh: '你好', tc: '你好', en: 'Hi' };
const media = { image: 52, audio: 53, video: 54 };
const build = (template: SceneTemplate, ids: LibraryIds = lib) =>
  buildSceneDocument({ kind: 'scene', template, intro }, ids, { products: [7, 8, 9] }, media);

const models = (doc: SceneDocument) => doc.objects.filter((o) => o.type === 'model');
const npcs = (doc: SceneDocument) => doc.objects.flatMap((o) => (o.type === 'npc' ? [o] : []));
const libraryIdOf = (o: { source: { library_id: number } | { asset_id: number } }) =>
  'library_id' in o.source ? o.source.library_id : undefined;

describe('demo 3D scenes', () => {
  it('name every library model by a key of the generated catalogue; NPCs by characters with walk and idle clips', () => {
    for (const [name, key] of Object.entries(SEED_MODELS)) expect(catalogue.has(key), `${name}: ${key}`).toBe(true);
    for (const template of SCENE_TEMPLATES)
      for (const npc of npcs(build(template).doc)) {
        const entry = catalogue.get(keyOfId.get(libraryIdOf(npc) ?? 0) ?? '');
        expect(entry?.kind, `${template}: ${npc.name}`).toBe('character');
        expect(entry?.clips).toEqual(expect.arrayContaining([npc.walk_clip, npc.idle_clip]));
      }
  });

  it('builds six contract-valid scenes: lit, framed, models, hotspots and an NPC that walks and speaks', () => {
    const kinds = new Set<string>();
    for (const template of SCENE_TEMPLATES) {
      const { doc, skipped } = build(template);
      expect(skipped, template).toEqual([]);
      expect(parseSceneDocument(JSON.parse(JSON.stringify(doc))).success, template).toBe(true);
      const placed = models(doc);
      expect(placed.length, template).toBeGreaterThanOrEqual(3);
      // Every model object resolves to one of the named catalogue keys.
      for (const m of placed) expect(keyOfId.has(libraryIdOf(m) ?? 0), `${template}: ${m.name}`).toBe(true);
      expect(new Set(placed.map(libraryIdOf)).size, template).toBeGreaterThanOrEqual(3);
      // Lit: a fill light and at least one that casts shadows.
      const lights = doc.objects.flatMap((o) => (o.type === 'light' ? [o.light] : []));
      expect(lights.some((l) => l.kind === 'ambient')).toBe(true);
      expect(lights.some((l) => l.kind !== 'ambient' && l.cast_shadow)).toBe(true);
      // Framed: the models' centre lies ahead of the spawn point, within 25° of where the visitor looks.
      const { position, yaw } = doc.settings.spawn;
      const centre = [0, 2].map((a) => placed.reduce((sum, m) => sum + m.transform.position[a]!, 0) / placed.length);
      const to = [centre[0]! - position[0], centre[1]! - position[2]];
      const ahead = [-Math.sin(yaw), -Math.cos(yaw)];
      const cos = (to[0]! * ahead[0]! + to[1]! * ahead[1]!) / Math.hypot(to[0]!, to[1]!);
      expect(cos, template).toBeGreaterThan(Math.cos((25 * Math.PI) / 180));
      for (const o of doc.objects) if (o.type === 'hotspot') kinds.add(o.hotspot.kind);
      expect(doc.objects.some((o) => o.type === 'hotspot' && o.hotspot.kind === 'text')).toBe(true);
      // An NPC that walks, speaks in three languages and turns to the visitor.
      const [npc] = npcs(doc);
      expect(npc, template).toBeDefined();
      const steps = npc?.steps ?? [];
      expect(steps.map((s) => s.type)).toEqual(expect.arrayContaining(['walk', 'say', 'face_visitor', 'loop']));
      for (const s of steps) {
        if (s.type === 'say') expect(s.text.zh && s.text.tc && s.text.en).toBeTruthy();
        if (s.type === 'walk') expect(s.waypoints.length).toBeGreaterThanOrEqual(1);
      }
    }
    for (const k of SCENE_HOTSPOT_KINDS) expect(kinds.has(k), k).toBe(true);
  });

  it('lets a visitor at the spawn point hear every line (an NPC waits at a line until the visitor is that near)', () => {
    for (const template of SCENE_TEMPLATES) {
      const { doc } = build(template);
      const spawn = doc.settings.spawn.position;
      for (const npc of npcs(doc)) {
        let at = npc.transform.position;
        for (const s of npc.steps) {
          if (s.type === 'walk') at = s.waypoints.at(-1) ?? at;
          if (s.type === 'say')
            expect(Math.hypot(at[0] - spawn[0], at[2] - spawn[2]), `${template}: ${s.text.en}`).toBeLessThan(s.radius);
        }
      }
    }
  });

  it('leaves out only the objects of a missing model, never the scene', () => {
    const { urn: _urn, guideRed: _guide, ...partial } = lib;
    const full = build('showroom').doc;
    const { doc, skipped } = build('showroom', partial);
    expect(parseSceneDocument(JSON.parse(JSON.stringify(doc))).success).toBe(true);
    expect(skipped).toEqual(['Blue urn (gen:vase:blue.urn.l)', 'Sales assistant (gen:character:red.slim)']);
    expect(models(doc)).toHaveLength(models(full).length - 1);
    expect(npcs(doc)).toHaveLength(0);
    expect(doc.objects.filter((o) => o.type === 'hotspot')).toHaveLength(full.objects.filter((o) => o.type === 'hotspot').length);
    // With no library at all, every scene still saves: its lights, hotspots and settings.
    for (const template of SCENE_TEMPLATES) {
      const empty = build(template, {});
      expect(empty.doc.objects.length, template).toBeGreaterThan(0);
      expect(empty.skipped.length, template).toBeGreaterThanOrEqual(3);
    }
  });

  it('resolves the keys through the library, leaving unknown ones absent', async () => {
    const asked: string[][] = [];
    const ids = await resolveSeedModels(async (keys) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== SEED_MODELS.car).map((k, i) => [k, i + 1]));
    });
    expect(asked).toHaveLength(1);
    expect(ids.car).toBeUndefined();
    expect(ids.showroomRoom).toBeGreaterThan(0);
    expect(Object.keys(ids)).toHaveLength(names.length - 1);
  });

  it('gives the demo catalogue a 3D project of every template', () => {
    const templates = new Set(SEED_PROJECTS.flatMap((p) => (p.content.kind === 'scene' ? [p.content.template] : [])));
    expect([...templates].sort()).toEqual([...SCENE_TEMPLATES].sort());
  });
});
