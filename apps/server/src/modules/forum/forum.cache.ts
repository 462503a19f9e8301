/**
 * The forum's shared lists: what everyone sees alike (the boards, a page of threads, search results) is reused for
 * `cacheSeconds`; any write of this process clears them, so a poster always finds their post. Other processes
 * (several servers on one database) may show a list up to `cacheSeconds` old. Each reader's unread markers are added
 * per request. One cache serves the boards, thread and posting services, so a write through any of them clears it.
 */
export function createForumCache(cacheSeconds = 0) {
  const cache = new Map<string, { until: number; value: Promise<unknown> }>();
  const CACHE_MAX = 500;
  return {
    /** Whether lists are reused (without it, a page read is the reader's own). */
    enabled: cacheSeconds > 0,
    cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (cacheSeconds <= 0) return compute();
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.value as Promise<T>;
      if (cache.size >= CACHE_MAX) cache.clear();
      const value = compute();
      cache.set(key, { until: Date.now() + cacheSeconds * 1000, value });
      value.catch(() => cache.delete(key));
      return value;
    },
    /** Runs a write and then forgets the cached lists (also when the write fails half-way: nothing stale is kept). */
    async write<T>(fn: () => Promise<T>): Promise<T> {
      try {
        return await fn();
      } finally {
        cache.clear();
      }
    },
  };
}
export type ForumCache = ReturnType<typeof createForumCache>;
