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

// The parts live in world/ by topic; this module is the contract's one entry to them (`@xr/contract/world`).
export * from './world/entries';
export * from './world/events';
export { worldCapacity, worldInviteToken, worldPassword, worldWeight } from './world/fields';
export * from './world/limits';
export * from './world/payloads';
export * from './world/records';
export * from './world/states';
