import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { createAccessEvents } from './access-events';

const REDIS_URL = TEST_REDIS_URL;
const hasRedis = await redisAnswers(REDIS_URL);

describe('access change notices', () => {
  it('reach local listeners, for one user or for everyone', () => {
    const events = createAccessEvents();
    const seen: (number | null)[] = [];
    events.subscribe((id) => seen.push(id));
    events.changed(7);
    events.changed();
    expect(seen).toEqual([7, null]);
  });

  describe.skipIf(!hasRedis)(`across processes through Redis (${REDIS_URL})`, () => {
    const clients = hasRedis ? [new Redis(REDIS_URL), new Redis(REDIS_URL)] : [];
    const [a, b] = clients.map((c) => createAccessEvents(c));
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await Promise.all(clients.map((c) => c.quit()));
    });

    it("a change announced by one process reaches the other's listeners once", async () => {
      if (!a || !b) throw new Error('no redis');
      const onA: (number | null)[] = [];
      const onB: (number | null)[] = [];
      a.subscribe((id) => onA.push(id));
      b.subscribe((id) => onB.push(id));
      await new Promise((r) => setTimeout(r, 200)); // subscriptions settle
      a.changed(42);
      b.changed();
      await expect.poll(() => onB.length + onA.length, { timeout: 3000 }).toBe(4);
      await new Promise((r) => setTimeout(r, 100)); // nothing is delivered twice
      expect(onB.sort()).toEqual([42, null].sort());
      expect(onA.sort()).toEqual([42, null].sort());
    });
  });
});
