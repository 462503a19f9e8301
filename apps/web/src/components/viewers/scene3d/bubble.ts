/**
 * Where an NPC's speech bubble goes on the viewer: centred over the NPC's head, kept inside the viewer `margin` px
 * from its edges (at 390 px an NPC near the edge had half its bubble cut off), its arrow still pointing at the head
 * (`arrow`: px from the bubble's left edge, kept off its rounded corners). `headX` and the widths in CSS px.
 */
export function bubblePlacement(
  headX: number,
  bubbleWidth: number,
  viewWidth: number,
  margin = BUBBLE_MARGIN,
): { left: number; arrow: number } {
  const half = bubbleWidth / 2;
  const min = margin + half;
  const max = viewWidth - margin - half;
  // a bubble wider than the viewer (it is not: max-width 260 px) is centred
  const left = max < min ? viewWidth / 2 : Math.min(Math.max(headX, min), max);
  const arrow = Math.min(Math.max(headX - (left - half), BUBBLE_CORNER), Math.max(bubbleWidth - BUBBLE_CORNER, BUBBLE_CORNER));
  return { left, arrow };
}

/** The bubble's distance from the viewer's edges (CSS px). */
export const BUBBLE_MARGIN = 8;
/** The arrow's nearest place to the bubble's sides: its rounded corner (12 px) plus half the arrow's width. */
export const BUBBLE_CORNER = 20;
