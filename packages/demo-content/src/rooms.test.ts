import type { addWorldBody } from '@xr/contract/world';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { DemoLog, WorldPort } from './ports';
import { DEMO_ROOMS, openDemoRooms } from './rooms';

const accounts = new Map([
  ['admin@demo.test', 1],
  ['orgadmin@demo.test', 2],
  ['creator@demo.test', 3],
]);
const users = {
  accountByEmail: async (email: string) => {
    const id = accounts.get(email);
    return id ? { id } : undefined;
  },
};
type AddWorld = z.output<typeof addWorldBody>;
const log: DemoLog = { info: () => undefined, warn: () => undefined };

/** A world service that keeps its entries in memory, with the calls the seeding makes. */
function fakeWorld() {
  const entries: AddWorld[] = [];
  const world: WorldPort = {
    worldPage: async () => ({ list: entries.map((e) => ({ name: e.name })) }),
    addWorld: async (_actor, body) => {
      entries.push(body);
      return body;
    },
  };
  return { world, entries };
}

const content = {
  scenes: [
    { projectId: 11, template: 'meeting' as const },
    { projectId: 12, template: 'classroom' as const },
    { projectId: 13, template: 'exhibition' as const },
  ],
  tours: [{ projectId: 20, ownerId: 3 }],
};

describe('demo rooms', () => {
  it('opens one public room of each type in the matching content, hosted by demo accounts, once', async () => {
    const { world, entries } = fakeWorld();
    const opened = await openDemoRooms({ world, users, log }, content);
    expect(opened).toHaveLength(DEMO_ROOMS.length);
    expect(new Set(entries.map((e) => e.room_type))).toEqual(new Set(['meeting', 'classroom', 'exhibition', 'open']));
    const byType = new Map(entries.map((e) => [e.room_type, e]));
    expect(byType.get('meeting')?.project_id).toBe(11);
    expect(byType.get('classroom')?.project_id).toBe(12);
    expect(byType.get('exhibition')?.project_id).toBe(13);
    expect(byType.get('open')?.project_id).toBe(20);
    for (const e of entries) {
      expect(e.access).toBe('public');
      expect(e.locked).toBe(false);
      expect([2, 3]).toContain(e.author_id);
    }
    // Run again (a retried job): nothing new.
    expect(await openDemoRooms({ world, users, log }, content)).toEqual([]);
    expect(entries).toHaveLength(DEMO_ROOMS.length);
  });

  it('skips a room whose scene was not saved, and opens the others', async () => {
    const { world, entries } = fakeWorld();
    await openDemoRooms({ world, users, log }, { ...content, scenes: content.scenes.slice(1) });
    expect(entries.map((e) => e.room_type).sort()).toEqual(['classroom', 'exhibition', 'open']);
  });
});
