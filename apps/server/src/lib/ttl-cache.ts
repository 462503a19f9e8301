/**
 * A small in-process cache for hot public reads: entries live `ttlMs`, and concurrent loads of one key share a
 * single call (a burst of identical requests costs one database trip). `ttlMs` 0 turns caching off (every get
 * loads). Bounded: when `max` entries are held, the oldest are dropped first.
 *
 * `version` (optional) names the state of what is cached, e.g. a counter that every write of the underlying rows
 * moves: an entry is used only while the version is the one its load started under, and a load that started
 * before a write is never joined by a get after it. So a write is seen by the next read, however long `ttlMs`.
 */
export function createTtlCache<V>(ttlMs: number, max = 5000, version: () => number = () => 0) {
  const done = new Map<string, { value: V; at: number; v: number }>();
  const loading = new Map<string, { v: number; p: Promise<V> }>();

  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return load();
      const v = version();
      const hit = done.get(key);
      if (hit && hit.v === v && Date.now() - hit.at < ttlMs) return hit.value;
      const pending = loading.get(key);
      if (pending && pending.v === v) return pending.p;
      const p = load()
        .then((value) => {
          // A load under an older version never replaces what a newer one stored (versions only grow).
          const held = done.get(key);
          if (held && held.v > v) return value;
          done.delete(key);
          if (done.size >= max) {
            const oldest = done.keys().next().value;
            if (oldest !== undefined) done.delete(oldest);
          }
          done.set(key, { value, at: Date.now(), v });
          return value;
        })
        .finally(() => {
          if (loading.get(key)?.p === p) loading.delete(key);
        });
      loading.set(key, { v, p });
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
