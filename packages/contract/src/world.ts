import { z } from 'zod';
import { hasControlChars, idCoerced, idNumber, pageQuery } from './common';
import { META_WEIGHT_MAX } from './constants';
import { V } from './messages';

/**
 * The meta world: world entries (admin /explore/list, public /meta), rooms over Socket.IO (join, movement,
 * chat, emotes, host actions, presenter, follow-the-host, raise hand, voice signalling), presence statistics
 * (/explore/onlinelist) and chat records (/explore/chat-record-list).
 *
 * A room is an instance of an entry: Socket.IO room `world:<entry>:<instance>`. When an instance holds `capacity`
 * people, the next visitor goes to a new instance of the same entry; hosts' presenter and follow state reach every
 * instance. A member is one visit (one socket in one instance): `member_id` is the visit's id, unique across server
 * processes. Signed-in people are `user_id` (and the name of their account), anonymous visitors (public rooms only)
 * are `user_id: null` with a `guest_id` the client keeps for the session.
 *
 * Every client → server event takes an acknowledgement callback answering `WorldAck` (`ok: true` with `data`, or
 * `ok: false` with a contract error `code` and a translated `message`). Movement (`world:move`) is the exception: no
 * ack (20 Hz), refusals come as the realtime `refused` event.
 */

// --- Limits (ours) ---

export const WORLD_CAPACITY_DEFAULT = 50;
export const WORLD_CAPACITY_MIN = 2;
export const WORLD_CAPACITY_MAX = 200;
export const WORLD_NAME_MAX = 100;
export const WORLD_DESCRIPTION_MAX = 2000;
export const WORLD_PASSWORD_MIN = 4;
export const WORLD_PASSWORD_MAX = 64;
/** Longest chat message (characters). */
export const WORLD_CHAT_MAX = 500;
/** Chat messages one member may send per second (beyond, `WORLD_CHAT_TOO_FAST`). */
export const WORLD_CHAT_PER_SECOND = 2;
/** Movement updates one member may send per second (20 Hz plus slack); other room events: 10 a second. */
export const WORLD_MOVES_PER_SECOND = 25;
export const WORLD_EVENTS_PER_SECOND = 10;
/** Recent chat messages a joiner receives. */
export const WORLD_RECENT_CHAT = 50;
/** Largest `data` of a voice signalling message (bytes of JSON: an SDP offer fits). */
export const WORLD_SIGNAL_MAX_BYTES = 12 * 1024;
/** Server tick of the batched movement snapshots (ms) and the interest management parameters. */
export const WORLD_TICK_MS = 50;
/** Members within this distance (metres), or among the nearest `WORLD_NEAR_COUNT`, get every tick; others every 4th. */
export const WORLD_NEAR_RADIUS = 15;
export const WORLD_NEAR_COUNT = 30;
export const WORLD_FAR_EVERY = 4;
/** Slides a presentation may list. */
export const WORLD_SLIDES_MAX = 200;
/** A presenter's PDF (pages rendered to images in the host's browser, then uploaded as slides): at most this big… */
export const WORLD_PDF_MAX_BYTES = 50 * 1024 * 1024;
/** …and at most this many pages. */
export const WORLD_PDF_MAX_PAGES = 40;
/** Largest coordinate (metres) of a position, like scene documents. */
export const WORLD_COORD_MAX = 10_000;

export const WORLD_ROOM_TYPES = ['meeting', 'classroom', 'exhibition', 'open'] as const;
export type WorldRoomType = (typeof WORLD_ROOM_TYPES)[number];
/** Who may enter: anyone, signed-in people, holders of the invite link, people who know the password. */
export const WORLD_ACCESS = ['public', 'signed_in', 'invite', 'password'] as const;
export type WorldAccess = (typeof WORLD_ACCESS)[number];
export const WORLD_ROLES = ['host', 'speaker', 'visitor'] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];
/** The content a room shows: the project's scene document kind (3D scene or 360 tour). */
export const WORLD_SCENE_KINDS = ['scene', 'tour'] as const;
export type WorldSceneKind = (typeof WORLD_SCENE_KINDS)[number];
export const WORLD_EMOTES = ['wave', 'clap', 'thumbs_up', 'heart', 'laugh', 'dance', 'question'] as const;
export type WorldEmote = (typeof WORLD_EMOTES)[number];

