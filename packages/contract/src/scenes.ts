import { z } from 'zod';
import { hasControlChars } from './common';
import { V } from './messages';

/**
 * Scene documents: a **360 tour** (scenes of 360 images or videos with hotspots) and a **3D scene**
 * (objects from the model library or the creator's uploads, lights, hotspots, NPCs). A project's content is an
 * asset *or* one of these documents, which reference assets by id (never by URL: the server resolves signed URLs
 * when it hands a document to a viewer, see `ResolvedMedia`).
 *
 * Both documents carry `schema_version`; `parseTourDocument` / `parseSceneDocument` first run the migration of each
 * step from the stored version to `*_SCHEMA_VERSION`, then validate. The server validates on save (and checks that
 * every referenced asset is the author's, every library id exists and every product is purchasable); the web
 * validates on load. Limits keep a hostile document small: arrays are bounded, nesting is flat (objects name their
 * parent by id, checked for existence and cycles), text is bounded and free of control characters, and numbers are
 * finite and bounded.
 */

export const TOUR_SCHEMA_VERSION = 1;
export const SCENE_SCHEMA_VERSION = 1;

// The processed models' extra outputs (texture previews, coarse level of detail): their own module, without zod, so
// the lean full-screen page can read them without the schemas.
export { MODEL_COARSE_OUTPUT, MODEL_USDZ_OUTPUT, TEXTURE_PREVIEW_EXTRA, TEXTURE_PREVIEW_SIZE } from './model-outputs';

/** Limits (ours). */
export const SCENE_LIMITS = {
  tourScenes: 50,
  hotspotsPerScene: 100,
  sceneObjects: 1000,
  npcSteps: 50,
  waypoints: 20,
  title: 100,
  text: 2000,
  url: 2000,
  name: 100,
  /** Largest coordinate (metres) of a 3D scene. */
  coordinate: 10_000,
  /** Longest 360 video a time range may point into (seconds). */
  seconds: 86_400,
} as const;

/** Largest serialized document (bytes of JSON) a save accepts. */
export const SCENE_DOCUMENT_MAX_BYTES = 1024 * 1024;

/** Largest id of a database row (PostgreSQL `integer`). */
const INT_MAX = 2_147_483_647;

// Control characters other than tab and newline.

/** Bounded text without control characters (tab and newline allowed). */
const text = (max: number) =>
  z
    .string({ message: V('invalidValue') })
    .max(max, V('tooLong'))
    .refine((s) => !hasControlChars(s), V('controlChars'));

/** Text in up to three languages; at least one of them may be required by the caller. */
export const i18nText = (max: number = SCENE_LIMITS.title) =>
  z.object({ zh: text(max).optional(), tc: text(max).optional(), en: text(max).optional() }).strict();
export type I18nText = z.infer<ReturnType<typeof i18nText>>;

/** The text of an `I18nText` in a language, falling back to the others (zh, tc, en order). */
export function pickText(t: I18nText | undefined, lang: 'zh' | 'tc' | 'en'): string {
  if (!t) return '';
  return t[lang] || t.zh || t.tc || t.en || '';
}

/** Element ids inside a document (scenes, hotspots, objects): short, URL-safe, unique per document. */
export const elementId = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{1,40}$/, V('elementIdFormat'));

/** A database id (asset, library model, project). */
export const rowId = z
  .number({ message: V('invalidValue') })
  .int(V('invalidValue'))
  .min(1, V('invalidValue'))
  .max(INT_MAX, V('invalidValue'));

const finite = (min: number, max: number) =>
  z
    .number({ message: V('invalidValue') })
    .refine(Number.isFinite, V('invalidValue'))
    .pipe(z.number().min(min, V('outOfRange')).max(max, V('outOfRange')));

const coord = finite(-SCENE_LIMITS.coordinate, SCENE_LIMITS.coordinate);
export const vec3 = z.tuple([coord, coord, coord]);
export type Vec3 = z.infer<typeof vec3>;

