import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration } from './duration';

const t = (key: string, vars: Record<string, number | string>) => `${key}:${Object.values(vars).join('/')}`;

describe('durations', () => {
  it('splits seconds into hours, minutes and seconds', () => {
    expect(splitDuration(3725)).toEqual({ h: 1, m: 2, s: 5 });
    expect(splitDuration(-5)).toEqual({ h: 0, m: 0, s: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ h: 0, m: 0, s: 0 });
  });
  it('words hours with minutes, minutes with seconds, or seconds', () => {
    expect(formatDuration(3725, t)).toBe('duration.hm:1/02');
    expect(formatDuration(750, t)).toBe('duration.ms:12/30');
    expect(formatDuration(45.9, t)).toBe('duration.s:45');
  });
});
