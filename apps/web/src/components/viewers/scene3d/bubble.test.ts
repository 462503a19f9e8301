import { describe, expect, it } from 'vitest';
import { BUBBLE_CORNER, BUBBLE_MARGIN, bubblePlacement } from './bubble';

describe('bubblePlacement', () => {
  it('centres the bubble over the head, its arrow in the middle, when it fits', () => {
    expect(bubblePlacement(200, 120, 390)).toEqual({ left: 200, arrow: 60 });
  });
  it('keeps the bubble inside the viewer near its right and left edges, the arrow still at the head', () => {
    const right = bubblePlacement(360, 200, 390);
    expect(right.left + 100).toBe(390 - BUBBLE_MARGIN);
    expect(right.left - 100 + right.arrow).toBe(360); // the arrow is under the head
    const left = bubblePlacement(30, 200, 390);
    expect(left.left - 100).toBe(BUBBLE_MARGIN);
    expect(left.left - 100 + left.arrow).toBe(30);
  });
  it("keeps the arrow off the bubble's corners when the head is past the viewer's edge", () => {
    expect(bubblePlacement(500, 200, 390).arrow).toBe(200 - BUBBLE_CORNER);
    expect(bubblePlacement(-50, 200, 390).arrow).toBe(BUBBLE_CORNER);
  });
  it('centres a bubble wider than the viewer', () => {
    expect(bubblePlacement(10, 300, 250).left).toBe(125);
  });
});