/** A colour as `#rrggbb`. */
export const color = z.string({ message: V('invalidValue') }).regex(/^#[0-9a-fA-F]{6}$/, V('colorFormat'));

/** An http(s) link (no `javascript:` or other schemes). */
export const httpUrl = z
  .string({ message: V('invalidValue') })
  .max(SCENE_LIMITS.url, V('tooLong'))
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, V('urlFormat'));

/** A direction on the panorama in radians: yaw (longitude) −π…π, pitch (latitude) −π/2…π/2. */
export const sphericalPosition = z.object({
  yaw: finite(-Math.PI * 2, Math.PI * 2),
  pitch: finite(-Math.PI / 2, Math.PI / 2),
});
export type SphericalPosition = z.infer<typeof sphericalPosition>;

/** A view: direction plus zoom level (Photo Sphere Viewer's 0…100). */
export const tourView = sphericalPosition.extend({ zoom: finite(0, 100).default(50) });
export type TourView = z.infer<typeof tourView>;

export const HOTSPOT_ICONS = ['info', 'play', 'image', 'audio', 'link', 'arrow', 'star', 'cart'] as const;
export type HotspotIcon = (typeof HOTSPOT_ICONS)[number];

/** Seconds in a 360 video during which a hotspot shows (`end` > `start`). */
export const timeRange = z
  .object({ start: finite(0, SCENE_LIMITS.seconds), end: finite(0, SCENE_LIMITS.seconds) })
  .refine((r) => r.end > r.start, { message: V('timeRangeOrder'), path: ['end'] });

/** What every hotspot has: id, title and text in up to three languages, icon, size (px in tours, metres × 100 in 3D). */
const hotspotBase = {
  id: elementId,
  title: i18nText(SCENE_LIMITS.title).default({}),
  text: i18nText(SCENE_LIMITS.text).default({}),
  icon: z.enum(HOTSPOT_ICONS, { message: V('invalidValue') }).default('info'),
  size: finite(16, 128).default(40),
};

/**
 * Hotspot content by kind (spec: video, audio, image, link; plus text; tours add `scene` — go to another scene —
 * and 3D scenes add `product` — a market project's card with "add to cart").
 */
const mediaHotspot = <K extends string>(kind: K) => z.object({ ...hotspotBase, kind: z.literal(kind), asset_id: rowId });
const linkHotspot = z.object({ ...hotspotBase, kind: z.literal('link'), url: httpUrl });
const textHotspot = z.object({ ...hotspotBase, kind: z.literal('text') });
const sceneLinkHotspot = z.object({
  ...hotspotBase,
  kind: z.literal('scene'),
  target_scene: elementId,
  /** Keep the viewing direction across the move (otherwise the target's start view). */
  keep_direction: z.boolean().default(true),
});
const productHotspot = z.object({ ...hotspotBase, kind: z.literal('product'), project_id: rowId });

export const TOUR_HOTSPOT_KINDS = ['video', 'audio', 'image', 'link', 'text', 'scene'] as const;
export const SCENE_HOTSPOT_KINDS = ['video', 'audio', 'image', 'link', 'text', 'product'] as const;

const tourHotspotContent = z.discriminatedUnion(
  'kind',
  [mediaHotspot('video'), mediaHotspot('audio'), mediaHotspot('image'), linkHotspot, textHotspot, sceneLinkHotspot],
  { message: V('hotspotKind') },
);

/** A tour hotspot: content, place on the panorama, optional time range (360 video scenes). */
export const tourHotspot = z.intersection(
  tourHotspotContent,
  z.object({ position: sphericalPosition, time_range: timeRange.nullable().default(null) }),
);
export type TourHotspot = z.infer<typeof tourHotspot>;
export type TourHotspotKind = (typeof TOUR_HOTSPOT_KINDS)[number];

/** Background sound of a tour scene or a 3D scene. */
export const backgroundAudio = z.object({
  asset_id: rowId,
  volume: finite(0, 1).default(0.6),
  loop: z.boolean().default(true),
});

