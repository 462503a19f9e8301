/**
 * A download started early and handed over once: the lean viewer page starts a scene's first picture or models as
 * soon as `scene_details` answers, and the viewer takes each download over instead of asking again. A failed
 * download is forgotten (the viewer then asks the network itself).
 */
export function createPrefetchStore<T>(read: (r: Response) => Promise<T>) {
  const started = new Map<string, Promise<T>>();
  return {
    start(url: string, fetchImpl: typeof fetch = fetch): void {
      if (started.has(url)) return;
      const p = fetchImpl(url, { credentials: 'same-origin' }).then((r) => {
        if (!r.ok) throw new Error(`${r.status}`);
        return read(r);
      });
      p.catch(() => started.delete(url));
      started.set(url, p);
    },
    /** The download started for `url`, left for the viewer to take over (the lean page's early picture reads it too). */
    peek(url: string): Promise<T> | undefined {
      return started.get(url);
    },
    take(url: string): Promise<T> | undefined {
      const p = started.get(url);
      started.delete(url);
      return p;
    },
  };
}
