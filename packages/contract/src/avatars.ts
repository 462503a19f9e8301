import { z } from 'zod';
import { idCoerced, idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';

/**
 * Avatars (/avatar-list). Each user keeps avatars: built-in parametric figures made in the browser editor
 * (a `look`: body, skin, hair, clothes, colours, accessory) or uploaded GLB / VRM models processed by the asset
 * pipeline within the avatar budget. Exactly one is in use; a user without any is shown with a default look derived
 * from their id (`defaultLookFor`).
 */
export const AVATAR_NAME_MAX = 30;
export const AVATAR_STATUSES = ['in_use', 'alternative'] as const;
export type AvatarStatus = (typeof AVATAR_STATUSES)[number];
export const AVATAR_KINDS = ['parametric', 'model'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];

export const BODY_SHAPES = ['slim', 'regular', 'broad'] as const;
export const HAIR_STYLES = ['none', 'short', 'long', 'bun', 'curly', 'mohawk'] as const;
export const TOP_STYLES = ['tshirt', 'shirt', 'hoodie', 'jacket', 'dress'] as const;
export const ACCESSORIES = ['none', 'glasses', 'hat', 'cap', 'headphones'] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];
export type HairStyle = (typeof HAIR_STYLES)[number];
export type TopStyle = (typeof TOP_STYLES)[number];
export type Accessory = (typeof ACCESSORIES)[number];

/** Swatches the editor offers (any `#rrggbb` is accepted). */
export const SKIN_TONES = ['#f6d7c3', '#eac0a0', '#d9a47f', '#b97d56', '#8d5a3b', '#5e3b27'] as const;
export const HAIR_COLORS = ['#1f1a17', '#4a3222', '#8a5a2b', '#d8b36a', '#b8462f', '#c9c9c9', '#3b5bdb', '#e64980'] as const;
export const CLOTH_COLORS = [
  '#2f3e9e',
  '#1e88e5',
  '#00897b',
  '#43a047',
  '#fdd835',
  '#fb8c00',
  '#e53935',
  '#8e24aa',
  '#f5f5f5',
  '#9e9e9e',
  '#37474f',
  '#212121',
] as const;
/** Height factor bounds (1 = 1.75 m). */
export const HEIGHT_MIN = 0.85;
export const HEIGHT_MAX = 1.15;

const hexColor = z.string({ message: V('colorFormat') }).regex(/^#[0-9a-fA-F]{6}$/, V('colorFormat'));

/** The parameters of a built-in figure, validated on save by the server and on load by the web. */
export const avatarLook = z.object({
  body: z.enum(BODY_SHAPES, { message: V('invalidValue') }),
  height: z
    .number({ message: V('numberInvalid') })
    .min(HEIGHT_MIN, V('outOfRange'))
    .max(HEIGHT_MAX, V('outOfRange')),
  skin: hexColor,
  hair_style: z.enum(HAIR_STYLES, { message: V('invalidValue') }),
  hair_color: hexColor,
  top_style: z.enum(TOP_STYLES, { message: V('invalidValue') }),
  top_color: hexColor,
  bottom_color: hexColor,
  shoes_color: hexColor,
  accessory: z.enum(ACCESSORIES, { message: V('invalidValue') }),
});
export type AvatarLookParams = z.output<typeof avatarLook>;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/**
 * The default look of a user who has made no avatar: derived from the id (the same id always gives the same
 * figure, neighbours differ), so a room shows distinguishable people before anyone opens the editor.
 */
export function defaultLookFor(userId: number): AvatarLookParams {
  // A small integer hash (xorshift-multiply) so consecutive ids spread over the choices.
  let h = (userId * 2654435761) >>> 0;
  const next = () => {
    h ^= h << 13;
    h >>>= 0;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    return h;
  };
  return {
    body: pick(BODY_SHAPES, next()),
    height: Math.round((0.95 + (next() % 11) / 100) * 100) / 100,
    skin: pick(SKIN_TONES, next()),
    hair_style: pick(HAIR_STYLES.slice(1), next()),
    hair_color: pick(HAIR_COLORS, next()),
    top_style: pick(TOP_STYLES, next()),
    top_color: pick(CLOTH_COLORS, next()),
    bottom_color: pick(['#263238', '#37474f', '#3e2723', '#1a237e', '#455a64'] as const, next()),
    shoes_color: pick(['#212121', '#5d4037', '#f5f5f5', '#b71c1c'] as const, next()),
    accessory: pick(ACCESSORIES, next() % 7 < 4 ? 0 : next()),
  };
}

/**
 * What a room needs to show a person: the parameters of a built-in figure, or the (signed, expiring) URL of an
 * uploaded model (`format` tells the viewer whether to load it with the VRM plugin).
 */
export const avatarLookRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('parametric'), look: avatarLook }),
  z.object({ kind: z.literal('model'), url: z.string(), format: z.enum(['glb', 'vrm']) }),
]);
export type AvatarLook = z.output<typeof avatarLookRef>;

/**
 * The avatar budget an uploaded model must stay within (checked by the avatar processing job): a room draws
 * dozens of people at once, so each must stay light.
 */
export const AVATAR_BUDGET = {
  triangles: 70_000,
  textures: 4,
  /** Longest side of any texture, in pixels. */
  textureSize: 2048,
  bones: 150,
} as const;
/** Largest uploaded avatar model. */
export const AVATAR_MODEL_MAX_BYTES = 50 * 1024 * 1024;
/** Largest preview image (the editor's PNG render of the figure). */
export const AVATAR_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;
/** Longest side of a stored preview image. */
export const AVATAR_PREVIEW_MAX_SIDE = 1024;
/** File extensions an uploaded avatar may have (the `avatar` file kind of the upload endpoint). */
export const AVATAR_MODEL_EXTENSIONS = ['glb', 'vrm'] as const;