export const tourScene = z.object({
  id: elementId,
  name: i18nText(SCENE_LIMITS.title).default({}),
  /** A processed 360 image or 360 video of the creator's. */
  media: z.object({ type: z.enum(['image360', 'video360'], { message: V('invalidValue') }), asset_id: rowId }),
  start_view: tourView.default({ yaw: 0, pitch: 0, zoom: 50 }),
  background_audio: backgroundAudio.nullable().default(null),
  hotspots: z.array(tourHotspot).max(SCENE_LIMITS.hotspotsPerScene, V('tooMany')).default([]),
});
export type TourScene = z.infer<typeof tourScene>;

/** Pixel position of a scene on the tour's plan (a floor plan or map picture). */
const planPoint = z.object({ scene: elementId, x: finite(0, 1), y: finite(0, 1) });

export const tourDocument = z
  .object({
    schema_version: z.literal(TOUR_SCHEMA_VERSION),
    kind: z.literal('tour'),
    start_scene: elementId,
    scenes: z.array(tourScene).min(1, V('tourNeedsScene')).max(SCENE_LIMITS.tourScenes, V('tooMany')),
    settings: z
      .object({
        autorotate: z.boolean().default(false),
        gyroscope: z.boolean().default(true),
        /** An optional plan (floor plan or map image asset) with a point per scene. */
        plan: z
          .object({ asset_id: rowId, points: z.array(planPoint).max(SCENE_LIMITS.tourScenes, V('tooMany')) })
          .nullable()
          .default(null),
      })
      .default({ autorotate: false, gyroscope: true, plan: null }),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    doc.scenes.forEach((s, i) => {
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['scenes', i, 'id'] });
      ids.add(s.id);
      const hs = new Set<string>();
      s.hotspots.forEach((h, j) => {
        if (hs.has(h.id))
          ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['scenes', i, 'hotspots', j, 'id'] });
        hs.add(h.id);
        if (h.time_range && s.media.type !== 'video360')
          ctx.addIssue({ code: 'custom', message: V('timeRangeVideoOnly'), path: ['scenes', i, 'hotspots', j, 'time_range'] });
      });
    });
    for (const [i, s] of doc.scenes.entries())
      for (const [j, h] of s.hotspots.entries())
        if (h.kind === 'scene' && !ids.has(h.target_scene))
          ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['scenes', i, 'hotspots', j, 'target_scene'] });
    if (!ids.has(doc.start_scene)) ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['start_scene'] });
    doc.settings.plan?.points.forEach((p, i) => {
      if (!ids.has(p.scene))
        ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['settings', 'plan', 'points', i, 'scene'] });
    });
  });
export type TourDocument = z.infer<typeof tourDocument>;

// ---------------------------------------------------------------------------------------------------------------
// 3D scenes

export const transform = z.object({
  position: vec3.default([0, 0, 0]),
  /** Euler angles in radians (XYZ order). */
  rotation: z.tuple([finite(-100, 100), finite(-100, 100), finite(-100, 100)]).default([0, 0, 0]),
  scale: z.tuple([finite(0.001, 1000), finite(0.001, 1000), finite(0.001, 1000)]).default([1, 1, 1]),
});
export type Transform = z.infer<typeof transform>;

/** A model comes from the platform library or from one of the creator's processed uploads. */
export const modelSource = z.union([z.object({ library_id: rowId }).strict(), z.object({ asset_id: rowId }).strict()]);
export type ModelSource = z.infer<typeof modelSource>;

export const LIGHT_KINDS = ['ambient', 'directional', 'point', 'spot'] as const;
export const light = z.object({
  kind: z.enum(LIGHT_KINDS, { message: V('invalidValue') }),
  color: color.default('#ffffff'),
  intensity: finite(0, 100).default(1),
  cast_shadow: z.boolean().default(false),
  /** Point and spot: range in metres (0 = infinite). */
  distance: finite(0, SCENE_LIMITS.coordinate).default(0),
  /** Spot: cone half-angle in radians. */
  angle: finite(0.01, Math.PI / 2).default(Math.PI / 6),
});
export type Light = z.infer<typeof light>;

