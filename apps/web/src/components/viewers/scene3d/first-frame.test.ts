import { describe, expect, it } from 'vitest';
import { canvasDpr } from './first-frame';

describe('canvasDpr', () => {
  it('draws the first complete frame at pixel ratio 1 whatever the screen', () => {
    expect(canvasDpr(false, 1)).toBe(1);
    expect(canvasDpr(false, 3)).toBe(1);
  });
  it("uses the screen's ratio after the first frame, between 1 and 2", () => {
    expect(canvasDpr(true, 1)).toBe(1);
    expect(canvasDpr(true, 1.5)).toBe(1.5);
    expect(canvasDpr(true, 3)).toBe(2);
    expect(canvasDpr(true, 0.5)).toBe(1);
    expect(canvasDpr(true, Number.NaN)).toBe(1);
  });
});
