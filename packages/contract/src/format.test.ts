import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatPrice, PLATFORM_TIME_ZONE, timeZoneName } from './format';

describe('formatPrice', () => {
  it('shows HKD with the sign glued to the digits, grouped, two decimals', () => {
    expect(formatPrice(35)).toBe('HK$35.00');
    expect(formatPrice(1288.5)).toBe('HK$1,288.50');
    expect(formatPrice('0.1')).toBe('HK$0.10');
    expect(formatPrice(0)).toBe('HK$0.00');
    expect(formatPrice(-12.5)).toBe('-HK$12.50');
    expect(formatPrice(Number.NaN)).toBe('HK$0.00');
  });
});

describe('formatDateTime', () => {
  // 2026-11-23 02:05:09 UTC = 10:05:09 in Hong Kong
  const iso = '2026-11-23T02:05:09.000Z';

  it('gives one pattern in every language, in the zone asked for', () => {
    for (const lang of ['zh', 'tc', 'en'] as const) {
      expect(formatDateTime(iso, lang, { timeZone: PLATFORM_TIME_ZONE })).toBe('2026-11-23 10:05');
      expect(formatDateTime(iso, lang, { timeZone: 'UTC', seconds: true })).toBe('2026-11-23 02:05:09');
      expect(formatDateTime(iso, lang, { timeZone: PLATFORM_TIME_ZONE, dateOnly: true })).toBe('2026-11-23');
    }
  });

  it('names the zone in the language for deadlines', () => {
    expect(formatDateTime(iso, 'en', { timeZone: PLATFORM_TIME_ZONE, zone: true })).toBe('2026-11-23 10:05 (HKT)');
    expect(formatDateTime(iso, 'zh', { timeZone: PLATFORM_TIME_ZONE, zone: true })).toBe('2026-11-23 10:05 (香港时间)');
    expect(formatDateTime(iso, 'tc', { timeZone: PLATFORM_TIME_ZONE, zone: true })).toBe('2026-11-23 10:05 (香港時間)');
    expect(formatDateTime(iso, 'en', { timeZone: 'Europe/Berlin', zone: true })).toBe('2026-11-23 03:05 (GMT+1)');
    expect(timeZoneName('America/New_York', 'zh', new Date(iso))).toBe('GMT-5');
  });

  it('keeps midnight as 00, not 24', () => {
    expect(formatDateTime('2026-11-22T16:00:00Z', 'en', { timeZone: PLATFORM_TIME_ZONE })).toBe('2026-11-23 00:00');
  });

  it('is empty for a missing or invalid value', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime(undefined, 'zh')).toBe('');
    expect(formatDateTime('not a date', 'tc')).toBe('');
  });
});

describe('formatBytes', () => {
  it('shows bytes in steps of 1024, one decimal below 100 on screens, no trailing .0', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15.5 * 1024 ** 2)).toBe('15.5 MB');
    expect(formatBytes(150 * 1024 ** 3)).toBe('150 GB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2 PB');
    expect(formatBytes(-5)).toBe('0 B');
  });

  it('keeps one decimal below 10 only in messages', () => {
    expect(formatBytes(0, 'message')).toBe('0 B');
    expect(formatBytes(1024, 'message')).toBe('1.0 KB');
    expect(formatBytes(15.5 * 1024 ** 2, 'message')).toBe('16 MB');
    expect(formatBytes(20 * 1024 ** 3, 'message')).toBe('20 GB');
  });
});
