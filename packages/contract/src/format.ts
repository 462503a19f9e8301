import type { Lang } from './lang';

/**
 * How every screen, the invoice, mails and the payment page show money and time: one formatter each, with no
 * zod (the web's public pages import this without the schemas).
 */

const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `1288.5` -> `HK$1,288.50`: an HKD amount (a number at the API edge) the same way in every language. */
export function formatPrice(hkd: number | string): string {
  const n = typeof hkd === 'number' ? hkd : Number(hkd);
  const safe = Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
  return `${safe < 0 ? '-' : ''}HK$${grouped.format(Math.abs(safe))}`;
}

/** The platform's time zone (prices are HKD; payment deadlines are stated in Hong Kong time). */
export const PLATFORM_TIME_ZONE = 'Asia/Hong_Kong';

/** Names of the zones a deadline is stated in, per language; other zones show their GMT offset. */
const ZONE_NAMES: Record<string, Record<Lang, string>> = {
  'Asia/Hong_Kong': { zh: '香港时间', tc: '香港時間', en: 'HKT' },
  UTC: { zh: 'UTC', tc: 'UTC', en: 'UTC' },
};

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = partsFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(key, f);
  }
  return f;
}

/** The zone's name in a language: `HKT` / `香港时间`, else its offset (`GMT+1`). */
export function timeZoneName(timeZone: string | undefined, lang: Lang, at: Date = new Date()): string {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const named = ZONE_NAMES[zone]?.[lang];
  if (named) return named;
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

export interface DateFormatOptions {
  /** IANA zone; the viewer's own zone when left out. */
  timeZone?: string;
  /** Date only (`2026-11-23`). */
  dateOnly?: boolean;
  /** With seconds (`10:05:09`). */
  seconds?: boolean;
  /** Name the zone after the time (`2026-11-23 10:05 (HKT)`): for deadlines and anything read across zones. */
  zone?: boolean;
}

/**
 * `2026-11-23 10:05`: the one date/time format of the product, the same digits in zh, tc and en (unambiguous in
 * each); with `zone` the zone is named in the language (`(HKT)`, `(香港时间)`). Empty for a missing or invalid value.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  lang: Lang,
  opts: DateFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(
    partsFormat(opts.timeZone)
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  const day = `${p.year}-${p.month}-${p.day}`;
  if (opts.dateOnly) return day;
  const time = `${p.hour}:${p.minute}${opts.seconds ? `:${p.second}` : ''}`;
  const zone = opts.zone ? ` (${timeZoneName(opts.timeZone, lang, date)})` : '';
  return `${day} ${time}${zone}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * Bytes as people read them, in steps of 1024. On screens (the default) one decimal below 100, without a `.0`:
 * `1 KB`, `1.5 KB`, `15.5 MB`, `150 MB`; in the server's refusal messages one decimal below 10 only: `1.0 KB`, `15 MB`.
 */
export function formatBytes(n: number, style: 'screen' | 'message' = 'screen'): string {
  let v = Math.max(0, n);
  let u = 0;
  while (v >= 1024 && u < BYTE_UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  if (u === 0) return `${v} B`;
  const digits = style === 'message' ? v.toFixed(v >= 10 ? 0 : 1) : String(Number(v.toFixed(v >= 100 ? 0 : 1)));
  return `${digits} ${BYTE_UNITS[u]}`;
}
