import type { Lang } from '@xr/contract/lang';
import type en from '../../../locales/en/ar.json';
import type { ArLabels } from './ar-session';

/*
 * The `ar` texts (the session's buttons and hints, the QR dialog, the failure message) are fetched on the tap, never
 * with the page: the button's own label is the `viewer:viewInAr` text both pages already have. They are read as plain
 * objects, not through an i18next instance, so the SPA's details page and the lean full-screen viewer (each with an
 * i18next of its own) load them the same way.
 */

export type ArTexts = typeof en;

const LOADERS: Record<Lang, () => Promise<{ default: ArTexts }>> = {
  zh: () => import('../../../locales/zh/ar.json'),
  tc: () => import('../../../locales/tc/ar.json'),
  en: () => import('../../../locales/en/ar.json'),
};

const loaded = new Map<Lang, Promise<ArTexts>>();

/** A language's `ar` texts (fetched once; a failed fetch is tried again on the next call). */
export function loadArTexts(lang: Lang): Promise<ArTexts> {
  let p = loaded.get(lang);
  if (!p) {
    p = LOADERS[lang]().then((m) => m.default);
    p.catch(() => loaded.delete(lang));
    loaded.set(lang, p);
  }
  return p;
}

/** The session's texts. */
export function arLabels(t: ArTexts): ArLabels {
  return {
    reset: t.reset,
    exit: t.exit,
    smaller: t.smaller,
    larger: t.larger,
    aim: t.aim,
    placed: t.placed,
    tabletop: t.tabletop,
    realSize: t.realSize,
    tableSize: t.tableSize,
    atRealSize: t.atRealSize,
  };
}
