import type { ModalFuncProps } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ConfirmHandle, FeedbackApi, FeedbackLevel } from './feedback-api';

/*
 * Toasts and confirm boxes, for components (`useFeedback()`) and for code outside them (`feedback`: HTTP client,
 * session, guard).
 *
 * antd's message, modal and App context (with their dialog, notification and motion parts, ~15 KiB gzipped) are not
 * part of any page's first load: they live in `feedback-host`, loaded on the first toast or
 * confirm. Inside the app the host is rendered by `<FeedbackBridge />` (in the app root, under the ConfigProvider),
 * so toasts follow the current theme, locale and size, and are removed with the tree; without a bridge (before it
 * mounts, code outside React) antd's static functions are used. The calls return at once: a toast shows when the
 * host is ready (a few ms after the first call), a confirm's `destroy()` also cancels one not shown yet.
 */

let contextApi: FeedbackApi | null = null;
let waiting: Array<(api: FeedbackApi) => void> = [];
let bridges = 0;
let wanted = false;
const listeners = new Set<() => void>();

let loadedHost: typeof import('./feedback-host') | null = null;
const loadHost = () =>
  import('./feedback-host').then((m) => {
    loadedHost = m;
    return m;
  });

/**
 * Closes the toasts and confirm boxes shown through antd's static functions (those of a bridge go with its tree).
 * Their React root lives outside any rendered tree; the web tests' teardown calls this so a toast's closing timer
 * never renders after the test environment is gone.
 */
export function closeStaticFeedback(): void {
  loadedHost?.closeStatic();
}

/** Called by the host when its context-aware API is ready (or gone: `null` with the API it replaces). */
function provideFeedbackApi(api: FeedbackApi | null, replaces?: FeedbackApi): void {
  if (!api) {
    if (contextApi === replaces) contextApi = null;
    return;
  }
  contextApi = api;
  const queued = waiting;
  waiting = [];
  for (const resume of queued) resume(api);
}

function ready(): Promise<FeedbackApi> {
  if (contextApi) return Promise.resolve(contextApi);
  if (bridges > 0) {
    if (!wanted) {
      wanted = true;
      for (const l of listeners) l();
    }
    return new Promise((resume) => waiting.push(resume));
  }
  return loadHost().then((m) => m.staticFeedback);
}

function show(level: FeedbackLevel, content: ReactNode, seconds?: number): void {
  void ready().then(
    (api) => api.open(level, content, seconds),
    () => console.error(content),
  );
}

/** The toast and confirm functions. Methods are looked up at call time, so tests can spy on them. */
export const feedback = {
  error: (content: ReactNode, seconds?: number) => show('error', content, seconds),
  warning: (content: ReactNode, seconds?: number) => show('warning', content, seconds),
  success: (content: ReactNode, seconds?: number) => show('success', content, seconds),
  info: (content: ReactNode, seconds?: number) => show('info', content, seconds),
  confirm(config: ModalFuncProps): ConfirmHandle {
    let shown: ConfirmHandle | null = null;
    let cancelled = false;
    void ready().then(
      (api) => {
        if (!cancelled) shown = api.confirm(config);
      },
      // the host's chunk failed to load (e.g. an old build after a deploy): the browser's own confirm
      () => {
        if (!cancelled && window.confirm(String(config.title ?? ''))) void config.onOk?.();
      },
    );
    return {
      destroy() {
        cancelled = true;
        shown?.destroy();
      },
    };
  },
};

/** The component-facing shape of `feedback` (the subset of antd's `App.useApp()` the app uses). */
const appFeedback = {
  message: {
    success: (content: ReactNode, seconds?: number) => feedback.success(content, seconds),
    error: (content: ReactNode, seconds?: number) => feedback.error(content, seconds),
    warning: (content: ReactNode, seconds?: number) => feedback.warning(content, seconds),
    info: (content: ReactNode, seconds?: number) => feedback.info(content, seconds),
  },
  modal: { confirm: (config: ModalFuncProps) => feedback.confirm(config) },
};

/** `const { message, modal } = useFeedback()`: toasts and confirm boxes in components (stable object). */
export function useFeedback(): typeof appFeedback {
  return appFeedback;
}

const FeedbackHost = lazy(
  (): Promise<{ default: ComponentType<{ provide: typeof provideFeedbackApi }> }> =>
    loadHost().then(
      (m) => ({ default: m.FeedbackHost }),
      () => ({ default: () => null }),
    ),
);

/** Whether the host has been asked for (a toast, a confirm, or the first press or key). */
export function feedbackHostRequested(): boolean {
  return wanted;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/**
 * Render once in the app root, under the ConfigProvider: loads and renders the feedback host (antd's App context
 * with its message and modal holders) when the first toast or confirm is asked for.
 */
export function FeedbackBridge() {
  const host = useSyncExternalStore(subscribe, () => wanted);
  useEffect(() => {
    bridges++;
    // The first press or key anywhere starts loading the host, so the toast or confirm that usually follows a
    // click shows without waiting for the chunk (a page that is only looked at never loads it).
    const warm = () => {
      if (wanted) return;
      wanted = true;
      for (const l of listeners) l();
    };
    window.addEventListener('pointerdown', warm, { once: true, capture: true });
    window.addEventListener('keydown', warm, { once: true, capture: true });
    return () => {
      bridges--;
      window.removeEventListener('pointerdown', warm, { capture: true });
      window.removeEventListener('keydown', warm, { capture: true });
    };
  }, []);
  return host ? (
    <Suspense fallback={null}>
      <FeedbackHost provide={provideFeedbackApi} />
    </Suspense>
  ) : null;
}
