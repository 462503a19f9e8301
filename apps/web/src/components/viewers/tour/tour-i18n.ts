import type { Lang } from '@xr/contract/lang';
import i18n from 'i18next';
import '../../../lib/i18n';
import en from '../../../locales/en/lazy/tour.json';
import tc from '../../../locales/tc/lazy/tour.json';
import zh from '../../../locales/zh/lazy/tour.json';

/**
 * The `tour` namespace (viewer and editor texts) travels with the tour's own chunk instead of the first page's
 * bundle (the `locales/<lang>/lazy/` files are not in the eager set): importing this module registers it.
 */
export const TOUR_LOCALES: Record<Lang, typeof en> = { zh, tc, en };

for (const [lang, bundle] of Object.entries(TOUR_LOCALES)) {
  if (!i18n.hasResourceBundle(lang, 'tour')) i18n.addResourceBundle(lang, 'tour', bundle, true, false);
}