/** What an uploaded avatar's processing measured (the job's result). */
export interface AvatarModelStats {
  triangles: number;
  textures: number;
  /** Longest side of the largest texture, in pixels. */
  textureSize: number;
  bones: number;
}
export type AvatarBudgetReason =
  | 'avatar_too_many_triangles'
  | 'avatar_too_many_textures'
  | 'avatar_texture_too_large'
  | 'avatar_too_many_bones';

/** The first budget rule a model breaks, with its figure and the limit; null when it fits. */
export function checkAvatarBudget(s: AvatarModelStats): { reason: AvatarBudgetReason; value: number; limit: number } | null {
  if (s.triangles > AVATAR_BUDGET.triangles)
    return { reason: 'avatar_too_many_triangles', value: s.triangles, limit: AVATAR_BUDGET.triangles };
  if (s.textures > AVATAR_BUDGET.textures)
    return { reason: 'avatar_too_many_textures', value: s.textures, limit: AVATAR_BUDGET.textures };
  if (s.textureSize > AVATAR_BUDGET.textureSize)
    return { reason: 'avatar_texture_too_large', value: s.textureSize, limit: AVATAR_BUDGET.textureSize };
  if (s.bones > AVATAR_BUDGET.bones) return { reason: 'avatar_too_many_bones', value: s.bones, limit: AVATAR_BUDGET.bones };
  return null;
}

const avatarName = z
  .string({ message: V('nameRequired') })
  .trim()
  .min(1, V('nameRequired'))
  .max(AVATAR_NAME_MAX, V('tooLong'));

/** GET /avatar/avatar_page. */
export const avatarPageQuery = pageQuery;

/** POST /avatar/add_avatar: a built-in figure (uploaded models arrive through /api/uploads with kind `avatar`). */
export const addAvatarBody = z.object({ name: avatarName, look: avatarLook });
export type AddAvatarBody = z.output<typeof addAvatarBody>;

/** POST /avatar/up_avatar: rename, or change a built-in figure's look. */
export const upAvatarBody = z.object({ id: idNumber, name: avatarName.optional(), look: avatarLook.optional() });
export type UpAvatarBody = z.output<typeof upAvatarBody>;

/** POST /avatar/set_avatar_status. */
export const setAvatarStatusBody = z.object({
  id: idNumber,
  status: z.enum(AVATAR_STATUSES, { message: V('invalidValue') }),
});
export type SetAvatarStatusBody = z.output<typeof setAvatarStatusBody>;

/** POST /avatar/up_avatar_preview?id=: multipart with one PNG or JPEG file. */
export const avatarPreviewQuery = z.object({ id: idCoerced });

/** An uploaded model's state: processing, ready (with its signed URL) or failed (with the translated reason). */
export const avatarModel = z.object({
  format: z.enum(AVATAR_MODEL_EXTENSIONS),
  filename: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  progress: z.number().int(),
  url: z.string().nullable(),
  reason: z.string().nullable(),
  error: z.string().nullable(),
  stats: z.object({ triangles: z.number(), textures: z.number(), texture_size: z.number(), bones: z.number() }).nullable(),
});
export type AvatarModel = z.output<typeof avatarModel>;

export const avatarItem = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(AVATAR_KINDS),
  look: avatarLook.nullable(),
  model: avatarModel.nullable(),
  /** URL of the preview image, or null before one was stored. */
  preview: z.string().nullable(),
  status: z.enum(AVATAR_STATUSES),
  /** The built-in default avatar every user has (made from `defaultLookFor`): never deleted, not counted. */
  is_default: z.boolean(),
  /** A character of the platform library chosen as avatar (not counted in the allowance), else null. */
  library_model_id: z.number().int().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AvatarItem = z.output<typeof avatarItem>;

/** The page, with how many custom avatars the user may keep (null = unlimited) and has. */
export const avatarPageReply = pageOf(avatarItem).extend({
  allowance: z.number().int().nullable(),
  custom_count: z.number().int(),
});
export type AvatarPageReply = z.output<typeof avatarPageReply>;

/**
 * GET /avatar/library_avatar_page: the library's rigged characters (imported with animation clips) within the avatar
 * budget, which anyone may take as avatar, named in the caller's language, with their thumbnail, public GLB, clips and
 * height in metres.
 */
export const libraryAvatarPageQuery = pageQuery;
export const libraryAvatar = z.object({
  model_id: z.number().int(),
  name: z.string(),
  thumbnail: z.string(),
  url: z.string(),
  clips: z.array(z.string()),
  height: z.number(),
  /** The user's avatar made from this character, or null when not taken yet. */
  avatar_id: z.number().int().nullable(),
});
export type LibraryAvatar = z.output<typeof libraryAvatar>;
/**
 * Only the characters within the avatar budget are listed (`total` and the pages count those); `over_budget` says how
 * many the budget leaves out, so an empty list can tell why.
 */
export const libraryAvatarPageReply = pageOf(libraryAvatar).extend({ over_budget: z.number().int() });
export type LibraryAvatarPageReply = z.output<typeof libraryAvatarPageReply>;

/** POST /avatar/use_library_avatar {model_id}: takes a library character as avatar (made once) and puts it in use. */
export const useLibraryAvatarBody = z.object({ model_id: idNumber });
export type UseLibraryAvatarBody = z.output<typeof useLibraryAvatarBody>;
