/**
 * The realtime channel (Socket.IO on the API's origin, path `/socket.io/`): event names and payloads both apps use.
 * A client authenticates with its bearer token in the handshake (`auth: { token }`); without one it connects as an
 * anonymous visitor (no personal events). A refused handshake's error carries `data.code` (a contract error code).
 */
export const REALTIME_PATH = '/socket.io/';

export const RealtimeEvent = {
  /** Server → client: new system messages arrived for this user; refetch the unread count and the list. */
  messageNew: 'message:new',
  /** Server → client: a refusal (rate or payload limit) with its contract code and message key. */
  refused: 'refused',
} as const;

export interface MessageNewPayload {
  /** How many messages were added (the client refetches, so this is a hint). */
  count: number;
}

/**
 * Most events of one kind one socket may send per second before its events of that kind are dropped with a `refused`
 * event (an event sent with an acknowledgement gets the refusal as its answer too). Kinds without an entry in
 * `SOCKET_EVENT_LIMITS` share this limit each.
 */
export const SOCKET_EVENTS_PER_SECOND = 10;
/**
 * Per-kind limits (a second): room movement at 20 Hz with slack; WebRTC signalling bursts ICE candidates; live
 * reactions come in quick taps and have their own per-person limit (`LIVE_REACTIONS_PER_WINDOW`), which answers
 * with its own message.
 */
export const SOCKET_EVENT_LIMITS: Readonly<Record<string, number>> = {
  'world:move': 25,
  'voice:signal': 40,
  'live:react': 20,
};
/** Largest message a socket may send (bytes). */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;
