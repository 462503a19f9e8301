import { STORAGE_KEYS } from '@xr/contract/constants';
import { createStore, readJson, sessionArea, writeJson } from './store';

/** An open tab of the tags-view. */
export interface TagView {
  /** Path without the query: the tab's identity. */
  path: string;
  /** Path with the query, to navigate back to it. */
  fullPath: string;
  /** Title key in the `route` namespace. */
  title: string;
  /** Kept by "close others" and "close all". */
  affix?: boolean;
}

const store = createStore<TagView[]>(readJson(sessionArea, STORAGE_KEYS.tags, []));

function save(tags: TagView[]): TagView[] {
  store.set(tags);
  writeJson(sessionArea, STORAGE_KEYS.tags, tags);
  return tags;
}

/** The open tabs, in order; re-renders on change. Kept in sessionStorage for the browser tab's life. */
export function useTags(): TagView[] {
  return store.use();
}

export function getTags(): TagView[] {
  return store.get();
}

/** Opens a tab, or updates the query of an open one. */
export function addTag(tag: { path: string; fullPath?: string; title: string; affix?: boolean }): void {
  const next: TagView = { path: tag.path, fullPath: tag.fullPath ?? tag.path, title: tag.title, affix: tag.affix || undefined };
  const tags = store.get();
  const i = tags.findIndex((x) => x.path === next.path);
  if (i < 0) {
    save([...tags, next]);
    return;
  }
  const old = tags[i]!;
  if (old.fullPath === next.fullPath && old.title === next.title && !!old.affix === !!next.affix) return;
  save(tags.map((x, j) => (j === i ? { ...next, affix: old.affix || next.affix } : x)));
}

/** Closes one tab (affix tabs stay) and returns the remaining tabs. */
export function closeTag(path: string): TagView[] {
  return save(store.get().filter((x) => x.path !== path || x.affix));
}

/** Keeps the given tab and the affix tabs. */
export function closeOthers(path: string): TagView[] {
  return save(store.get().filter((x) => x.path === path || x.affix));
}

/** Keeps only the affix tabs. */
export function closeAll(): TagView[] {
  return save(store.get().filter((x) => x.affix));
}

/** Removes every tab, affix ones too (logout). */
export function clearTags(): void {
  store.set([]);
  sessionArea?.removeItem(STORAGE_KEYS.tags);
}

/** Where to go after closing the active tab: the last remaining tab, else `fallback`. */
export function pathAfterClose(remaining: TagView[], fallback = '/profile'): string {
  return remaining.at(-1)?.fullPath ?? fallback;
}

/** The "refresh" target: `/redirect/<path>` re-mounts the page and comes straight back. */
export function refreshPath(fullPath: string): string {
  return `/redirect${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;
}
