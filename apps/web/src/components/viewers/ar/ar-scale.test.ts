import { describe, expect, it } from 'vitest';
import { clampArScale, isRealSize, MAX_USER_SCALE, MIN_USER_SCALE, realSizeFactor } from './ar-scale';

describe('how far a placed AR view scales', () => {
  it('a model (shown at real size) goes from a tenth to ten times, and lands on 1:1 near it', () => {
    expect(clampArScale(1.25, 1)).toBe(1.25);
    expect(clampArScale(0.01, 1)).toBe(MIN_USER_SCALE);
    expect(clampArScale(50, 1)).toBe(MAX_USER_SCALE);
    expect(clampArScale(1.04, 1)).toBe(1);
    expect(isRealSize(clampArScale(0.96, 1), 1)).toBe(true);
    expect(isRealSize(1.25, 1)).toBe(false);
  });

  it('a scene fitted to a table can be pinched up to its real size, even when that is far over ten times', () => {
    // a 20 m scene shown 1 m long
    const fitted = 0.05;
    expect(realSizeFactor(fitted)).toBe(20);
    expect(clampArScale(19.5, fitted)).toBe(20);
    expect(isRealSize(clampArScale(19.5, fitted), fitted)).toBe(true);
    expect(clampArScale(500, fitted)).toBe(20);
    expect(clampArScale(12, fitted)).toBe(12);
    expect(isRealSize(1, fitted)).toBe(false);
  });

  it('a scene smaller than the table keeps the ordinary range; nonsense input is the first size', () => {
    // a 0.5 m scene shown 1 m long: real size is half, and ten times is still reachable
    expect(realSizeFactor(2)).toBe(0.5);
    expect(clampArScale(10, 2)).toBe(MAX_USER_SCALE);
    expect(clampArScale(0.51, 2)).toBe(0.5);
    expect(clampArScale(Number.NaN, 0.25)).toBe(1);
    expect(realSizeFactor(0)).toBe(1);
  });
});
