import { STORAGE_KEYS } from '@xr/contract/constants';
import { createStore, localArea, readJson, writeJson } from './store';

/** One entry of the error log shown by the top bar's error-log viewer. */
export interface ErrorLogEntry {
  message: string;
  /** Request (`GET /api/…`) or page URL where it happened. */
  url?: string;
  stack?: string;
  /** ISO time. */
  time: string;
}

export const ERROR_LOG_MAX = 100;

const store = createStore<ErrorLogEntry[]>(readJson(localArea, STORAGE_KEYS.errorLog, []));

/** Adds an entry (newest last), keeping the latest 100, also in localStorage. */
export function logError(entry: Omit<ErrorLogEntry, 'time'> & { time?: string | Date }): void {
  const time = entry.time instanceof Date ? entry.time.toISOString() : (entry.time ?? new Date().toISOString());
  const next = [...store.get(), { ...entry, time }].slice(-ERROR_LOG_MAX);
  store.set(next);
  writeJson(localArea, STORAGE_KEYS.errorLog, next);
}

export function clearErrorLog(): void {
  store.set([]);
  localArea?.removeItem(STORAGE_KEYS.errorLog);
}

/** The log entries, oldest first; re-renders on change. */
export function useErrorLog(): ErrorLogEntry[] {
  return store.use();
}

export function getErrorLog(): ErrorLogEntry[] {
  return store.get();
}

let installed: (() => void) | null = null;

/**
 * Collects uncaught errors and unhandled promise rejections into the log. Only production builds do this
 * (spec: "production errors go to a viewable error log"); in development the console shows them.
 * Returns the uninstall function; calling it twice installs once.
 */
export function installErrorCapture(opts: { force?: boolean } = {}): () => void {
  if (installed) return installed;
  if (typeof window === 'undefined' || !(opts.force || import.meta.env.PROD)) return () => undefined;
  const onError = (e: ErrorEvent) => {
    logError({ message: e.message || String(e.error), url: window.location.href, stack: errorStack(e.error) });
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason: unknown = e.reason;
    // failed requests are already logged by the HTTP client
    if (reason instanceof Error && reason.name === 'HttpError') return;
    const message = reason instanceof Error ? reason.message : String(reason);
    logError({ message, url: window.location.href, stack: errorStack(reason) });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  installed = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    installed = null;
  };
  return installed;
}

function errorStack(err: unknown): string | undefined {
  return err instanceof Error ? err.stack : undefined;
}
