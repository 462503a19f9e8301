import { describe, expect, it } from 'vitest';
import {
  addWorldBody,
  readStates,
  voiceSignalPayload,
  WORLD_CHAT_MAX,
  worldChatPayload,
  worldHostAction,
  worldMovePayload,
} from './world';

describe('world contract', () => {
  it('bounds the weight and asks for a password with password access', () => {
    expect(addWorldBody.safeParse({ name: 'Hall', project_id: 1, weight: 999 }).success).toBe(true);
    expect(addWorldBody.safeParse({ name: 'Hall', project_id: 1, weight: 1000 }).success).toBe(false);
    expect(addWorldBody.safeParse({ name: 'Hall', project_id: 1, weight: -1 }).success).toBe(false);
    const noPassword = addWorldBody.safeParse({ name: 'Hall', project_id: 1, access: 'password' });
    expect(noPassword.success).toBe(false);
    expect(noPassword.error?.issues[0]?.message).toBe('v.worldPasswordRequired');
    expect(addWorldBody.parse({ name: ' Hall ', project_id: 1 })).toMatchObject({ name: 'Hall', capacity: 50, access: 'public' });
  });

  it('refuses control characters, empty and long chat', () => {
    expect(worldChatPayload.parse({ text: '  hi ' }).text).toBe('hi');
    expect(worldChatPayload.safeParse({ text: 'a\u0000b' }).success).toBe(false);
    expect(worldChatPayload.safeParse({ text: '   ' }).success).toBe(false);
    expect(worldChatPayload.safeParse({ text: 'x'.repeat(WORLD_CHAT_MAX + 1) }).success).toBe(false);
  });

  it('refuses non-finite or huge coordinates and oversized signals', () => {
    expect(worldMovePayload.safeParse({ x: 1, y: 0, z: 2, yaw: 0.5, pitch: 0 }).success).toBe(true);
    expect(worldMovePayload.safeParse({ x: Number.NaN, y: 0, z: 2, yaw: 0, pitch: 0 }).success).toBe(false);
    expect(worldMovePayload.safeParse({ x: 1e9, y: 0, z: 2, yaw: 0, pitch: 0 }).success).toBe(false);
    expect(voiceSignalPayload.safeParse({ to: 1, data: { sdp: 'x'.repeat(20_000) } }).success).toBe(false);
    expect(voiceSignalPayload.safeParse({ to: 2 ** 31, data: {} }).success).toBe(false);
    expect(worldHostAction.safeParse({ action: 'role', member_id: 3, role: 'speaker' }).success).toBe(true);
    expect(worldHostAction.safeParse({ action: 'explode' }).success).toBe(false);
  });

  it('reads a compact states message', () => {
    expect(
      readStates({ t: 1, m: [4, 9], s: [1, 2, 3, 0.1, 0, 4, 5, 6, 0.2, 0.3], a: { '1': 'walk' }, sc: { '0': 'hall' } }),
    ).toEqual([
      { member_id: 4, state: { x: 1, y: 2, z: 3, yaw: 0.1, pitch: 0, anim: null, scene: 'hall' } },
      { member_id: 9, state: { x: 4, y: 5, z: 6, yaw: 0.2, pitch: 0.3, anim: 'walk', scene: null } },
    ]);
  });
});
