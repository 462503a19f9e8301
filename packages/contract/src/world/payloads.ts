import { z } from 'zod';
import { boundedText, finiteIn, hasControlChars, idNumber } from '../common';
import { V } from '../messages';
import { elementId } from '../scenes/fields';
import {
  WORLD_CHAT_MAX,
  WORLD_COORD_MAX,
  WORLD_EMOTES,
  WORLD_PASSWORD_MAX,
  WORLD_ROLES,
  WORLD_SIGNAL_MAX_BYTES,
  WORLD_SLIDES_MAX,
} from './limits';

/** What a client sends on the room's socket (validated by the server's handlers). */

const coord = finiteIn(-WORLD_COORD_MAX, WORLD_COORD_MAX);
const angle = finiteIn(-Math.PI * 2, Math.PI * 2);
/** A scene id inside a tour document. */
const sceneId = elementId;
/** An animation name the avatar plays (idle, walk, run, sit…). */
const anim = z.string({ message: V('invalidValue') }).regex(/^[a-z_]{1,20}$/, V('invalidValue'));
const memberId = idNumber;
/** An anonymous visitor's id, chosen by the client once per browser session. */
export const guestId = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{8,40}$/, V('invalidValue'));

export const worldJoinPayload = z.object({
  entry_id: idNumber,
  password: z
    .string({ message: V('invalidValue') })
    .max(WORLD_PASSWORD_MAX, V('tooLong'))
    .optional(),
  invite: z
    .string({ message: V('invalidValue') })
    .max(64, V('tooLong'))
    .optional(),
  /** Anonymous visitors: their session's guest id (ignored when signed in). */
  guest_id: guestId.optional(),
  /** Anonymous visitors: the name shown above their avatar (default "Guest"). */
  guest_name: boundedText(32).optional(),
});

/**
 * POST /meta/world_scene: the scene (3D scene or 360 tour) of a room, for whoever passes the room's access rule (public,
 * signed in, invite token, password) and is not banned, whether or not they bought the project or it is in the market.
 * A POST so a room password never travels in a URL. Answers `SceneDetails` (@xr/contract/scenes).
 */
export const worldSceneBody = worldJoinPayload.pick({ entry_id: true, password: true, invite: true });
export type WorldSceneBody = z.input<typeof worldSceneBody>;
/** Scene calls per address and room per minute (password guessing). */
export const WORLD_SCENE_CALLS_PER_MINUTE = 20;
export type WorldJoinPayload = z.input<typeof worldJoinPayload>;

/** `world:move`: where I am. Coordinates in metres (3D scene) or 0,0,0 with the view direction (tour). */
export const worldMovePayload = z.object({
  x: coord,
  y: coord,
  z: coord,
  yaw: angle,
  pitch: angle,
  anim: anim.optional(),
  scene: sceneId.optional(),
});
export type WorldMovePayload = z.input<typeof worldMovePayload>;

export const worldChatPayload = z.object({
  text: z
    .string({ message: V('worldChatRequired') })
    .refine((s) => !hasControlChars(s), V('controlChars'))
    .transform((s) => s.trim())
    .pipe(z.string().min(1, V('worldChatRequired')).max(WORLD_CHAT_MAX, V('worldChatTooLong'))),
});
export type WorldChatPayload = z.input<typeof worldChatPayload>;

export const worldEmotePayload = z.object({ emote: z.enum(WORLD_EMOTES, { message: V('invalidValue') }) });
export type WorldEmotePayload = z.input<typeof worldEmotePayload>;

/**
 * `world:host`, hosts only. mute / unmute a member's voice; kick (leaves, may come back); ban (leaves, refused on
 * join until the entry is edited — bans persist per user, guests are kicked only); role: make a member host, speaker
 * or visitor (hosts' promotions persist for signed-in people); lock / unlock the room (only hosts may join while
 * locked); move a member to a position (their client moves there).
 */
export const worldHostAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('mute'), member_id: memberId }),
    z.object({ action: z.literal('unmute'), member_id: memberId }),
    z.object({ action: z.literal('kick'), member_id: memberId }),
    z.object({ action: z.literal('ban'), member_id: memberId }),
    z.object({ action: z.literal('role'), member_id: memberId, role: z.enum(WORLD_ROLES, { message: V('invalidValue') }) }),
    z.object({ action: z.literal('lock') }),
    z.object({ action: z.literal('unlock') }),
    z.object({
      action: z.literal('move'),
      member_id: memberId,
      x: coord,
      y: coord,
      z: coord,
      scene: sceneId.optional(),
    }),
  ],
  { message: V('invalidValue') },
);
export type WorldHostAction = z.input<typeof worldHostAction>;

export const worldVoiceStatePayload = z.object({ self_muted: z.boolean({ message: V('invalidValue') }) });
export type WorldVoiceStatePayload = z.input<typeof worldVoiceStatePayload>;

/** `voice:signal` to one member of the same entry (any instance): an opaque offer / answer / ICE candidate. */
export const voiceSignalPayload = z.object({
  to: memberId,
  data: z
    .unknown()
    .refine((d) => d !== undefined && JSON.stringify(d).length <= WORLD_SIGNAL_MAX_BYTES, V('worldSignalTooLarge')),
});
export type VoiceSignalPayload = z.input<typeof voiceSignalPayload>;

/** A page of a presentation, from 0. */
const slidePage = z
  .number({ message: V('invalidValue') })
  .int(V('invalidValue'))
  .min(0, V('outOfRange'))
  .max(10_000, V('outOfRange'));

export const presentStartPayload = z.object({
  kind: z.enum(['slides', 'pdf', 'screen'], { message: V('invalidValue') }),
  urls: z
    .array(
      z
        .string({ message: V('invalidValue') })
        .max(2000, V('tooLong'))
        .refine((s) => /^(https?:\/\/|\/)/.test(s) && !hasControlChars(s), V('urlFormat')),
    )
    .max(WORLD_SLIDES_MAX, V('tooMany'))
    .default([]),
  page: slidePage.default(0),
});
export type PresentStartPayload = z.input<typeof presentStartPayload>;
export const presentPagePayload = z.object({
  page: slidePage,
});
export type PresentPagePayload = z.input<typeof presentPagePayload>;

export const followHostPayload = z.object({ scene_id: sceneId, yaw: angle, pitch: angle });
export type FollowHostPayload = z.input<typeof followHostPayload>;

export const handLowerPayload = z.object({ member_id: memberId.optional() });
export type HandLowerPayload = z.input<typeof handLowerPayload>;

/** The empty payload of `world:leave`, `present:stop`, `follow:stop`, `hand:raise`. */
export const emptyPayload = z.object({}).strip();
