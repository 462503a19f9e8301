import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { DEFAULT_LANG, LANGS } from '@xr/contract/lang';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectSession } from '../lib/auth/connect';
import { resetToken } from '../lib/auth/session';
import { closeStaticFeedback } from '../lib/feedback';
import { resetHttpState } from '../lib/http';
import i18n, { i18nReady, loadAllNamespaces } from '../lib/i18n';
import { resetStores } from '../lib/store';

// as main.tsx does: requests carry the session's token
connectSession();

/** Set once per worker: the setup file runs again before every file of a shared module graph. */
const once = globalThis as { __xrWebSetupDocument?: Document };
const firstRun = once.__xrWebSetupDocument !== document;
once.__xrWebSetupDocument = document;

// the app loads one language's chunk at a time, and namespaces outside the core on first use; tests switch
// freely and render any screen, so every namespace of every language is loaded up front
await i18nReady;
await loadAllNamespaces();
await i18n.loadLanguages([...LANGS]);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Most files share one module graph and one document per worker (apps/web/vitest.config.ts): each starts as a fresh
// page would, in the default language with no toast or confirm box of the file before it still on screen.
beforeAll(async () => {
  closeStaticFeedback();
  await waitForStaticFeedbackGone();
  resetToken();
  resetStores();
  resetHttpState();
  if (i18n.language !== DEFAULT_LANG) await i18n.changeLanguage(DEFAULT_LANG);
});

/**
 * antd removes a closed toast or box at the end of its leave motion, which it learns from a `transitionend` or
 * `animationend` event jsdom never fires by itself: they are sent here, as a browser would.
 */
async function waitForStaticFeedbackGone(): Promise<void> {
  const selector = '.ant-message-notice, .ant-notification-notice, .ant-modal-root .ant-modal, .ant-modal-mask';
  for (let i = 0; i < 20 && document.querySelector(selector); i++) {
    for (const node of document.querySelectorAll(selector)) {
      node.dispatchEvent(new Event('transitionend', { bubbles: true }));
      node.dispatchEvent(new Event('animationend', { bubbles: true }));
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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

if (firstRun) installComputedStyleCache();

/**
 * jsdom computes a style by matching every rule of every stylesheet against the element (antd's CSS-in-JS injects
 * thousands of rules), and Testing Library asks for the style of each node many times per role query (accessible
 * names walk every child; `waitFor` repeats the query every 50 ms): that was two thirds of the web suite's time.
 * Two things make it cheap without changing what a test can see:
 * - the tests and the libraries they use read only whether a node is shown and can be clicked (display, visibility,
 *   opacity, pointer-events; no test asserts another computed property), so the rules of injected `<style>` elements
 *   that set none of these are dropped from their sheets;
 * - a computed style is reused until the document, a stylesheet or the viewport changes: a MutationObserver's
 *   pending records, read synchronously on every call, say whether the document changed since the last one.
 */
function installComputedStyleCache(): void {
  const view = document.defaultView ?? window;
  const original = view.getComputedStyle.bind(view);
  const kept = ['display', 'visibility', 'opacity', 'pointer-events'];
  const trimmed = new WeakSet<CSSStyleSheet>();
  const trim = (list: CSSRuleList, remove: (i: number) => void) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const rule = list[i] as CSSRule & { style?: CSSStyleDeclaration; cssRules?: CSSRuleList };
      if (rule.style) {
        if (!kept.some((p) => rule.style?.getPropertyValue(p))) remove(i);
      } else if (rule.cssRules && 'deleteRule' in rule) {
        const group = rule as unknown as CSSGroupingRule;
        trim(group.cssRules, (j) => group.deleteRule(j));
        if (group.cssRules.length === 0) remove(i);
      } else if (rule.type !== CSSRule.IMPORT_RULE) {
        remove(i);
      }
    }
  };
  const trimSheets = () => {
    for (const sheet of Array.from(document.styleSheets)) {
      if (trimmed.has(sheet) || !(sheet.ownerNode instanceof HTMLStyleElement)) continue;
      trimmed.add(sheet);
      trim(sheet.cssRules, (i) => sheet.deleteRule(i));
    }
  };
  let cache = new WeakMap<Element, CSSStyleDeclaration>();
  const observer = new MutationObserver(() => undefined);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  let stamp = '';
  const currentStamp = () => {
    let rules = 0;
    for (const sheet of Array.from(document.styleSheets)) rules += sheet.cssRules.length;
    return `${view.innerWidth}x${view.innerHeight}:${document.styleSheets.length}:${rules}`;
  };
  const cached = (el: Element, pseudo?: string | null) => {
    if (pseudo) return original(el, pseudo);
    const changed = observer.takeRecords().length > 0;
    let now = currentStamp();
    if (changed || now !== stamp) {
      trimSheets();
      now = currentStamp();
      cache = new WeakMap();
      stamp = now;
    }
    let style = cache.get(el);
    if (!style) {
      style = original(el);
      cache.set(el, style);
    }
    return style;
  };
  view.getComputedStyle = cached as typeof view.getComputedStyle;
  window.getComputedStyle = cached as typeof window.getComputedStyle;
}
