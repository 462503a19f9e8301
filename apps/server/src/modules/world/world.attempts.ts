import { WORLD_SCENE_CALLS_PER_MINUTE } from '@xr/contract/world';
import type { Redis } from 'ioredis';

/**
 * Password attempts per address and room, shared by every way into a room (the scene call over HTTP and the join
 * over the socket), in memory or, with REDIS_URL, in Redis so every server process counts into one budget.
 *
 * An attempt is taken before the password hash is checked (a burst of parallel guesses cannot all slip through
 * before the first one is counted) and given back when the password was right, so only wrong guesses use the budget.
 */
export interface PasswordAttempts {
  /** Takes one attempt; answers whether it was within the budget and, when not, the seconds until it refills. */
  take(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Gives an attempt back (the password was right). */
  giveBack(key: string): Promise<void>;
}

export interface AttemptBudget {
  max: number;
  windowMs: number;
}

/** Wrong guesses per address and room per minute. */
export const ROOM_PASSWORD_BUDGET: AttemptBudget = { max: WORLD_SCENE_CALLS_PER_MINUTE, windowMs: 60_000 };

export function createMemoryAttempts(budget = ROOM_PASSWORD_BUDGET, now: () => number = Date.now): PasswordAttempts {
  const map = new Map<string, { count: number; resetAt: number }>();
  return {
    async take(key) {
      const t = now();
      if (map.size > 10_000) for (const [k, v] of map) if (v.resetAt <= t) map.delete(k);
      let e = map.get(key);
      if (!e || e.resetAt <= t) {
        e = { count: 0, resetAt: t + budget.windowMs };
        map.set(key, e);
      }
      e.count++;
      return { allowed: e.count <= budget.max, retryAfterSeconds: Math.max(1, Math.ceil((e.resetAt - t) / 1000)) };
    },
    async giveBack(key) {
      const e = map.get(key);
      if (e && e.resetAt > now() && e.count > 0) e.count--;
    },
  };
}

// One round trip; the window starts with the first attempt. Giving back never creates a key (it could live forever).
const TAKE = `local n = redis.call('incr', KEYS[1])
if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then redis.call('pexpire', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const GIVE_BACK = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
return redis.call('decr', KEYS[1]) end
return 0`;

export function createRedisAttempts(redis: Redis, budget = ROOM_PASSWORD_BUDGET, prefix = 'xr:world:pw:'): PasswordAttempts {
  return {
    async take(key) {
      const [n, ttl] = (await redis.eval(TAKE, 1, prefix + key, String(budget.windowMs))) as [number, number];
      return { allowed: n <= budget.max, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK, 1, prefix + key);
    },
  };
}
