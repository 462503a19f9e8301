import { STORAGE_KEYS } from '@xr/contract/constants';
import { DEFAULT_LANG, LANGS, type Lang, nextLang } from '@xr/contract/lang';
import { errorMessages, validationMessages } from '@xr/contract/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Tree = { [key: string]: string | Tree };

/**
 * Translation resources: every `locales/<lang>/<namespace>.json` file, plus the contract's shared error
 * (`common:err.*`) and validation (`common:v.*`) texts, so server and client speak the same words.
 * A test (locales.test.ts) fails when the three languages' key sets differ.
 */
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Lang, Record<string, Tree>> {
  const res = Object.fromEntries(LANGS.map((l) => [l, {} as Record<string, Tree>])) as Record<Lang, Record<string, Tree>>;
  for (const [file, tree] of Object.entries(files)) {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!m) continue;
    const [, lang, ns] = m as unknown as [string, Lang, string];
    if (res[lang]) res[lang][ns] = tree;
  }
  for (const lang of LANGS) {
    const common: Tree = res[lang].common ?? {};
    res[lang].common = common;
    common.err = Object.fromEntries(Object.entries(errorMessages).map(([k, v]) => [k, v[lang]]));
    common.v = Object.fromEntries(Object.entries(validationMessages).map(([k, v]) => [k, v[lang]]));
  }
  return res;
}

export const NAMESPACES = [...new Set(Object.keys(files).map((f) => /\/([\w-]+)\.json$/.exec(f)?.[1] ?? 'common'))];

function storedLang(): Lang {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.lang) : null;
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
}

const HTML_LANG: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en' };

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLang(),
  fallbackLng: false,
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The current interface language. */
export function currentLang(): Lang {
  return (i18n.language as Lang) ?? DEFAULT_LANG;
}

/** Switches the language and keeps it in local storage. */
export function setLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** zh -> tc -> en -> zh (spec section 1). */
export function cycleLang(): Lang {
  const next = nextLang(currentLang());
  setLang(next);
  return next;
}

/** Translates a server or schema message key (`v.x`, `err.x`); anything else passes through. */
export function translateKey(key: string): string {
  if (/^(v|err)\.\w+$/.test(key)) return i18n.t(`common:${key}`);
  return key;
}

export default i18n;
