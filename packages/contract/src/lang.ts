/** Interface languages: zh (simplified, default), tc (traditional), en. The switch cycles in this order. */
export const LANGS = ['zh', 'tc', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';

/** Next language in the zh -> tc -> en -> zh cycle. */
export function nextLang(lang: Lang): Lang {
  return LANGS[(LANGS.indexOf(lang) + 1) % LANGS.length] ?? DEFAULT_LANG;
}

/** Picks a supported language from a header value such as `en`, `zh-TW`, `zh-CN,zh;q=0.9`. */
export function langFromHeader(value: string | undefined | null): Lang {
  if (!value) return DEFAULT_LANG;
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if ((LANGS as readonly string[]).includes(first)) return first as Lang;
  if (first.startsWith('en')) return 'en';
  if (/^zh-(tw|hk|mo|hant)/.test(first)) return 'tc';
  return DEFAULT_LANG;
}
