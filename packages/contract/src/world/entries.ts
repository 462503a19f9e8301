import { z } from 'zod';
import { boundedText, idCoerced, idNumber, pageQuery } from '../common';
import { V } from '../messages';
import { access, keyword, roomType, worldCapacity, worldName, worldPassword, worldWeight } from './fields';
import { WORLD_CAPACITY_DEFAULT, WORLD_DESCRIPTION_MAX, WORLD_SCENE_KINDS } from './limits';

// --- Entries (admin /explore/list) ---

/** A meta world entry as the admin list shows it (spec: author name, account, weight, online users, views, average online time, room id; plus ours). */
export const worldEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The project's cover picture URL ('' when none). */
  cover: z.string(),
  author_id: z.number().int(),
  author_name: z.string(),
  /** The author's account (email). */
  account: z.string(),
  weight: z.number().int(),
  /** People in the room now, across instances. */
  online_users: z.number().int(),
  /** Joins so far. */
  views: z.number().int(),
  /** Average length of a visit, in seconds. */
  average_online_time: z.number().int(),
  /** The Socket.IO room prefix (`world:<id>`); instance n is `world:<id>:<n>`. */
  room_id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  scene_kind: z.enum(WORLD_SCENE_KINDS).nullable(),
  room_type: roomType,
  capacity: z.number().int(),
  access,
  /** Whether a password is set (the password itself is never sent back). */
  has_password: z.boolean(),
  /** The invite token (admin only; the link is `worldRoomPath(id, invite_token)` in the hash route). */
  invite_token: z.string(),
  locked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorldEntry = z.infer<typeof worldEntry>;

export const worldPageQuery = pageQuery.extend({ keyword });
export type WorldPageParams = z.input<typeof worldPageQuery>;

/**
 * POST /explore/add_world. The author is the caller; administrators may name another account (`author_id`), others'
 * `author_id` is ignored. Holders of /explore/list who are not administrators see and manage their own entries only.
 * The project must be a 3D scene or 360 tour the author may use (published, or their own). A `password` is required
 * when `access` is `password`.
 */
export const addWorldBody = z
  .object({
    name: worldName,
    description: boundedText(WORLD_DESCRIPTION_MAX).default(''),
    project_id: idNumber,
    author_id: idNumber.optional(),
    weight: worldWeight.default(0),
    room_type: roomType.default('open'),
    capacity: worldCapacity.default(WORLD_CAPACITY_DEFAULT),
    access: access.default('public'),
    password: worldPassword.optional(),
    locked: z.boolean({ message: V('invalidValue') }).default(false),
  })
  .refine((b) => b.access !== 'password' || !!b.password, { message: V('worldPasswordRequired'), path: ['password'] });
export type AddWorldBody = z.input<typeof addWorldBody>;

/**
 * POST /explore/up_world: any of the fields; `password` replaces the password (switching to `password` access on an
 * entry without one needs it); `new_invite: true` makes a new invite token (old links stop working).
 */
export const upWorldBody = z.object({
  id: idNumber,
  name: worldName.optional(),
  description: boundedText(WORLD_DESCRIPTION_MAX).optional(),
  project_id: idNumber.optional(),
  author_id: idNumber.optional(),
  weight: worldWeight.optional(),
  room_type: roomType.optional(),
  capacity: worldCapacity.optional(),
  access: access.optional(),
  password: worldPassword.optional(),
  locked: z.boolean({ message: V('invalidValue') }).optional(),
  new_invite: z.boolean({ message: V('invalidValue') }).optional(),
});
export type UpWorldBody = z.input<typeof upWorldBody>;

export const delWorldBody = z.object({ id: idNumber });
export type DelWorldBody = z.input<typeof delWorldBody>;

// --- Public (/meta and the room page) ---

/** A /meta card (no password or invite data). */
export const metaWorldCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  author_name: z.string(),
  weight: z.number().int(),
  online_users: z.number().int(),
  views: z.number().int(),
  average_online_time: z.number().int(),
  room_id: z.string(),
  room_type: roomType,
  access,
  capacity: z.number().int(),
  locked: z.boolean(),
  scene_kind: z.enum(WORLD_SCENE_KINDS).nullable(),
});
export type MetaWorldCard = z.infer<typeof metaWorldCard>;

/** GET /meta/world_list: weight desc, then newest. */
export const metaWorldListQuery = pageQuery.extend({ keyword, room_type: roomType.optional() });
export type MetaWorldListParams = z.input<typeof metaWorldListQuery>;

/** GET /meta/world_details?id=: what the room page needs to load the scene before joining. */
export const worldDetailsQuery = z.object({ id: idCoerced });
export const worldDetails = metaWorldCard.extend({
  /** The project whose scene document the room shows (load it with the scene details call). */
  project_id: z.number().int(),
  author_id: z.number().int(),
  /** Whether the asker is a host of this entry (the author, or promoted). */
  is_host: z.boolean(),
});
export type WorldDetails = z.infer<typeof worldDetails>;

/**
 * The room page's hash route of an entry (`/meta/room?id=<id>`, with `&invite=<token>` for invite links): the
 * admin screen's invite link and the /meta cards both lead there.
 */
export function worldRoomPath(entryId: number, invite?: string): string {
  return `/meta/room?id=${entryId}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`;
}