/** One step of an NPC's program (edited as a form, run in order; `loop` starts over). */
export const npcStep = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('walk'),
      waypoints: z.array(vec3).min(1, V('required')).max(SCENE_LIMITS.waypoints, V('tooMany')),
      /** Metres per second. */
      speed: finite(0.1, 10).default(1.2),
    }),
    z.object({
      type: z.literal('play'),
      clip: text(SCENE_LIMITS.name).min(1, V('required')),
      seconds: finite(0, 600).default(3),
    }),
    z.object({ type: z.literal('idle'), seconds: finite(0, 600).default(2) }),
    z.object({ type: z.literal('wait'), seconds: finite(0, 600).default(1) }),
    z.object({ type: z.literal('face_visitor') }),
    z.object({
      type: z.literal('say'),
      text: i18nText(SCENE_LIMITS.text),
      /** Said when a visitor comes within this many metres; shown for `seconds`. */
      radius: finite(0.5, 50).default(3),
      seconds: finite(1, 120).default(5),
    }),
    z.object({ type: z.literal('open_hotspot'), hotspot: elementId }),
    z.object({ type: z.literal('loop') }),
  ],
  { message: V('invalidValue') },
);
export type NpcStep = z.infer<typeof npcStep>;
export const NPC_STEP_TYPES = ['walk', 'play', 'idle', 'wait', 'face_visitor', 'say', 'open_hotspot', 'loop'] as const;

const sceneHotspotContent = z.discriminatedUnion(
  'kind',
  [mediaHotspot('video'), mediaHotspot('audio'), mediaHotspot('image'), linkHotspot, textHotspot, productHotspot],
  { message: V('hotspotKind') },
);
export const sceneHotspot = sceneHotspotContent;
export type SceneHotspot = z.infer<typeof sceneHotspot>;

const objectBase = {
  id: elementId,
  name: text(SCENE_LIMITS.name).default(''),
  /** The group this object belongs to (its transform is relative to the group's). */
  parent: elementId.nullable().default(null),
  transform: transform.default({ position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] }),
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

export const sceneObject = z.discriminatedUnion(
  'type',
  [
    z.object({ ...objectBase, type: z.literal('model'), source: modelSource, cast_shadow: z.boolean().default(true) }),
    z.object({ ...objectBase, type: z.literal('group') }),
    z.object({ ...objectBase, type: z.literal('light'), light }),
    /** A hotspot at a free point, or on an object when `parent` names it. */
    z.object({ ...objectBase, type: z.literal('hotspot'), hotspot: sceneHotspot }),
    z.object({
      ...objectBase,
      type: z.literal('npc'),
      source: modelSource,
      display_name: i18nText(SCENE_LIMITS.title).default({}),
      /** Clip played while walking and while idle, when the model has them. */
      walk_clip: text(SCENE_LIMITS.name).default('walk'),
      idle_clip: text(SCENE_LIMITS.name).default('idle'),
      steps: z.array(npcStep).max(SCENE_LIMITS.npcSteps, V('tooMany')).default([]),
    }),
  ],
  { message: V('invalidValue') },
);
export type SceneObject = z.infer<typeof sceneObject>;
export type SceneObjectType = SceneObject['type'];

export const ENVIRONMENT_PRESETS = ['studio', 'daylight', 'sunset', 'night', 'gallery', 'none'] as const;
export type EnvironmentPreset = (typeof ENVIRONMENT_PRESETS)[number];

