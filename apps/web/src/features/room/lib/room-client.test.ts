import { type WorldChatMessage, WorldEvent } from '@xr/contract/world';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { RoomClient } from './room-client';

/** A socket stand-in: the handlers the client registers, fired by `fire`. */
function fakeSocket() {
  const handlers = new Map<string, ((p: unknown) => void)[]>();
  const socket = {
    on(event: string, fn: (p: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    off(event: string, fn: (p: unknown) => void) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== fn),
      );
      return socket;
    },
  };
  const fire = (event: string, payload: unknown) => {
    for (const h of handlers.get(event) ?? []) h(payload);
  };
  return { socket: socket as unknown as Socket, fire };
}

const message = (id: number): WorldChatMessage => ({
  id,
  member_id: 1,
  user_id: 2,
  name: 'Ann',
  text: `line ${id}`,
  created_at: '2026-01-02T03:04:05.000Z',
});

describe('room client chat', () => {
  it('drops messages the server removed (a report hid them) and keeps the others', () => {
    const { socket, fire } = fakeSocket();
    const room = new RoomClient(socket, () => 0);
    for (const id of [1, 2, 3]) fire(WorldEvent.chatMessage, message(id));
    expect(room.state.chat.map((m) => m.id)).toEqual([1, 2, 3]);
    fire(WorldEvent.chatRemoved, { ids: [2, 99] });
    expect(room.state.chat.map((m) => m.id)).toEqual([1, 3]);
  });
});
