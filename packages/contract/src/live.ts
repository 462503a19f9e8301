import { z } from 'zod';
import { idCoerced, idNumber, pageOf, pageQuery } from './common';
import { ID_MAX, LIVE_PASSWORD_LENGTH } from './constants';
import { V } from './messages';

/**
 * Live VR streaming (/explore/live-streaming-list; time-limited: an active membership). A creator makes a
 * stream (name, 6-digit password, flat or 360), pushes RTMP to it with the stream key, and viewers who know the
 * password watch it over HTTP-FLV with a live chat beside the player.
 */
export const LIVE_NAME_MAX = 50;
/** Longest chat message. */
export const LIVE_CHAT_MAX = 300;
/** Chat messages one person may send per window (`LIVE_CHAT_WINDOW_MS`). */
export const LIVE_CHAT_PER_WINDOW = 5;
export const LIVE_CHAT_WINDOW_MS = 10_000;
/** Chat history a viewer receives on joining. */
export const LIVE_CHAT_HISTORY = 50;
/** Password checks per address and stream per window (guessing six digits is a million tries). */
export const LIVE_PASSWORD_ATTEMPTS = 20;
export const LIVE_PASSWORD_WINDOW_MS = 10 * 60_000;
/** RTMP application every stream is published under: `rtmp://host:port/live/<id>?key=<secret>`. */
export const LIVE_RTMP_APP = 'live';

export const LIVE_STATES = ['idle', 'live', 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];
export const LIVE_PROJECTIONS = ['flat', '360'] as const;
export type LiveProjection = (typeof LIVE_PROJECTIONS)[number];

/** Exactly six digits (spec section 5), checked by the form and the server alike. */
export const livePassword = z
  .string({ message: V('livePasswordRequired') })
  .regex(new RegExp(`^\\d{${LIVE_PASSWORD_LENGTH}}$`), V('livePasswordDigits'));

export const liveName = z
  .string({ message: V('liveNameRequired') })
  .trim()
  .min(1, V('liveNameRequired'))
  .max(LIVE_NAME_MAX, V('tooLong'));

const projection = z.enum(LIVE_PROJECTIONS, { message: V('invalidValue') });

/** GET /live/live_page: the caller's streams (holders of admin rights: everyone's). */
export const livePageQuery = pageQuery.extend({
  keyword: z.string().trim().max(LIVE_NAME_MAX, V('tooLong')).optional(),
  state: z.enum(LIVE_STATES, { message: V('invalidValue') }).optional(),
});
export type LivePageQuery = z.input<typeof livePageQuery>;

/** A stream as its owner (or an administrator) sees it. The stream key is never shown again after creation. */
export const liveStream = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The share code viewers type; shown to the owner so it can be shared again (docs/decisions/0045-live-streaming.md). */
  password: z.string(),
  state: z.enum(LIVE_STATES),
  projection: z.enum(LIVE_PROJECTIONS),
  keep_recording: z.boolean(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  /** Viewers watching now (this server process). */
  viewers: z.number().int(),
  viewer_peak: z.number().int(),
  /** The RTMP server URL to paste into OBS ("Server"). */
  rtmp_url: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  created_at: z.string(),
  /** Recordings of this stream imported as 360 video assets (ids), newest first. */
  recording_asset_ids: z.array(z.number().int()),
});
export type LiveStream = z.infer<typeof liveStream>;
export const liveStreamPage = pageOf(liveStream);

/** POST /live/add_live. */
export const addLiveBody = z.object({
  name: liveName,
  password: livePassword,
  projection: projection.default('360'),
  keep_recording: z.boolean({ message: V('invalidValue') }).default(false),
});
export type AddLiveBody = z.input<typeof addLiveBody>;

/** POST /live/up_live: any of name, password, projection, keep_recording. */
export const upLiveBody = z.object({
  id: idNumber,
  name: liveName.optional(),
  password: livePassword.optional(),
  projection: projection.optional(),
  keep_recording: z.boolean({ message: V('invalidValue') }).optional(),
});
export type UpLiveBody = z.input<typeof upLiveBody>;

/**
 * What the creator pastes into the streaming app, answered by add_live and rotate_key only. OBS: "Server" =
 * `rtmp_url`, "Stream key" = `stream_key`; apps with a single URL field (Insta360 and other 360 cameras) take
 * `publish_url`. `stream_key` is `<id>?key=<secret>`.
 */
export const liveIngest = z.object({
  id: z.number().int(),
  rtmp_url: z.string(),
  stream_key: z.string(),
  publish_url: z.string(),
});
export type LiveIngest = z.infer<typeof liveIngest>;

/** GET /live/live_info?id= (public: never the password). */
export const liveInfoQuery = z.object({ id: idCoerced });
export const liveInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(LIVE_STATES),
  projection: z.enum(LIVE_PROJECTIONS),
  owner_name: z.string(),
  viewers: z.number().int(),
  started_at: z.string().nullable(),
  /** The end of the last broadcast (or of the stream, once ended); null while one is on air or before the first. */
  ended_at: z.string().nullable(),
  /** Broadcasts are recorded and kept as content of the creator. */
  keep_recording: z.boolean(),
  /** On air, but the publisher dropped: viewers wait for it to come back (reconnect grace window). */
  interrupted: z.boolean(),
});
export type LiveInfo = z.infer<typeof liveInfo>;