export const sceneSettings = z.object({
  environment: z
    .object({
      preset: z.enum(ENVIRONMENT_PRESETS, { message: V('invalidValue') }).default('daylight'),
      /** A 360 image of the creator's as the sky (replaces the preset's sky). */
      panorama_asset_id: rowId.nullable().default(null),
    })
    .default({ preset: 'daylight', panorama_asset_id: null }),
  background: color.default('#dfe8f2'),
  fog: z
    .object({
      enabled: z.boolean().default(false),
      color: color.default('#dfe8f2'),
      near: finite(0, 1000).default(10),
      far: finite(0, 5000).default(80),
    })
    .default({ enabled: false, color: '#dfe8f2', near: 10, far: 80 }),
  floor: z
    .object({ visible: z.boolean().default(true), color: color.default('#c8ccd2'), size: finite(1, 1000).default(40) })
    .default({ visible: true, color: '#c8ccd2', size: 40 }),
  /** Where a visitor starts (eye height is added by the viewer) and which way they look (radians). */
  spawn: z
    .object({ position: vec3.default([0, 0, 6]), yaw: finite(-Math.PI * 2, Math.PI * 2).default(0) })
    .default({ position: [0, 0, 6], yaw: 0 }),
  background_audio: backgroundAudio.nullable().default(null),
});
export type SceneSettings = z.infer<typeof sceneSettings>;

export const sceneDocument = z
  .object({
    schema_version: z.literal(SCENE_SCHEMA_VERSION),
    kind: z.literal('scene'),
    settings: sceneSettings.default(sceneSettings.parse({})),
    objects: z.array(sceneObject).max(SCENE_LIMITS.sceneObjects, V('tooMany')).default([]),
  })
  .superRefine((doc, ctx) => {
    const byId = new Map<string, SceneObject>();
    doc.objects.forEach((o, i) => {
      if (byId.has(o.id)) ctx.addIssue({ code: 'custom', message: V('elementIdDuplicate'), path: ['objects', i, 'id'] });
      byId.set(o.id, o);
    });
    doc.objects.forEach((o, i) => {
      if (o.parent === null) return;
      if (!byId.has(o.parent) || o.parent === o.id) {
        ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['objects', i, 'parent'] });
        return;
      }
      // Walk up: a cycle never reaches a root.
      const seen = new Set<string>([o.id]);
      let p: string | null = o.parent;
      while (p !== null) {
        if (seen.has(p)) {
          ctx.addIssue({ code: 'custom', message: V('parentCycle'), path: ['objects', i, 'parent'] });
          return;
        }
        seen.add(p);
        p = byId.get(p)?.parent ?? null;
      }
    });
    doc.objects.forEach((o, i) => {
      if (o.type !== 'npc') return;
      o.steps.forEach((s, j) => {
        if (s.type === 'open_hotspot' && byId.get(s.hotspot)?.type !== 'hotspot')
          ctx.addIssue({ code: 'custom', message: V('sceneTargetUnknown'), path: ['objects', i, 'steps', j, 'hotspot'] });
      });
    });
  });
export type SceneDocument = z.infer<typeof sceneDocument>;

export type AnyDocument = TourDocument | SceneDocument;
export type DocumentKind = AnyDocument['kind'];

// ---------------------------------------------------------------------------------------------------------------
// Versions and migrations

/** Migration of a stored document from version `n` to `n + 1` (none yet: version 1 is the first). */
export type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;
const tourMigrations: Record<number, Migration> = {};
const sceneMigrations: Record<number, Migration> = {};

/**
 * Runs `steps[v]` for each version `v` from the document's `schema_version` up to `target` (a document without one
 * is taken as `target`); stops at a missing step, so the schema then refuses the old version instead of guessing.
 */
export function runMigrations(raw: unknown, target: number, steps: Record<number, Migration>): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let doc = raw as Record<string, unknown>;
  let v = typeof doc.schema_version === 'number' ? doc.schema_version : target;
  while (v < target && steps[v]) {
    doc = { ...steps[v]!(doc), schema_version: v + 1 };
    v += 1;
  }
  return doc;
}

/** Brings a stored tour to the current version and validates it. */
export const parseTourDocument = (raw: unknown) =>
  tourDocument.safeParse(runMigrations(raw, TOUR_SCHEMA_VERSION, tourMigrations));
/** Brings a stored 3D scene to the current version and validates it. */
export const parseSceneDocument = (raw: unknown) =>
  sceneDocument.safeParse(runMigrations(raw, SCENE_SCHEMA_VERSION, sceneMigrations));

