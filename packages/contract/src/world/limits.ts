/** The meta world's limits (ours) and its closed lists (room types, access rules, roles, emotes). */

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
