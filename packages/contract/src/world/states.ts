import { z } from 'zod';
import { worldDetails } from './entries';
import { WORLD_EMOTES, WORLD_ROLES } from './limits';

/** What the server sends on the room's socket: members, chat, presenter and follow state, snapshots. */

/** A member's last known state. */
export const worldMemberState = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  yaw: z.number(),
  pitch: z.number(),
  anim: z.string().nullable(),
  /** 360 tour rooms: the scene the member stands in. */
  scene: z.string().nullable(),
});
export type WorldMemberState = z.infer<typeof worldMemberState>;

export const worldMember = z.object({
  member_id: z.number().int(),
  user_id: z.number().int().nullable(),
  guest_id: z.string().nullable(),
  name: z.string(),
  role: z.enum(WORLD_ROLES),
  /** Muted by a host (or joined a classroom muted): the client must not send audio. */
  muted: z.boolean(),
  /** Own microphone off. */
  self_muted: z.boolean(),
  hand_raised: z.boolean(),
  /** The avatar in use (filled by the avatars module; null: the default look). */
  look: z.unknown().nullable(),
  instance: z.number().int(),
  state: worldMemberState.nullable(),
});
export type WorldMember = z.infer<typeof worldMember>;

export const worldChatMessage = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type WorldChatMessage = z.infer<typeof worldChatMessage>;
/** `world:chat_removed`: these messages (ids of `WorldChatMessage`) were deleted; the room drops them. */
export const worldChatRemovedEvent = z.object({ ids: z.array(z.number().int()) });
export type WorldChatRemovedEvent = z.infer<typeof worldChatRemovedEvent>;

export const presentState = z.object({
  presenter_member_id: z.number().int(),
  presenter_name: z.string(),
  kind: z.enum(['slides', 'pdf', 'screen']),
  /** Slide image URLs (`slides`) or the one PDF URL (`pdf`); empty for a screen share (its video goes over voice). */
  urls: z.array(z.string()),
  /** Current page, from 0. */
  page: z.number().int(),
});
export type PresentState = z.infer<typeof presentState>;

export const followHostEvent = z.object({
  host_member_id: z.number().int(),
  scene_id: z.string(),
  yaw: z.number(),
  pitch: z.number(),
});
export type FollowHostEvent = z.infer<typeof followHostEvent>;

/** `world:hosts`: the entry's hosts in every instance, after one joined, left or a role changed. */
export const worldHostsEvent = z.object({ hosts: z.array(worldMember) });
export type WorldHostsEvent = z.infer<typeof worldHostsEvent>;

export const handQueueEvent = z.object({
  /** Oldest first. */
  hands: z.array(z.object({ member_id: z.number().int(), name: z.string(), raised_at: z.string() })),
});
export type HandQueueEvent = z.infer<typeof handQueueEvent>;

/**
 * A STUN or TURN server for the voice mesh (the browser's `RTCIceServer`), from the server's `WEBRTC_ICE_SERVERS`.
 * Without any, voice works only between browsers that reach each other directly.
 */
export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string()).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

export const worldJoinReply = z.object({
  entry: worldDetails,
  instance: z.number().int(),
  /** The Socket.IO room: `world:<entry>:<instance>`. */
  room: z.string(),
  member_id: z.number().int(),
  me: worldMember,
  /** Everybody in the instance, me included. */
  members: z.array(worldMember),
  /**
   * The entry's hosts in every instance (me included when I host): their voice and shared screen reach every
   * instance, so people connect to the hosts of other instances too (updated by `world:hosts`).
   */
  hosts: z.array(worldMember),
  /** The newest chat messages of the entry, oldest first. */
  chat: z.array(worldChatMessage),
  host: z.object({ presenter: presentState.nullable(), follow: followHostEvent.nullable() }),
  hands: handQueueEvent.shape.hands,
  locked: z.boolean(),
  /** Tick and interest management parameters, so clients interpolate with the right delay. */
  tick_ms: z.number().int(),
  /** STUN / TURN servers for the voice mesh (empty: direct connections only). */
  ice_servers: z.array(iceServer),
});
export type WorldJoinReply = z.infer<typeof worldJoinReply>;

/**
 * `world:states`, one per tick per recipient: `m` member ids, `s` their states flattened five numbers each
 * (x, y, z, yaw, pitch; rounded to millimetres / milliradians), `a` and `sc` the animation and tour scene of the
 * members that have one (by index in `m`). Near members come every tick, far ones every 4th tick; only members
 * that moved since they were last sent are included. `t` is the server time (ms) of the tick.
 */
export const worldStatesEvent = z.object({
  t: z.number(),
  m: z.array(z.number().int()),
  s: z.array(z.number()),
  a: z.record(z.string(), z.string()).optional(),
  sc: z.record(z.string(), z.string()).optional(),
});
export type WorldStatesEvent = z.infer<typeof worldStatesEvent>;
/** Reads a `world:states` message into per-member states. */
export function readStates(e: WorldStatesEvent): { member_id: number; state: WorldMemberState }[] {
  return e.m.map((id, i) => ({
    member_id: id,
    state: {
      x: e.s[i * 5] ?? 0,
      y: e.s[i * 5 + 1] ?? 0,
      z: e.s[i * 5 + 2] ?? 0,
      yaw: e.s[i * 5 + 3] ?? 0,
      pitch: e.s[i * 5 + 4] ?? 0,
      anim: e.a?.[String(i)] ?? null,
      scene: e.sc?.[String(i)] ?? null,
    },
  }));
}

export const worldLeftEvent = z.object({ member_id: z.number().int() });
export type WorldLeftEvent = z.infer<typeof worldLeftEvent>;

export const worldEmoteEvent = z.object({ member_id: z.number().int(), emote: z.enum(WORLD_EMOTES) });
export type WorldEmoteEvent = z.infer<typeof worldEmoteEvent>;

export const worldLockEvent = z.object({ locked: z.boolean() });
export type WorldLockEvent = z.infer<typeof worldLockEvent>;
export const worldRemovedEvent = z.object({
  reason: z.enum(['kick', 'ban', 'entry_deleted', 'admin_kick']),
  code: z.number().int(),
  message: z.string(),
});
export type WorldRemovedEvent = z.infer<typeof worldRemovedEvent>;
export const worldMovedEvent = z.object({ x: z.number(), y: z.number(), z: z.number(), scene: z.string().nullable() });
export type WorldMovedEvent = z.infer<typeof worldMovedEvent>;

export const voiceSignalEvent = z.object({ from: z.number().int(), data: z.unknown() });
export type VoiceSignalEvent = z.infer<typeof voiceSignalEvent>;
