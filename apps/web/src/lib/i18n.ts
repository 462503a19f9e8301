import { STORAGE_KEYS } from '@xr/contract/constants';
import { DEFAULT_LANG, LANGS, type Lang, nextLang } from '@xr/contract/lang';
import type { Locale } from 'antd/es/locale';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LangBundle, Tree } from './i18n-bundles/bundle';

/**
 * Translations are loaded per language: `i18n-bundles/<lang>.ts` holds the core `locales/<lang>/<namespace>.json`
 * files (CORE_NAMESPACES: the shell's and the main public pages'), the contract's shared error (`common:err.*`) and
 * validation (`common:v.*`) texts of that language and antd's locale, and is its own chunk; each other namespace is
 * a chunk of its own, fetched by i18next when a component first asks for it (`useTranslation('ns')` suspends until
 * then). The first load fetches only the current language's; another language's chunk is fetched when the user
 * switches to it. A test (locales.test.ts) fails when the three key sets differ.
 */
const loaders: Record<Lang, () => Promise<{ default: LangBundle }>> = {
  zh: () => import('./i18n-bundles/zh'),
  tc: () => import('./i18n-bundles/tc'),
  en: () => import('./i18n-bundles/en'),
};

const bundles = new Map<Lang, Promise<LangBundle>>();
const antdLocales: Partial<Record<Lang, Locale>> = {};

const isLang = (v: unknown): v is Lang => (LANGS as readonly unknown[]).includes(v);

/** Loads (once) a language's bundle. */
export function loadBundle(lang: Lang): Promise<LangBundle> {
  let p = bundles.get(lang);
  if (!p) {
    p = loaders[lang]().then((m) => {
      antdLocales[lang] = m.default.antd;
      return m.default;
    });
    p.catch(() => bundles.delete(lang)); // a failed chunk load may be retried on the next switch
    bundles.set(lang, p);
  }
  return p;
}

/** A namespace of a language: from the language's chunk, or from the namespace's own chunk. */
async function readNamespace(lang: Lang, ns: string): Promise<Tree> {
  const b = await loadBundle(lang);
  const own = b.resources[ns];
  if (own) return own;
  const load = b.lazy[ns];
  return load ? load() : {};
}

/** Every language's resources (namespace -> tree, every namespace), e.g. for the test that compares their key sets. */
export async function buildResources(): Promise<Record<Lang, Record<string, Tree>>> {
  const all = await Promise.all(
    LANGS.map(async (l) => {
      const b = await loadBundle(l);
      const names = [...Object.keys(b.resources), ...Object.keys(b.lazy)];
      const trees = await Promise.all(names.map((ns) => readNamespace(l, ns)));
      return Object.fromEntries(names.map((ns, i) => [ns, trees[i] ?? {}])) as Record<string, Tree>;
    }),
  );
  return Object.fromEntries(LANGS.map((l, i) => [l, all[i] ?? {}])) as Record<Lang, Record<string, Tree>>;
}

/** Loads every namespace of the current language into i18next (tests render any screen without waiting). */
export async function loadAllNamespaces(): Promise<void> {
  const b = await loadBundle(currentLang());
  await i18n.loadNamespaces(Object.keys(b.lazy));
}

/** i18next backend: a namespace of a language comes from that language's chunk or from the namespace's own. */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLang(language)) return callback(null, {});
    readNamespace(language, namespace).then(
      (tree) => callback(null, tree),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

function storedLang(): Lang {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.lang) : null;
  return isLang(v) ? v : DEFAULT_LANG;
}

const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en' };

const initialLang = storedLang();

/** Resolves once the current language's translations are in: render the app after it. */
export const i18nReady: Promise<void> = loadBundle(initialLang).then(async (bundle) => {
  await i18n
    .use(bundleBackend)
    .use(initReactI18next)
    .init({
      resources: { [initialLang]: { ...bundle.resources } }, // a copy: i18next adds the namespaces it loads to it
      partialBundledLanguages: true,
      lng: initialLang,
      fallbackLng: false,
      ns: Object.keys(bundle.resources),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
});

/** The current interface language. */
export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** antd's locale of a loaded language (the current one always is: i18next loads a language before switching). */
export function antdLocale(lang: Lang): Locale | undefined {
  return antdLocales[lang];
}

/** Switches the language (loading its chunk first) and keeps it in local storage. */
export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** zh -> tc -> en -> zh (spec section 1). */
export function cycleLang(): Lang {
  const next = nextLang(currentLang());
  void setLang(next);
  return next;
}

/** Translates a server or schema message key (`v.x`, `err.x`); anything else passes through. */
export function translateKey(key: string): string {
  if (/^(v|err)\.\w+$/.test(key)) return i18n.t(`common:${key}`);
  return key;
}

export default i18n;
