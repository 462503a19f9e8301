import type { Lang } from '@xr/contract/lang';
import i18next, { type i18n as I18n } from 'i18next';
import en from '../../../locales/en/lazy/tour.json';
import tc from '../../../locales/tc/lazy/tour.json';
import zh from '../../../locales/zh/lazy/tour.json';

/**
 * The `tour` namespace (viewer and editor texts) travels with the tour's own chunk instead of the first page's
 * bundle (the `locales/<lang>/lazy/` files are not in the eager set).
 */
export const TOUR_LOCALES: Record<Lang, typeof en> = { zh, tc, en };

const waiting = new WeakSet<I18n>();

/**
 * Adds the `tour` namespace to an i18next instance (once; when it is initialised, if it is not yet): the viewer calls
 * it with the instance it renders with.
 */
export function registerTourLocales(instance: I18n): void {
  if (!instance.isInitialized) {
    if (!waiting.has(instance)) instance.on('initialized', () => registerTourLocales(instance));
    waiting.add(instance);
    return;
  }
  for (const [lang, bundle] of Object.entries(TOUR_LOCALES)) {
    if (!instance.hasResourceBundle(lang, 'tour')) instance.addResourceBundle(lang, 'tour', bundle, true, false);
  }
}

// The SPA's instance: importing this module registers the namespace there (the editor's pages rely on it).
registerTourLocales(i18next);
