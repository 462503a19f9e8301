import type { Redis } from 'ioredis';

/**
 * Which server process ingests which live stream, shared through Redis (`REDIS_URL`): the process that holds a
 * publisher's RTMP connection claims the stream with its internal URL, refreshed while it is on air and released
 * when it ends, so a viewer who reaches another process can be served from there (the play request is proxied).
 * A crashed process's claims expire after `ttlSeconds`.
 */
export interface LiveDirectory {
  /** This process ingests the stream now. */
  claim(id: number): Promise<void>;
  /** The stream ended here (only our own claim is removed). */
  release(id: number): Promise<void>;
  /** The internal base URL of the process ingesting the stream, when it is another one; null otherwise. */
  locate(id: number): Promise<string | null>;
  stop(): void;
}

const key = (id: number) => `xr:live:ingest:${id}`;
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export function createRedisLiveDirectory(
  redis: Redis,
  /** This process's internal base URL (null until it listens). */
  selfUrl: () => string | null,
  ttlSeconds = 30,
): LiveDirectory {
  const claimed = new Set<number>();
  const write = async (id: number) => {
    const url = selfUrl();
    if (url) await redis.set(key(id), url, 'EX', ttlSeconds);
  };
  const timer = setInterval(
    () => {
      for (const id of claimed) void write(id).catch(() => undefined);
    },
    Math.max(1000, (ttlSeconds * 1000) / 3),
  );
  timer.unref();
  return {
    async claim(id) {
      claimed.add(id);
      await write(id);
    },
    async release(id) {
      claimed.delete(id);
      const url = selfUrl();
      if (url) await redis.eval(RELEASE, 1, key(id), url);
    },
    async locate(id) {
      const url = await redis.get(key(id));
      return url && url !== selfUrl() ? url : null;
    },
    stop() {
      clearInterval(timer);
      claimed.clear();
    },
  };
}
