import type { Lang } from '@xr/contract/lang';

export type Tree = { [key: string]: string | Tree };

/**
 * The viewers' namespaces of one language, a chunk per language fetched beside the viewer's code (the `tour`
 * namespace travels with the tour viewer itself): only what the viewers and the asset viewer read. No i18next here:
 * the lean page's first script (`entry.ts`) asks for them with the viewer's chunks, the React part adds them to its
 * i18next instance (`lean-i18n.ts`).
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

const asked = new Map<Lang, Promise<Record<string, Tree>>>();

/** The viewers' texts of a language, asked for once (the first script and the React part share the download). */
export function viewerTexts(lang: Lang): Promise<Record<string, Tree>> {
  let p = asked.get(lang);
  if (!p) {
    p = VIEWER_TEXTS[lang]();
    asked.set(lang, p);
    p.catch(() => asked.delete(lang));
  }
  return p;
}