/** Either document, by its `kind`. */
export const anyDocument = z.union([tourDocument, sceneDocument], { message: V('documentKind') });
export function parseAnyDocument(raw: unknown) {
  const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  return kind === 'scene' ? parseSceneDocument(raw) : parseTourDocument(raw);
}

/** A new, valid, empty 3D scene. */
export function emptySceneDocument(): SceneDocument {
  return sceneDocument.parse({ schema_version: SCENE_SCHEMA_VERSION, kind: 'scene' });
}

// ---------------------------------------------------------------------------------------------------------------
// References (the server checks each against the author's rights)

/** Asset kinds (the contract's `FILE_KINDS`). */
export type AssetKind = 'model3d' | 'image360' | 'video360' | 'image' | 'audio' | 'video';

/**
 * One reference of a document and its place (`path` inside the document, for the message that names it). An asset
 * reference says which asset kinds fit there: a tour scene's media is the 360 image or video its `media.type` says,
 * a media hotspot's asset is an image, audio or (flat) video, a plan an image, a 3D sky a 360 image, models model3d.
 */
export type DocumentReference =
  | { type: 'asset'; id: number; path: (string | number)[]; kinds: readonly AssetKind[] }
  | { type: 'library'; id: number; path: (string | number)[] }
  | { type: 'product'; id: number; path: (string | number)[] };

const HOTSPOT_ASSET_KINDS: Record<string, readonly AssetKind[]> = { video: ['video'], audio: ['audio'], image: ['image'] };

/** Every reference of a document with its place, in document order. */
export function documentReferences(doc: AnyDocument): DocumentReference[] {
  const out: DocumentReference[] = [];
  const hotspot = (h: TourHotspot | SceneHotspot, at: (string | number)[]) => {
    if ('asset_id' in h)
      out.push({ type: 'asset', id: h.asset_id, path: [...at, 'asset_id'], kinds: HOTSPOT_ASSET_KINDS[h.kind] ?? [] });
    if (h.kind === 'product') out.push({ type: 'product', id: h.project_id, path: [...at, 'project_id'] });
  };
  if (doc.kind === 'tour') {
    doc.scenes.forEach((s, i) => {
      out.push({ type: 'asset', id: s.media.asset_id, path: ['scenes', i, 'media', 'asset_id'], kinds: [s.media.type] });
      if (s.background_audio)
        out.push({
          type: 'asset',
          id: s.background_audio.asset_id,
          path: ['scenes', i, 'background_audio', 'asset_id'],
          kinds: ['audio'],
        });
      s.hotspots.forEach((h, j) => {
        hotspot(h, ['scenes', i, 'hotspots', j]);
      });
    });
    if (doc.settings.plan)
      out.push({ type: 'asset', id: doc.settings.plan.asset_id, path: ['settings', 'plan', 'asset_id'], kinds: ['image'] });
  } else {
    const env = doc.settings.environment.panorama_asset_id;
    if (env) out.push({ type: 'asset', id: env, path: ['settings', 'environment', 'panorama_asset_id'], kinds: ['image360'] });
    if (doc.settings.background_audio)
      out.push({
        type: 'asset',
        id: doc.settings.background_audio.asset_id,
        path: ['settings', 'background_audio', 'asset_id'],
        kinds: ['audio'],
      });
    doc.objects.forEach((o, i) => {
      if (o.type === 'model' || o.type === 'npc') {
        const at = ['objects', i, 'source'];
        if ('library_id' in o.source) out.push({ type: 'library', id: o.source.library_id, path: [...at, 'library_id'] });
        else out.push({ type: 'asset', id: o.source.asset_id, path: [...at, 'asset_id'], kinds: ['model3d'] });
      }
      if (o.type === 'hotspot') hotspot(o.hotspot, ['objects', i, 'hotspot']);
    });
  }
  return out;
}

export interface DocumentRefs {
  /** Uploaded assets (360 images/videos, images, audio, video, models). */
  assets: Set<number>;
  /** Platform library models. */
  library: Set<number>;
  /** Market projects shown by product hotspots. */
  products: Set<number>;
}

