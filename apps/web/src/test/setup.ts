import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { LANGS } from '@xr/contract/lang';
import { afterAll, afterEach } from 'vitest';
import { connectSession } from '../lib/auth/connect';
import { closeStaticFeedback } from '../lib/feedback';
import i18n, { i18nReady, loadAllNamespaces } from '../lib/i18n';

// as main.tsx does: requests carry the session's token
connectSession();

// the app loads one language's chunk at a time, and namespaces outside the core on first use; tests switch
// freely and render any screen, so every namespace of every language is loaded up front
await i18nReady;
await loadAllNamespaces();
await i18n.loadLanguages([...LANGS]);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// let React's scheduler finish any work queued by the last test before the environment goes away; antd's static
// toasts have a root of their own that cleanup() does not unmount, and a toast's closing timer (3 s) would render
// after the environment is gone ("window is not defined", seen with two workers in admin-layout.test.tsx)
afterAll(async () => {
  cleanup();
  closeStaticFeedback();
  // a few macrotask turns: a commit's passive effects are flushed in a task of their own after it
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 25));
});

// antd reads these in jsdom
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver ??= RO;
