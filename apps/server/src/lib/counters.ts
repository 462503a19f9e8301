import type { Redis } from 'ioredis';

/** A counter in a fixed window: how many hits so far and how long until it resets. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/**
 * Windowed counters that can be read without counting (the rate-limit plugin's counters cannot): in memory, or in
 * Redis with REDIS_URL so several server processes share them.
 */
export interface Counters {
  get(key: string): Promise<CounterState>;
  /** Counts one hit; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<CounterState>;
}

/** Counters in this process's memory (expired entries are dropped as the map grows). */
export function createMemoryCounters(now: () => number = Date.now): Counters {
  const map = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const t = now();
    for (const [k, v] of map) if (v.resetAt <= t) map.delete(k);
  };
  const read = (key: string): CounterState => {
    const e = map.get(key);
    const t = now();
    if (!e || e.resetAt <= t) return { count: 0, ttlMs: 0 };
    return { count: e.count, ttlMs: e.resetAt - t };
  };
  return {
    async get(key) {
      return read(key);
    },
    async hit(key, windowMs) {
      if (map.size > 10_000) sweep();
      const t = now();
      const e = map.get(key);
      if (!e || e.resetAt <= t) map.set(key, { count: 1, resetAt: t + windowMs });
      else e.count++;
      return read(key);
    },
  };
}

/** Counters in Redis under `prefix` (one key per counter, expiring with its window). */
export function createRedisCounters(redis: Redis, prefix = 'xr-cnt-'): Counters {
  return {
    async get(key) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()) as [[unknown, string | null], [unknown, number]];
      return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttl)) };
    },
    async hit(key, windowMs) {
      const k = prefix + key;
      const res = (await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec()) as [
        unknown,
        [unknown, number],
        [unknown, number],
      ];
      return { count: Number(res[1][1]), ttlMs: Math.max(0, Number(res[2][1])) };
    },
  };
}
