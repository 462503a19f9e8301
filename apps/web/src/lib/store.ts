import { useStore } from 'zustand';
import { createStore as createZustandStore } from 'zustand/vanilla';

/**
 * A tiny external store for app-wide client state (session, cart count, tags, sidebar, theme, error log),
 * built on zustand and read in components through `use()`. Each `set` replaces the snapshot, so React sees a change.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** React hook: the current snapshot, re-rendering on change. */
  use(): T;
}

export function createStore<T>(initial: T): Store<T> {
  // zustand's vanilla store: `replace` keeps the value as given (never merged into the previous object), and an
  // update to the same value notifies no one.
  const api = createZustandStore<T>()(() => initial);
  return {
    get: api.getState,
    set: (next) => api.setState(next, true),
    subscribe: (listener) => api.subscribe(() => listener()),
    use: () => useStore(api),
  };
}

/** Reads JSON from a Web Storage area; a missing or unreadable entry yields `fallback`. */
export function readJson<T>(storage: Storage | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Writes JSON to a Web Storage area, ignoring quota and privacy-mode failures. */
export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the in-memory state still works for this page
  }
}

export const localArea: Storage | undefined = typeof localStorage !== 'undefined' ? localStorage : undefined;
export const sessionArea: Storage | undefined = typeof sessionStorage !== 'undefined' ? sessionStorage : undefined;
