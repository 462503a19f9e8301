import type { Redis } from 'ioredis';

/**
 * Viewer counts of live streams over every server process (Redis, `REDIS_URL`): each process writes its own count of
 * a stream into the stream's hash (`node → count@time`), refreshed while it has viewers; a total is the sum of the
 * fresh entries, so a crashed process's viewers drop out after `staleMs`.
 */
export interface LiveAudience {
  /** This process's viewers of a stream changed: records the count, answers the total over every process. */
  report(id: number, local: number): Promise<number>;
  /** Totals of several streams (missing: 0). */
  totals(ids: number[]): Promise<Map<number, number>>;
  stop(): void;
}

const key = (id: number) => `xr:live:viewers:${id}`;

export function createRedisLiveAudience(redis: Redis, nodeId: string, staleMs = 30_000): LiveAudience {
  const mine = new Map<number, number>();
  const write = async (id: number, n: number) => {
    if (n > 0) {
      await redis
        .multi()
        .hset(key(id), nodeId, `${n}@${Date.now()}`)
        .pexpire(key(id), staleMs * 2)
        .exec();
    } else await redis.hdel(key(id), nodeId);
  };
  const sum = (fields: Record<string, string>, now: number) => {
    let total = 0;
    for (const v of Object.values(fields)) {
      const [count, at] = v.split('@').map(Number);
      if (Number.isFinite(count) && Number.isFinite(at) && now - (at as number) < staleMs) total += count as number;
    }
    return total;
  };
  const timer = setInterval(
    () => {
      for (const [id, n] of mine) void write(id, n).catch(() => undefined);
    },
    Math.max(1000, staleMs / 3),
  );
  timer.unref();
  return {
    async report(id, local) {
      if (local > 0) mine.set(id, local);
      else mine.delete(id);
      await write(id, local);
      return sum(await redis.hgetall(key(id)), Date.now());
    },
    async totals(ids) {
      const unique = [...new Set(ids)];
      const out = new Map<number, number>();
      if (unique.length === 0) return out;
      const pipe = redis.pipeline();
      for (const id of unique) pipe.hgetall(key(id));
      const replies = (await pipe.exec()) ?? [];
      const now = Date.now();
      unique.forEach((id, i) => {
        const fields = (replies[i]?.[1] ?? {}) as Record<string, string>;
        out.set(id, sum(fields, now));
      });
      return out;
    },
    stop() {
      clearInterval(timer);
      for (const id of mine.keys()) void redis.hdel(key(id), nodeId).catch(() => undefined);
      mine.clear();
    },
  };
}