/** POST /live/check_password. */
export const checkLivePasswordBody = z.object({ id: idNumber, password: livePassword });
export type CheckLivePasswordBody = z.input<typeof checkLivePasswordBody>;
/**
 * A viewer ticket: `play_url` is the signed HTTP-FLV URL (`/api/live/play/<id>.flv?sig=…`, valid to open until
 * `expires_at`); `ticket` (the same signature) joins the stream's chat.
 */
export const liveTicket = z.object({
  id: z.number().int(),
  play_url: z.string(),
  ticket: z.string(),
  expires_at: z.string(),
  projection: z.enum(LIVE_PROJECTIONS),
  state: z.enum(LIVE_STATES),
});
export type LiveTicket = z.infer<typeof liveTicket>;

/** The playback call's query: the signature from check_password. */
export const livePlayParams = z.object({
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}\.flv$/, V('idInvalid'))
    .refine((v) => Number.parseInt(v, 10) <= ID_MAX, V('idInvalid')),
});
export const livePlayQuery = z.object({
  sig: z
    .string()
    .max(200, V('tooLong'))
    .regex(/^[\w.-]+$/, V('invalidValue')),
});

// --- Live chat over the realtime channel (Socket.IO) ---

/** Socket events of the live chat. Client → server: join, leave, send; server → client: the rest. */
export const LiveEvent = {
  join: 'live:join',
  leave: 'live:leave',
  send: 'live:send',
  message: 'live:message',
  history: 'live:history',
  viewers: 'live:viewers',
  state: 'live:state',
  error: 'live:error',
  /** Client → server: a reaction (heart, clap) of a viewer who joined. */
  react: 'live:react',
  /** Server → client: the reactions of the last moment, counted (each server process sends its own batches). */
  reactions: 'live:reactions',
  /** Client → server: asks for the viewer list; server → client: the list (`LiveAudiencePayload`). */
  audience: 'live:audience',
} as const;

/**
 * Reactions on the watch page: any viewer who joined (guests too) may send them, at most
 * `LIVE_REACTIONS_PER_WINDOW` per `LIVE_REACTION_WINDOW_MS` per person (signed in: the account; a guest: their
 * viewer ticket). The server gathers them and sends each stream's counts every `LIVE_REACTION_FLUSH_MS`, so a crowd
 * tapping hearts costs one message per moment, not one per tap per viewer.
 */
export const LIVE_REACTIONS = ['heart', 'clap'] as const;
export type LiveReaction = (typeof LIVE_REACTIONS)[number];
export const LIVE_REACTIONS_PER_WINDOW = 10;
export const LIVE_REACTION_WINDOW_MS = 5_000;
export const LIVE_REACTION_FLUSH_MS = 400;
/** Names in the viewer list (the count is the whole audience's). */
export const LIVE_AUDIENCE_LIST_MAX = 200;

export const liveJoinPayload = z.object({ id: idNumber, ticket: z.string().min(1).max(200) });
export const liveLeavePayload = z.object({ id: idNumber });
export const liveReactPayload = z.object({
  id: idNumber,
  reaction: z.enum(LIVE_REACTIONS, { message: V('invalidValue') }),
});
export type LiveReactPayload = z.input<typeof liveReactPayload>;
export const liveAudienceRequest = z.object({ id: idNumber });
/** The acknowledgement of `live:react`. */
export type LiveReactAck = { ok: true } | { ok: false; code: number; message: string };
export const liveSendPayload = z.object({
  id: idNumber,
  text: z
    .string({ message: V('required') })
    .trim()
    .min(1, V('required'))
    .max(LIVE_CHAT_MAX, V('tooLong')),
});
export const liveChatMessage = z.object({
  id: z.number().int(),
  stream_id: z.number().int(),
  user_name: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type LiveChatMessage = z.infer<typeof liveChatMessage>;
export interface LiveHistoryPayload {
  stream_id: number;
  messages: LiveChatMessage[];
}
export interface LiveViewersPayload {
  stream_id: number;
  viewers: number;
}
export interface LiveStatePayload {
  stream_id: number;
  state: LiveState;
  /** `live` only: the publisher dropped and may come back within the reconnect grace window. */
  interrupted?: boolean;
}
/** `live:reactions`: how many of each reaction arrived since the last batch. */
export interface LiveReactionsPayload {
  stream_id: number;
  counts: Partial<Record<LiveReaction, number>>;
}
/**
 * `live:audience`: who is watching (with the chat open). Everyone who joined may ask: a live audience is public in
 * the room, as a room's people list is. Signed-in viewers by account name (once, however many tabs); guests are
 * `guest: true` with no name (the page shows "Guest"). At most `LIVE_AUDIENCE_LIST_MAX` entries, `total` counts all.
 */
export interface LiveAudiencePayload {
  stream_id: number;
  total: number;
  viewers: { name: string | null; guest: boolean }[];
}
/** A refused chat event: the contract code and its translated message. */
export interface LiveErrorPayload {
  code: number;
  message: string;
}
