/*
 * The 3D viewer's choices for its first complete frame (docs/perf.md "3D scenes", session 11): what the frame
 * after it may cost more.
 */

/**
 * The drawing buffer's pixel ratio: 1 until the first complete frame is drawn (the viewer raises it with the
 * shadows, after that frame), then the screen's own, at most 2. A phone's 2–3× screen would otherwise draw its first
 * frame at ratio 2, four times the pixels, while its GPU is also busy with the models' uploads and shaders.
 */
export function canvasDpr(afterFirstFrame: boolean, screenRatio: number): number {
  if (!afterFirstFrame || !Number.isFinite(screenRatio)) return 1;
  return Math.min(Math.max(screenRatio, 1), 2);
}
