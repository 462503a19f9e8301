import { TOUR_SCHEMA_VERSION, type TourDocument } from '@xr/contract/scenes';
import { useSyncExternalStore } from 'react';
import type { Command } from './commands';

/** The longest pause (ms) between two commands of the same `merge` key that still makes them one undo step. */
export const MERGE_MS = 1000;
/** Undo steps kept. */
export const HISTORY_LIMIT = 200;

export interface TourEditorState {
  doc: TourDocument;
  /** The server version the document is based on (`base_version` of the next save). */
  version: number;
  /** Counts changes (do, undo, redo); the saved state is the revision that was last saved. */
  revision: number;
  savedRevision: number;
  past: Command[];
  future: Command[];
  selectedScene: string | null;
  selectedHotspot: string | null;
}

interface Entry {
  cmd: Command;
  at: number;
}

export interface TourStore {
  getState(): TourEditorState;
  subscribe(listener: () => void): () => void;
  /** Applies a command and puts it on the undo list (clearing redo). */
  run(cmd: Command): void;
  undo(): void;
  redo(): void;
  select(sceneId: string | null, hotspotId?: string | null): void;
  /** Replaces the whole document (load, reload after a conflict, restore of a revision): history starts over. */
  load(doc: TourDocument, version: number): void;
  /** A save of `revision` answered `version`. */
  saved(revision: number, version: number): void;
  isDirty(): boolean;
}

/** A tour with no scenes yet (not valid until a scene is added: the schema wants one). */
export function emptyTour(): TourDocument {
  return {
    schema_version: TOUR_SCHEMA_VERSION,
    kind: 'tour',
    start_scene: '',
    scenes: [],
    settings: { autorotate: false, gyroscope: true, plan: null },
  };
}

/**
 * The tour editor's state, outside React: the document, the undo/redo lists of commands, the selection and the
 * saved revision. Components read it with `useTourStore` and change it only through commands.
 */
export function createTourStore(doc: TourDocument, version: number, now: () => number = Date.now): TourStore {
  let state: TourEditorState = {
    doc,
    version,
    revision: 0,
    savedRevision: 0,
    past: [],
    future: [],
    selectedScene: doc.start_scene || doc.scenes[0]?.id || null,
    selectedHotspot: null,
  };
  let past: Entry[] = [];
  const listeners = new Set<() => void>();
  const set = (next: Partial<TourEditorState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  /** The selection must name things that exist. */
  const fixSelection = (d: TourDocument) => {
    const scene = d.scenes.find((s) => s.id === state.selectedScene) ?? d.scenes[0];
    const hotspot = scene?.hotspots.some((h) => h.id === state.selectedHotspot) ? state.selectedHotspot : null;
    return { selectedScene: scene?.id ?? null, selectedHotspot: hotspot };
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    run(cmd) {
      const d = cmd.do(state.doc);
      const last = past.at(-1);
      const t = now();
      if (cmd.merge && last && last.cmd.merge === cmd.merge && t - last.at < MERGE_MS && state.future.length === 0) {
        // fold into the previous step: undo goes back to before the first of the row
        const first = last.cmd;
        past = [...past.slice(0, -1), { cmd: { ...cmd, undo: first.undo }, at: t }];
      } else {
        past = [...past, { cmd, at: t }].slice(-HISTORY_LIMIT);
      }
      set({ doc: d, past: past.map((e) => e.cmd), future: [], revision: state.revision + 1, ...fixSelection(d) });
    },
    undo() {
      const entry = past.at(-1);
      if (!entry) return;
      past = past.slice(0, -1);
      const d = entry.cmd.undo(state.doc);
      set({
        doc: d,
        past: past.map((e) => e.cmd),
        future: [entry.cmd, ...state.future],
        revision: state.revision + 1,
        ...fixSelection(d),
      });
    },
    redo() {
      const [cmd, ...rest] = state.future;
      if (!cmd) return;
      past = [...past, { cmd, at: 0 }];
      const d = cmd.do(state.doc);
      set({ doc: d, past: past.map((e) => e.cmd), future: rest, revision: state.revision + 1, ...fixSelection(d) });
    },
    select(sceneId, hotspotId = null) {
      set({ selectedScene: sceneId, selectedHotspot: hotspotId });
    },
    load(d, v) {
      past = [];
      set({
        doc: d,
        version: v,
        past: [],
        future: [],
        revision: state.revision + 1,
        savedRevision: state.revision + 1,
        ...fixSelection(d),
      });
    },
    saved(revision, v) {
      set({ version: v, savedRevision: Math.max(state.savedRevision, revision) });
    },
    isDirty: () => state.revision !== state.savedRevision,
  };
}

/** A slice of the editor's state; the component re-renders when the slice changes. */
export function useTourStore<T>(store: TourStore, select: (s: TourEditorState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