/** Every asset, library model and product a document references. */
export function documentRefs(doc: AnyDocument): DocumentRefs {
  const refs: DocumentRefs = { assets: new Set(), library: new Set(), products: new Set() };
  for (const r of documentReferences(doc)) {
    if (r.type === 'asset') refs.assets.add(r.id);
    else if (r.type === 'library') refs.library.add(r.id);
    else refs.products.add(r.id);
  }
  return refs;
}

/**
 * Which document kinds a catalogue may hold: 360 image and 360 video projects hold tours, 3D model projects hold 3D
 * scenes, multimedia projects either (the first save fixes which).
 */
export function documentKindsOfCatalog(catalog: string): readonly DocumentKind[] {
  if (catalog === '360_image' || catalog === '360_video') return ['tour'];
  if (catalog === 'multimedia') return ['tour', 'scene'];
  return ['scene'];
}

/** What a revision holds, counted (the revision list words it in the reader's language: `sceneSummaryTour` / `sceneSummaryScene`). */
export interface DocumentStats {
  scenes: number;
  hotspots: number;
  models: number;
  npcs: number;
  lights: number;
}

/** Counts of a document's parts, for the revision list's summary. */
export function documentStats(doc: AnyDocument): DocumentStats {
  if (doc.kind === 'tour') {
    const hotspots = doc.scenes.reduce((n, s) => n + s.hotspots.length, 0);
    return { scenes: doc.scenes.length, hotspots, models: 0, npcs: 0, lights: 0 };
  }
  const count = (t: SceneObjectType) => doc.objects.filter((o) => o.type === t).length;
  return { scenes: 1, hotspots: count('hotspot'), models: count('model'), npcs: count('npc'), lights: count('light') };
}

/**
 * A cheap look at raw JSON before the schema runs: no array longer than the largest limit, no nesting deeper than
 * the documents have, not too many values in all. Answers the place of the first excess (or null), so a hostile
 * document (10^5 hotspots, deep arrays) is refused without building 10^5 issues.
 */
