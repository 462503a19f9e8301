/** The Socket.IO room of a stream: its chat, viewer counts and state changes. */
export const roomOf = (id: number) => `live:${id}`;
