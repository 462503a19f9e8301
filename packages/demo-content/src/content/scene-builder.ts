import { type I18nText, type NpcStep, parseSceneDocument, SCENE_SCHEMA_VERSION, type SceneObject } from '@xr/contract/scenes';
import { t } from '../text';
import { type BuiltScene, type LibraryIds, type ScenePlan, SEED_MODELS, type SeedModelKey } from './scene-plan';

/** What the six templates of `scenes.ts` build with: a scene's objects, NPC steps, shared lights and the welcome. */

export type V3 = [number, number, number];
/** Top of a room model's floor slab: things stand on it, not in it. */
export const FLOOR = 0.1;
export const HALF_PI = Math.PI / 2;

/** Collects a scene's objects, with ids unique within the document. */
export class Scene {
  readonly objects: SceneObject[] = [];
  readonly skipped: string[] = [];
  private n = 0;
  constructor(private readonly lib: LibraryIds) {}

  private id(prefix: string) {
    return `${prefix}-${++this.n}`;
  }

  model(key: SeedModelKey, name: string, position: V3, yaw = 0, scale = 1): this {
    const libraryId = this.lib[key];
    if (!libraryId) {
      this.skipped.push(`${name} (${SEED_MODELS[key]})`);
      return this;
    }
    this.objects.push({
      id: this.id(key),
      name,
      parent: null,
      type: 'model',
      source: { library_id: libraryId },
      cast_shadow: true,
      locked: false,
      hidden: false,
      transform: { position, rotation: [0, yaw, 0], scale: [scale, scale, scale] },
    });
    return this;
  }

  /** Adds a hotspot and answers its object id (NPCs open hotspots by it). */
  hotspot(name: string, position: V3, h: Record<string, unknown>): string {
    const id = this.id('hs');
    this.objects.push({
      id,
      name,
      parent: null,
      type: 'hotspot',
      locked: false,
      hidden: false,
      transform: { position, rotation: [0, 0, 0], scale: [1, 1, 1] },
      hotspot: { icon: 'info', size: 40, title: {}, text: {}, id: this.id('h'), ...h } as never,
    });
    return id;
  }

  light(
    kind: 'ambient' | 'directional' | 'point' | 'spot',
    position: V3,
    intensity: number,
    cast = false,
    color = '#ffffff',
  ): this {
    this.objects.push({
      id: this.id('light'),
      name: `${kind} light`,
      parent: null,
      type: 'light',
      locked: false,
      hidden: false,
      transform: { position, rotation: [0, 0, 0], scale: [1, 1, 1] },
      light: { kind, color, intensity, cast_shadow: cast, distance: 0, angle: Math.PI / 6 },
    });
    return this;
  }

  /** A library character that runs `steps` (walk and idle clips of the generated characters). */
  npc(key: SeedModelKey, name: string, displayName: Required<I18nText>, position: V3, yaw: number, steps: NpcStep[]): this {
    const libraryId = this.lib[key];
    if (!libraryId) {
      this.skipped.push(`${name} (${SEED_MODELS[key]})`);
      return this;
    }
    this.objects.push({
      id: this.id('npc'),
      name,
      parent: null,
      type: 'npc',
      locked: false,
      hidden: false,
      source: { library_id: libraryId },
      display_name: displayName,
      walk_clip: 'walk',
      idle_clip: 'idle',
      transform: { position, rotation: [0, yaw, 0], scale: [1, 1, 1] },
      steps,
    });
    return this;
  }

  finish(settings: Record<string, unknown>): BuiltScene {
    const parsed = parseSceneDocument({ schema_version: SCENE_SCHEMA_VERSION, kind: 'scene', settings, objects: this.objects });
    if (!parsed.success) throw new Error(`seed scene is invalid: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    return { doc: parsed.data, skipped: this.skipped };
  }
}

/**
 * A line said when the visitor is within `radius` metres (the NPC waits until then): wide enough that a visitor at the
 * spawn point hears it, so every NPC is seen walking and talking at once.
 */
export const say = (text: Required<I18nText>, seconds = 5, radius = 14): NpcStep => ({ type: 'say', text, radius, seconds });
export const walk = (speed: number, ...waypoints: V3[]): NpcStep => ({ type: 'walk', waypoints, speed });

/** Lights every interior shares: soft fill, a sun through the open front that casts shadows, a warm lamp inside. */
export function interiorLights(s: Scene, depth: number) {
  s.light('ambient', [0, 0, 0], 0.7)
    .light('directional', [3, 9, 8], 1.6, true)
    .light('point', [0, 3, -depth / 4], 1.2, false, '#fff4e0');
}

export function welcome(s: Scene, plan: ScenePlan, position: V3) {
  return s.hotspot('Welcome', position, { kind: 'text', title: t('Welcome', '欢迎', '歡迎'), text: plan.intro });
}
