import type { Lang } from '@xr/contract/lang';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The Intl locale of each interface language for dates (Simplified Chinese, Traditional Chinese, English). */
export const DATE_LOCALE: Record<Lang, string> = { zh: 'zh-CN', tc: 'zh-TW', en: 'en-GB' };

/** Formats ISO timestamps as a local date (and, with `withTime`, time) in the interface language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const locale = DATE_LOCALE[i18n.language as Lang] ?? 'en-GB';
  return useCallback(
    (iso: string, withTime = false) =>
      new Date(iso).toLocaleString(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }),
    [locale],
  );
}

/** Formats ISO timestamps as a local date and time in the interface language. */
export function useDateTime() {
  const format = useDateFormat();
  return useCallback((iso: string) => format(iso, true), [format]);
}