// --- Fields ---

const text = (max: number, tooLong: Parameters<typeof V>[0] = 'tooLong') =>
  z
    .string({ message: V('invalidValue') })
    .max(max, V(tooLong))
    .refine((s) => !hasControlChars(s), V('controlChars'));

export const worldWeight = z
  .number({ message: V('worldWeightRange') })
  .int(V('worldWeightRange'))
  .min(0, V('worldWeightRange'))
  .max(META_WEIGHT_MAX, V('worldWeightRange'));
export const worldCapacity = z
  .number({ message: V('worldCapacityRange') })
  .int(V('worldCapacityRange'))
  .min(WORLD_CAPACITY_MIN, V('worldCapacityRange'))
  .max(WORLD_CAPACITY_MAX, V('worldCapacityRange'));
export const worldPassword = z
  .string({ message: V('worldPasswordFormat') })
  .min(WORLD_PASSWORD_MIN, V('worldPasswordFormat'))
  .max(WORLD_PASSWORD_MAX, V('worldPasswordFormat'))
  .refine((s) => !hasControlChars(s), V('controlChars'));
const worldName = text(WORLD_NAME_MAX)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, V('nameRequired')));
const roomType = z.enum(WORLD_ROOM_TYPES, { message: V('invalidValue') });
const access = z.enum(WORLD_ACCESS, { message: V('invalidValue') });
/** An invite token (URL-safe, 16–64 characters). */
export const worldInviteToken = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{16,64}$/, V('invalidValue'));
/** A date filter `YYYY-MM-DD` (the day in UTC). */
const day = z
  .string({ message: V('dateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, V('dateInvalid'))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), V('dateInvalid'));
const keyword = z
  .string({ message: V('invalidValue') })
  .trim()
  .max(100, V('tooLong'))
  .optional();

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
    description: text(WORLD_DESCRIPTION_MAX).default(''),
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
  description: text(WORLD_DESCRIPTION_MAX).optional(),
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

// --- Presence statistics (/explore/onlinelist) ---

/** One row per (user, entry): spec "Online user row" plus ours. Times are ISO strings, durations seconds. */
export const onlineUserRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  account: z.string(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  first_login: z.string(),
  last_login: z.string(),
  total_online_time: z.number().int(),
  messages: z.number().int(),
  /** In the room right now (on any process). */
  online: z.boolean(),
});
export type OnlineUserRow = z.infer<typeof onlineUserRow>;

/** GET /explore/online_page: filter by room (entry) and by a day range of the last login; keyword: name or account. */
export const onlinePageQuery = pageQuery.extend({
  entry_id: idCoerced.optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  keyword,
  online: z.enum(['true', 'false'], { message: V('invalidValue') }).optional(),
});
export type OnlinePageParams = z.input<typeof onlinePageQuery>;

/** POST /explore/kick: removes the user from every instance of the entry (not a ban). */
export const kickBody = z.object({ entry_id: idNumber, user_id: idNumber });
export type KickBody = z.input<typeof kickBody>;

// --- Bans (/explore/list: who a room's hosts banned; lifting a ban) ---

/** GET /explore/ban_page: the bans of one entry, newest first. */
export const banPageQuery = pageQuery.extend({ entry_id: idCoerced });
export type BanPageParams = z.input<typeof banPageQuery>;
export const worldBan = z.object({
  entry_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  account: z.string(),
  banned_by: z.number().int(),
  banned_by_name: z.string(),
  created_at: z.string(),
});
export type WorldBan = z.infer<typeof worldBan>;
/** POST /explore/unban: lifts a ban (the person may enter again). */
export const unbanBody = z.object({ entry_id: idNumber, user_id: idNumber });
export type UnbanBody = z.input<typeof unbanBody>;

// --- Chat records (/explore/chat-record-list) ---

export const chatRecord = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  instance: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ChatRecord = z.infer<typeof chatRecord>;

/** GET /explore/chat_record_page and GET /explore/chat_record_export (CSV of the same filters, at most 10,000 rows). */
export const chatRecordQuery = pageQuery.extend({
  entry_id: idCoerced.optional(),
  user_id: idCoerced.optional(),
  keyword,
  date_from: day.optional(),
  date_to: day.optional(),
});
export type ChatRecordParams = z.input<typeof chatRecordQuery>;
export const CHAT_EXPORT_MAX_ROWS = 10_000;

/** POST /explore/del_chat_record: one or more records. */
export const delChatRecordBody = z.object({
  ids: z.array(idNumber).min(1, V('required')).max(100, V('tooManyItems')),
});
export type DelChatRecordBody = z.input<typeof delChatRecordBody>;

// =====================================================================================================================
// Socket events
// =====================================================================================================================

export const WorldEvent = {
  // client → server (with ack unless noted)
  /** `WorldJoinPayload` → ack `WorldJoinReply`. Leaves any room the socket was in first. */
  join: 'world:join',
  /** `{}` → ack `{}`. Disconnecting leaves too. */
  leave: 'world:leave',
  /** `WorldMovePayload`, no ack, up to 20 Hz. */
  move: 'world:move',
  /** `WorldChatPayload` → ack `WorldChatMessage`; everybody in the instance receives `world:chat`. */
  chat: 'world:chat',
  /** `WorldEmotePayload` → ack `{}`; the instance receives `world:emote` (`WorldEmoteEvent`). */
  emote: 'world:emote',
  /** Host actions: `WorldHostAction` → ack `{}`. */
  host: 'world:host',
  /** Own microphone state `WorldVoiceStatePayload` → ack `{}`; the instance receives `world:member`. */
  voiceState: 'voice:state',
  /** `VoiceSignalPayload` → ack `{}`; relayed to that one member as `voice:signal` (`VoiceSignalEvent`). */
  voiceSignal: 'voice:signal',
  /** Host only: `PresentStartPayload`; every instance receives `present:state`. */
  presentStart: 'present:start',
  /** Host only (the presenter): `PresentPagePayload`; every instance receives `present:state`. */
  presentPage: 'present:page',
  /** Host only: `{}`; every instance receives `present:state` with null. */
  presentStop: 'present:stop',
  /** Host only: `FollowHostPayload`; every instance receives `follow:host` (`FollowHostEvent`). */
  followHost: 'follow:host',
  /** Host only: `{}`; every instance receives `follow:host` with null. */
  followStop: 'follow:stop',
  /** Classroom: `{}` → the hand queue changes (`hand:queue`). */
  handRaise: 'hand:raise',
  /** `{ member_id? }`: lower your own hand, or a host lowers someone's. */
  handLower: 'hand:lower',

  // server → client
  /** Batched movement snapshot each tick (`WorldStatesEvent`). */
  states: 'world:states',
  /** Someone entered the instance (`WorldMember`). */
  memberJoined: 'world:joined',
  /**
   * Someone left (`WorldLeftEvent`). Sent to every instance of the entry: a host holds voice connections with people
   * of other instances (their voice and screen reach every instance) and drops them on it; others ignore unknown ids.
   */
  memberLeft: 'world:left',
  /** The entry's hosts in every instance changed (`WorldHostsEvent`): connect to the hosts of other instances. */
  hosts: 'world:hosts',
  /** A member's role, mute or hand changed (`WorldMember`). */
  memberUpdated: 'world:member',
  /** A chat message (`WorldChatMessage`), server → client under the same name as the client's send. */
  chatMessage: 'world:chat',
  /** Chat messages were deleted (a report decided to hide them): `WorldChatRemovedEvent`; drop them from the list. */
  chatRemoved: 'world:chat_removed',
  /** An emote (`WorldEmoteEvent`), same name as the client's send. */
  emoteShown: 'world:emote',
  /** The room was locked or unlocked (`WorldLockEvent`). */
  locked: 'world:locked',
  /** This socket was removed from the room (`WorldRemovedEvent`); it is no longer a member. */
  removed: 'world:removed',
  /** A host moved this member (`WorldMovedEvent`): go there. */
  moved: 'world:moved',
  /** Presenter state (`PresentState | null`) for every instance. */
  presentState: 'present:state',
  /** Follow-the-host state (`FollowHostEvent | null`) for every instance. */
  followState: 'follow:host',
  /** The raise-hand queue (`HandQueueEvent`). */
  handQueue: 'hand:queue',
  /** Voice signalling from one member (`VoiceSignalEvent`). */
  voiceSignalFrom: 'voice:signal',
} as const;
export type WorldEventName = (typeof WorldEvent)[keyof typeof WorldEvent];

/** The acknowledgement of every client → server event. */
export type WorldAck<T> = { ok: true; data: T } | { ok: false; code: number; message: string };

const finite = (min: number, max: number) =>
  z
    .number({ message: V('invalidValue') })
    .refine(Number.isFinite, V('invalidValue'))
    .pipe(z.number().min(min, V('outOfRange')).max(max, V('outOfRange')));
const coord = finite(-WORLD_COORD_MAX, WORLD_COORD_MAX);
const angle = finite(-Math.PI * 2, Math.PI * 2);
/** A scene id inside a tour document (`elementId` of scenes.ts). */
const sceneId = z.string({ message: V('invalidValue') }).regex(/^[A-Za-z0-9_-]{1,40}$/, V('elementIdFormat'));
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
  guest_name: text(32).optional(),
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
export const worldEmoteEvent = z.object({ member_id: z.number().int(), emote: z.enum(WORLD_EMOTES) });
export type WorldEmoteEvent = z.infer<typeof worldEmoteEvent>;

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
export const voiceSignalEvent = z.object({ from: z.number().int(), data: z.unknown() });
export type VoiceSignalEvent = z.infer<typeof voiceSignalEvent>;

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
  page: z
    .number({ message: V('invalidValue') })
    .int(V('invalidValue'))
    .min(0, V('outOfRange'))
    .max(10_000, V('outOfRange'))
    .default(0),
});
export type PresentStartPayload = z.input<typeof presentStartPayload>;
export const presentPagePayload = z.object({
  page: z
    .number({ message: V('invalidValue') })
    .int(V('invalidValue'))
    .min(0, V('outOfRange'))
    .max(10_000, V('outOfRange')),
});
export type PresentPagePayload = z.input<typeof presentPagePayload>;

export const followHostPayload = z.object({ scene_id: sceneId, yaw: angle, pitch: angle });
export type FollowHostPayload = z.input<typeof followHostPayload>;

export const handLowerPayload = z.object({ member_id: memberId.optional() });
export type HandLowerPayload = z.input<typeof handLowerPayload>;

/** The empty payload of `world:leave`, `present:stop`, `follow:stop`, `hand:raise`. */
export const emptyPayload = z.object({}).strip();

/**
 * The room page's hash route of an entry (`/meta/room?id=<id>`, with `&invite=<token>` for invite links): the
 * admin screen's invite link and the /meta cards both lead there.
 */
export function worldRoomPath(entryId: number, invite?: string): string {
  return `/meta/room?id=${entryId}${invite ? `&invite=${encodeURIComponent(invite)}` : ''}`;
}
