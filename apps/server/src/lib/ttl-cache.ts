/**
 * A small in-process cache for hot public reads: entries live `ttlMs`, and concurrent loads of one key share a
 * single call (a burst of identical requests costs one database trip). `ttlMs` 0 turns caching off (every get
 * loads). Bounded: when `max` entries are held, the oldest are dropped first.
 */
export function createTtlCache<V>(ttlMs: number, max = 5000) {
  const done = new Map<string, { value: V; at: number }>();
  const loading = new Map<string, Promise<V>>();

  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return load();
      const hit = done.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const pending = loading.get(key);
      if (pending) return pending;
      const p = load()
        .then((value) => {
          done.delete(key);
          if (done.size >= max) {
            const oldest = done.keys().next().value;
            if (oldest !== undefined) done.delete(oldest);
          }
          done.set(key, { value, at: Date.now() });
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, p);
      return p;
    },
    /** Forgets one key (after a write that changes it), or everything. */
    clear(key?: string): void {
      if (key === undefined) done.clear();
      else done.delete(key);
    },
  };
}
export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
