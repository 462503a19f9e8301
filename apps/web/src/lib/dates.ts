import { formatDateTime, PLATFORM_TIME_ZONE } from '@xr/contract/format';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from './i18n';

/**
 * Dates on screen: the contract's one formatter (`2026-11-23 10:05`, the same in zh, tc and en) in the viewer's
 * own zone; deadlines name their zone (`2026-11-23 10:05 (HKT)`) and are stated in the platform's zone, as the
 * payment page and mails state them.
 */

/** An ISO time as date and time in the viewer's zone (`2026-11-23 10:05`); empty when missing. */
export function formatTime(iso: string | null | undefined, opts: { seconds?: boolean } = {}): string {
  return formatDateTime(iso, currentLang(), opts);
}

/** An ISO time as a date in the viewer's zone (`2026-11-23`); empty when missing. */
export function formatDay(iso: string | null | undefined): string {
  return formatDateTime(iso, currentLang(), { dateOnly: true });
}

/** A deadline (order expiry, payment window): platform time with the zone named, `2026-11-23 10:05 (HKT)`. */
export function formatDeadline(iso: string | null | undefined): string {
  return formatDateTime(iso, currentLang(), { timeZone: PLATFORM_TIME_ZONE, zone: true });
}

/** Formats ISO timestamps as a date (and, with `withTime`, time), re-rendering on a language change. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so tables re-render
  return useCallback((iso: string | null | undefined, withTime = false) => (withTime ? formatTime(iso) : formatDay(iso)), [lang]);
}

/** Formats ISO timestamps as date and time, re-rendering on a language change. */
export function useDateTime() {
  const format = useDateFormat();
  return useCallback((iso: string | null | undefined) => format(iso, true), [format]);
}
