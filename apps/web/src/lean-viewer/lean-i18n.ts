import type { Lang } from '@xr/contract/lang';
import { createInstance, type i18n as I18n } from 'i18next';
import en from '../locales/en/viewer.json';
import tc from '../locales/tc/viewer.json';
import zh from '../locales/zh/viewer.json';

type Tree = { [key: string]: string | Tree };

/** The shell's own texts (title, loading, failure, back) in the three languages: tiny, in the entry. */
export const SHELL_TEXTS: Record<Lang, typeof en> = { zh, tc, en };

/**
 * The viewers' namespaces of one language, a chunk per language fetched beside the viewer's code (the `tour`
 * namespace travels with the tour viewer itself): only what the viewers and the asset viewer read.
 */
const VIEWER_TEXTS: Record<Lang, () => Promise<Record<string, Tree>>> = {
  zh: async () => {
    const [scene3d, common] = await Promise.all([import('../locales/zh/scene3d.json'), import('../locales/zh/common.json')]);
    return { scene3d: scene3d.default, common: common.default };
  },
  tc: async () => {
    const [scene3d, common] = await Promise.all([import('../locales/tc/scene3d.json'), import('../locales/tc/common.json')]);
    return { scene3d: scene3d.default, common: common.default };
  },
  en: async () => {
    const [scene3d, common] = await Promise.all([import('../locales/en/scene3d.json'), import('../locales/en/common.json')]);
    return { scene3d: scene3d.default, common: common.default };
  },
};

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
  const trees = await VIEWER_TEXTS[lang]();
  for (const [ns, tree] of Object.entries(trees)) i18n.addResourceBundle(lang, ns, tree, true, false);
}
