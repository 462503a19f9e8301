import type { I18nText, SceneDocument } from '@xr/contract/scenes';

/**
 * The demo catalogue's 3D scenes: six templates (showroom, classroom, gallery, exhibition hall, meeting room, outdoor
 * plaza) built from the generated model library. Every library model is named by its generator key (`gen:<family>:
 * <axis values>`), which is stable across installs and checked against the generated catalogue by a test; the
 * seeding step resolves the keys to library ids. A model that cannot be resolved leaves out that one object (and an
 * NPC without its character), never the scene.
 */

export const SCENE_TEMPLATES = ['showroom', 'classroom', 'gallery', 'exhibition', 'meeting', 'outdoor'] as const;
export type SceneTemplate = (typeof SCENE_TEMPLATES)[number];

/** Library models the scenes use: a name of ours → the generator's catalogue key. */
export const SEED_MODELS = {
  showroomRoom: 'gen:room:white.marble.8x10',
  classroomRoom: 'gen:room:cream.oak.8x10',
  galleryRoom: 'gen:room:white.concrete.8x10',
  hallRoom: 'gen:room:sky.marble.8x10',
  meetingRoom: 'gen:room:grey.oak.6x6',
  plinthBox: 'gen:plinth:white.box.wide.m',
  plinthRound: 'gen:plinth:marble.cyl.wide.m',
  plinthStep: 'gen:plinth:black.step.wide.m',
  vitrine: 'gen:vitrine:white.table.m',
  vitrineTall: 'gen:vitrine:oak.tall.m',
  urn: 'gen:vase:blue.urn.l',
  bottle: 'gen:vase:white.bottle.m',
  ring: 'gen:sculpture:brass.ring.l',
  spire: 'gen:sculpture:marble.spire.l',
  orbit: 'gen:sculpture:white.orbit.s',
  globe: 'gen:globe:brass.m',
  books: 'gen:book-stack:teal.4',
  bush: 'gen:potted-plant:white.bush.l',
  tiered: 'gen:potted-plant:terracotta.tiered.m',
  cone: 'gen:potted-plant:sage.cone.l',
  bannerBlue: 'gen:banner-stand:blue.s',
  bannerRed: 'gen:banner-stand:red.s',
  floorLamp: 'gen:floor-lamp:brass.globe.l',
  schoolDesk: 'gen:school-desk:blue.shelf.m',
  schoolChair: 'gen:chair:birch.classic.m',
  chalkboard: 'gen:board:oak.chalk.l',
  whiteboard: 'gen:board:white.white.m',
  lectern: 'gen:lectern:oak.box.l',
  teacherDesk: 'gen:desk:oak.plain.m',
  bookshelf: 'gen:bookshelf:oak.5.l',
  clock: 'gen:wall-clock:steel.l',
  frameWide: 'gen:picture-frame:oak.landscape.l',
  frameTall: 'gen:picture-frame:walnut.portrait.l',
  framePanorama: 'gen:picture-frame:white.panorama.l',
  benchBacked: 'gen:bench:walnut.backed.l',
  benchSlat: 'gen:bench:oak.slat.l',
  barrier: 'gen:barrier-post:brass.red.s',
  easel: 'gen:easel:oak.landscape.l',
  platform: 'gen:platform:oak.low.4',
  plaza: 'gen:platform:concrete.low.6',
  screen: 'gen:screen:black.floor.75',
  meetingTable: 'gen:table:walnut.rect.l',
  meetingChair: 'gen:chair:black.arm.m',
  treeRound: 'gen:tree:green.round.m',
  treeConifer: 'gen:tree:dark.conifer.l',
  treeAutumn: 'gen:tree:autumn.layered.m',
  streetLamp: 'gen:street-lamp:black.single.m',
  hedge: 'gen:hedge:green.3.m',
  car: 'gen:car:sky.hatch.plain',
  bicycle: 'gen:bicycle:red.adult',
  signpost: 'gen:post-sign:green.arrow.l',
  guideWhite: 'gen:character:white.regular',
  guideRed: 'gen:character:red.slim',
  guideGreen: 'gen:character:green.broad',
  guideBlue: 'gen:character:blue.slim',
  walker: 'gen:character:green.slim',
} as const satisfies Record<string, `gen:${string}`>;
export type SeedModelKey = keyof typeof SEED_MODELS;
/** Library ids of the resolved models (a model missing from the library is absent). */
export type LibraryIds = Partial<Record<SeedModelKey, number>>;

/** Market projects a scene's product hotspots point to (other demo projects). */
export interface SceneLinks {
  products: number[];
}

/** Media of a 3D scene project, as ids of its own processed assets (the video only where ffmpeg could make it). */
export interface SceneMedia {
  image?: number;
  audio?: number;
  video?: number;
}

export interface ScenePlan {
  kind: 'scene';
  template: SceneTemplate;
  intro: Required<I18nText>;
}

/** A 3D scene document and the objects left out because their library model is missing (`name (key)`). */
export interface BuiltScene {
  doc: SceneDocument;
  skipped: string[];
}

/**
 * Resolves `SEED_MODELS` to library ids with a lookup of the library module (generator key → id). Keys the library
 * does not hold stay absent: the scenes then leave those objects out.
 */
export async function resolveSeedModels(idsByKeys: (keys: string[]) => Promise<Map<string, number>>): Promise<LibraryIds> {
  const ids = await idsByKeys([...new Set(Object.values(SEED_MODELS))]);
  const out: LibraryIds = {};
  for (const [name, key] of Object.entries(SEED_MODELS) as [SeedModelKey, string][]) {
    const id = ids.get(key);
    if (id) out[name] = id;
  }
  return out;
}
