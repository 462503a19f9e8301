import type { Lang } from '@xr/contract/lang';
import { createInstance, type i18n as I18n } from 'i18next';
import en from '../locales/en/viewer.json';
import tc from '../locales/tc/viewer.json';
import zh from '../locales/zh/viewer.json';
import { viewerTexts } from './viewer-texts';

/** The shell's own texts (title, loading, failure, back) in the three languages: tiny, in the entry. */
export const SHELL_TEXTS: Record<Lang, typeof en> = { zh, tc, en };

/**
 * A small i18next instance of its own for the lean page (the SPA's, `lib/i18n`, loads the whole app's bundle
 * first): the shell's texts at once, synchronously usable; the viewers read it through `I18nextProvider`.
 */
export function createLeanI18n(lang: Lang): I18n {
  const i18n = createInstance();
  void i18n.init({
    resources: { [lang]: { viewer: SHELL_TEXTS[lang] } },
    lng: lang,
    fallbackLng: false,
    ns: ['viewer'],
    defaultNS: 'viewer',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}

/** Adds the viewers' namespaces of the instance's language (resolves when they are in). */
export async function loadViewerTexts(i18n: I18n, lang: Lang): Promise<void> {
  const trees = await viewerTexts(lang);
  for (const [ns, tree] of Object.entries(trees)) i18n.addResourceBundle(lang, ns, tree, true, false);
}
