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

/** Under Vitest only: how to put every store back to its first value (`resetStores`). */
const resets = new Set<() => void>();

/**
 * Test helper: every store back to the value it was created with, as on a freshly loaded page. Test files that share
 * one module graph start with it (the setup file), so no file sees the session, cart or tags another one left.
 */
export function resetStores(): void {
  for (const reset of resets) reset();
}

export function createStore<T>(initial: T): Store<T> {
  // zustand's vanilla store: `replace` keeps the value as given (never merged into the previous object), and an
  // update to the same value notifies no one.
  const api = createZustandStore<T>()(() => initial);
  if (import.meta.env.MODE === 'test') resets.add(() => api.setState(initial, true));
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
