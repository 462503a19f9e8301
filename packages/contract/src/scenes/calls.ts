import { z } from 'zod';
import { ID_MAX } from '../constants';
import { V } from '../messages';
import { rowId } from './fields';

/** The scene calls: details, revisions, save, restore, submit, and what references resolve to for a viewer. */

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
  .max(ID_MAX, V('invalidValue'));
const idNumber = z.coerce
  .number({ message: V('idRequired') })
  .int(V('idRequired'))
  .min(1, V('idRequired'))
  .max(ID_MAX, V('idRequired'));

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
    .max(ID_MAX, V('invalidValue')),
  document: z.unknown(),
  /** Save even if a newer version exists (the editor's "overwrite" after a conflict). */
  force: z.boolean({ message: V('invalidValue') }).optional(),
});
export type SaveSceneBody = z.infer<typeof saveSceneBody>;

export const restoreSceneBody = z.object({ id: rowId, version: rowId });
export type RestoreSceneBody = z.infer<typeof restoreSceneBody>;
/** Reply of `POST /project/save_scene` and `POST /project/restore_scene`: the draft's new version. */
export const sceneVersionReply = z.object({ version: z.number().int() });
export type SceneVersionReply = z.infer<typeof sceneVersionReply>;

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
