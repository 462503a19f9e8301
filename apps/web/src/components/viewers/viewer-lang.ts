import { DEFAULT_LANG, LANGS, type Lang } from '@xr/contract/lang';

/**
 * The language of the i18next instance a viewer renders with (`useTranslation().i18n`): the app's own in the SPA,
 * the lean full-screen page's small one there. Viewers read it from their context instead of `lib/i18n`, whose import
 * would start the whole SPA's translation bundle on the lean page.
 */
export function langOf(i18n: { language?: string } | undefined): Lang {
  const l = i18n?.language;
  return (LANGS as readonly string[]).includes(l ?? '') ? (l as Lang) : DEFAULT_LANG;
}
