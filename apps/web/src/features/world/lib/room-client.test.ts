import { type WorldChatMessage, WorldEvent, type WorldMember } from '@xr/contract/world';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
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

const member = (member_id: number, instance: number, role: WorldMember['role'] = 'host'): WorldMember => ({
  member_id,
  user_id: member_id + 100,
  guest_id: null,
  name: `M${member_id}`,
  role,
  muted: false,
  self_muted: false,
  hand_raised: false,
  look: null,
  instance,
  state: null,
});

describe('room client: hosts of every instance', () => {
  it('keeps the entry’s hosts from world:hosts; a leave (any instance) drops them and tells the voice layer', () => {
    const { socket, fire } = fakeSocket();
    const room = new RoomClient(socket, () => 0);
    const onLeft = vi.fn();
    room.voice = { onSignal: () => undefined, onLeft };
    fire(WorldEvent.hosts, { hosts: [member(1, 1), member(7, 2)] });
    expect(room.state.hosts.map((h) => h.member_id)).toEqual([1, 7]);
    fire(WorldEvent.memberJoined, member(9, 2, 'visitor'));
    // a member of another instance leaving: unknown to our member list, still handed to the voice layer
    fire(WorldEvent.memberLeft, { member_id: 1 });
    expect(room.state.hosts.map((h) => h.member_id)).toEqual([7]);
    expect(room.state.members.map((m) => m.member_id)).toEqual([9]);
    expect(onLeft).toHaveBeenCalledWith(1);
    fire(WorldEvent.memberLeft, { member_id: 9 });
    expect(room.state.members).toEqual([]);
    expect(onLeft).toHaveBeenLastCalledWith(9);
  });
});