export function documentShapeExcess(raw: unknown): { path: (string | number)[]; reason: 'tooMany' | 'tooDeep' } | null {
  const MAX_ARRAY = SCENE_LIMITS.sceneObjects;
  const MAX_DEPTH = 12;
  const MAX_VALUES = 200_000;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: raw, path: [] }];
  let values = 0;
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    values += 1;
    if (values > MAX_VALUES) return { path: [], reason: 'tooMany' };
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) return { path, reason: 'tooDeep' };
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY) return { path, reason: 'tooMany' };
      value.forEach((v, i) => {
        stack.push({ value: v, path: [...path, i] });
      });
    } else {
      const entries = Object.entries(value);
      if (entries.length > 50) return { path, reason: 'tooMany' };
      for (const [k, v] of entries) stack.push({ value: v, path: [...path, k] });
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

export const sceneKind = z.enum(['tour', 'scene']);

/** Revisions kept per project (the oldest beyond this go, except the published and the submitted one). */
export const SCENE_REVISIONS_MAX = 100;
/**
 * Saves closer than this to the revision before them replace each other (autosave runs every few seconds): the list
 * keeps a revision at least this far apart, plus the newest one.
 */
export const SCENE_REVISION_SQUASH_SECONDS = 60;

const versionNumber = z.coerce
  .number({ message: V('invalidValue') })
  .int(V('invalidValue'))
  .min(1, V('invalidValue'))
  .max(INT_MAX, V('invalidValue'));
const idNumber = z.coerce
  .number({ message: V('idRequired') })
  .int(V('idRequired'))
  .min(1, V('idRequired'))
  .max(INT_MAX, V('idRequired'));

/** `GET /project/scene_details?id=&version=`: `version` is a revision number or `submitted` (creator and moderators). */
export const sceneDetailsQuery = z.object({
  id: idNumber,
  version: z.union([z.literal('submitted'), versionNumber], { message: V('invalidValue') }).optional(),
});
export type SceneDetailsQuery = z.infer<typeof sceneDetailsQuery>;

/** `GET /project/scene_revisions?id=`. */
export const sceneRevisionsQuery = z.object({ id: idNumber });

/** `POST /project/submit_scene`. */
export const submitSceneBody = z.object({ id: rowId });
export const submitSceneReply = z.object({
  /** The project's review state afterwards (`approved` when the published version stays on the market). */
  review_status: z.enum(['draft', 'pending', 'approved', 'rejected']),
  /** The scene draft's review state: `pending` once submitted. */
  scene_review: z.enum(['none', 'pending', 'rejected']),
  submitted_version: z.number().int(),
});
export type SubmitSceneReply = z.infer<typeof submitSceneReply>;

/** `POST /project/save_scene`: the version the editor loaded (0 for the first save) and the document. */
export const saveSceneBody = z.object({
  id: rowId,
  base_version: z
    .number({ message: V('invalidValue') })
    .int(V('invalidValue'))
    .min(0, V('invalidValue'))
    .max(INT_MAX, V('invalidValue')),
  document: z.unknown(),
  /** Save even if a newer version exists (the editor's "overwrite" after a conflict). */
  force: z.boolean({ message: V('invalidValue') }).optional(),
});
export type SaveSceneBody = z.infer<typeof saveSceneBody>;

export const restoreSceneBody = z.object({ id: rowId, version: rowId });
export type RestoreSceneBody = z.infer<typeof restoreSceneBody>;

/** A referenced asset as the viewer gets it: signed URLs of its outputs, its kind, its tile grid if any. */
export const resolvedMedia = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.string(),
  /**
   * Output name → signed URL: `original` (the uploaded file; withheld in anonymous preview when a processed output
   * exists), `model` (optimized GLB), `thumbnail`, `preview_<width>` (panoramas), `tile_<col>_<row>` (tiles).
   */
  urls: z.record(z.string(), z.string()),
  /**
   * Tile grid of a large panorama (full width, columns, rows); each tile's signed URL is `urls['tile_<col>_<row>']`
   * (signed URLs are per file, so there is no URL template). Null without tiles or in anonymous preview.
   */
  tiles: z.object({ width: z.number().int(), cols: z.number().int(), rows: z.number().int() }).nullable(),
  /** Animation clip names (models). */
  clips: z.array(z.string()).default([]),
});
export type ResolvedMedia = z.infer<typeof resolvedMedia>;

/** A product hotspot's card. */
export const resolvedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  cover: z.string(),
  purchasable: z.boolean(),
});
export type ResolvedProduct = z.infer<typeof resolvedProduct>;

/** `GET /project/scene_details?id=` → the version the caller may see, with what its references resolve to. */
export const sceneDetails = z.object({
  id: z.number().int(),
  kind: sceneKind,
  version: z.number().int(),
  /** `draft` for the creator's working copy (or any revision asked for), `published` for what visitors and buyers see. */
  state: z.enum(['draft', 'published']),
  /** `full` for the owner, buyers and moderators; `preview` for visitors of a project with anonymous preview on. */
  access: z.enum(['full', 'preview']),
  document: z.unknown(),
  media: z.record(z.string(), resolvedMedia),
  library: z.record(z.string(), resolvedMedia),
  products: z.record(z.string(), resolvedProduct),
  /** The creator's and moderators' view of the versions and the draft's review; null for everybody else. */
  review: z
    .object({
      draft_version: z.number().int(),
      submitted_version: z.number().int().nullable(),
      published_version: z.number().int().nullable(),
      state: z.enum(['none', 'pending', 'rejected']),
      reason: z.string(),
    })
    .nullable(),
});
export type SceneDetails = z.infer<typeof sceneDetails>;

export const sceneRevision = z.object({
  version: z.number().int(),
  created_at: z.string(),
  author: z.string(),
  published: z.boolean(),
  /** Sent to review and not decided yet. */
  submitted: z.boolean(),
  /** What the revision changed, in a few words (computed: counts of scenes, hotspots, objects). */
  summary: z.string(),
});
export type SceneRevision = z.infer<typeof sceneRevision>;
