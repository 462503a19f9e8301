import { ErrorCode } from '@xr/contract/errors';
import { tourDocument } from '@xr/contract/scenes';
import type { TourStore } from './tour-store';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'invalid' | 'conflict';

/** A schema problem of the document, where it is (`scenes.0.hotspots.2.url`) and the contract's message key. */
export interface DocIssue {
  path: (string | number)[];
  message: string;
}

export interface AutosaveState {
  status: SaveStatus;
  issues: DocIssue[];
  /** The server's message of the last failure. */
  error: string | null;
}

export type SaveFn = (body: { base_version: number; document: unknown; force?: boolean }) => Promise<{ version: number }>;

/** Thrown by `SaveFn` when the server has a newer version (code 40940). */
export const CONFLICT_CODE = ErrorCode.SCENE_VERSION_CONFLICT;

export interface Autosave {
  getState(): AutosaveState;
  subscribe(listener: () => void): () => void;
  /** Saves now (also the "overwrite" of a conflict with `force`). */
  flush(force?: boolean): Promise<void>;
  dispose(): void;
}

/** The schema's problems of a document, or none. */
export function validateTour(doc: unknown): DocIssue[] {
  const r = tourDocument.safeParse(doc);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
}

/**
 * Autosave: `delay` ms after the last change the document is validated with the contract's schema and saved over the
 * version it was loaded at. A document that fails the schema is not sent (status `invalid`, with the issues so the
 * editor shows each at its place); a newer version on the server stops autosave (status `conflict`) until the user
 * reloads or overwrites; other failures show `failed` and are retried on the next change or `flush`.
 */
export function createAutosave(store: TourStore, save: SaveFn, delay = 1500): Autosave {
  let state: AutosaveState = { status: store.isDirty() ? 'pending' : 'saved', issues: [], error: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<AutosaveState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let lastRevision = store.getState().revision;

  async function flush(force = false): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (running) await running;
    if (!store.isDirty() && !force) {
      set({ status: 'saved', issues: [], error: null });
      return;
    }
    if (state.status === 'conflict' && !force) return;
    const { doc, revision, version } = store.getState();
    const issues = validateTour(doc);
    if (issues.length) {
      set({ status: 'invalid', issues, error: null });
      return;
    }
    set({ status: 'saving', issues: [] });
    running = save({ base_version: version, document: doc, ...(force ? { force: true } : {}) })
      .then((r) => {
        store.saved(revision, r.version);
        set({ status: store.isDirty() ? 'pending' : 'saved', error: null });
        if (store.isDirty()) schedule();
      })
      .catch((err: unknown) => {
        const code = (err as { code?: number }).code;
        const message = err instanceof Error ? err.message : String(err);
        set({ status: code === CONFLICT_CODE ? 'conflict' : 'failed', error: message });
      })
      .finally(() => {
        running = null;
      });
    await running;
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  const unsubscribe = store.subscribe(() => {
    const { revision } = store.getState();
    if (revision === lastRevision) return;
    lastRevision = revision;
    if (!store.isDirty()) {
      if (state.status !== 'saving') set({ status: 'saved', issues: [], error: null });
      return;
    }
    if (state.status === 'conflict') return;
    if (state.status !== 'saving') set({ status: 'pending' });
    schedule();
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    dispose() {
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
  };
}
