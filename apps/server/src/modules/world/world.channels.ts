/** The Socket.IO room of every instance of an entry (host state, hands); also the entry's public `room_id`. */
export const entryRoom = (entryId: number) => `world:${entryId}`;

/** The Socket.IO room of one instance. */
export const instanceRoom = (entryId: number, instance: number) => `world:${entryId}:${instance}`;
