/** Whole hours, minutes and seconds of a duration in seconds (negative and non-finite values count as 0). */
export function splitDuration(seconds: number): { h: number; m: number; s: number } {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/**
 * A duration for the lists (online time, average visit): `1 h 05 min`, `12 min 30 s`, `45 s`, through the
 * language's unit words (`world:duration.*`); hours and minutes above an hour, minutes and seconds below.
 */
export function formatDuration(seconds: number, t: (key: string, vars: Record<string, number | string>) => string): string {
  const { h, m, s } = splitDuration(seconds);
  if (h > 0) return t('duration.hm', { h, m: String(m).padStart(2, '0') });
  if (m > 0) return t('duration.ms', { m, s: String(s).padStart(2, '0') });
  return t('duration.s', { s });
}
