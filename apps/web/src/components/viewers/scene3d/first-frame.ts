/*
 * The 3D viewer's choices for its first complete frame (docs/perf.md "3D scenes"): what the frame
 * after it may cost more.
 */

/**
 * The drawing buffer's pixel ratio: half the ratio the viewer settles at until the first complete frame is drawn
 * (the viewer raises it with the shadows, after that frame), then the screen's own, between 1 and 2. The first frame
 * is thus a quarter of the pixels of the next ones: a software or phone GPU fills every pixel of the frame with the
 * models' lit materials while it is also busy with their uploads and shader compiles, and the visitor sees the scene
 * at once, a little soft, and sharp from the next frame on (docs/perf.md "3D scenes": the first frame of
 * the benchmark's showroom ~170 ms sooner at half the ratio on this machine; a 3× phone, whose settled ratio is
 * capped at 2, draws its first frame at 1).
 */
export function canvasDpr(afterFirstFrame: boolean, screenRatio: number): number {
  const settled = Number.isFinite(screenRatio) ? Math.min(Math.max(screenRatio, 1), 2) : 1;
  return afterFirstFrame ? settled : settled * FIRST_FRAME_DPR_SCALE;
}

/** The first frame's share of the settled pixel ratio (per side). */
export const FIRST_FRAME_DPR_SCALE = 0.5;

/** What `sizeBeforeContext` touches of the canvas: its drawing buffer's size and the box react-three-fiber measures. */
interface SizedCanvas {
  width: number;
  height: number;
  parentElement: { getBoundingClientRect(): { width: number; height: number } } | null;
}

/**
 * The canvas's drawing buffer sized for its first frame before its WebGL context is made: the context is then made at
 * that size, and the renderer's size and ratio that react-three-fiber sets next write the same numbers (no resize).
 * Left alone, the context is made at the canvas's default 300 × 150, then resized to the laid-out size at ratio 1,
 * then to the first frame's ratio: each resize of an antialiased context reallocates its buffers in the GPU process
 * and the page waits for it (docs/perf.md "3D scenes"). Returns the CSS size it sized for, or null when
 * the canvas is not laid out (nothing is changed then).
 */
export function sizeBeforeContext(canvas: SizedCanvas, dpr: number): { width: number; height: number } | null {
  // the canvas's parent: react-three-fiber measures it for the size it sets (the canvas itself has no CSS size yet,
  // only its default 300 × 150 until that size is set)
  const box = canvas.parentElement?.getBoundingClientRect();
  if (!box) return null;
  const { width, height } = box;
  if (!(width > 0 && height > 0) || !(dpr > 0)) return null;
  canvas.width = Math.floor(width * dpr);
  canvas.height = Math.floor(height * dpr);
  return { width, height };
}

/**
 * The viewer's frame loop: nothing is drawn until every model is in (loaded or failed), then every frame. A software
 * or phone GPU drawing the half-built scene (placeholders, the models that arrived first) spends hundreds of
 * milliseconds a frame, and the GPU process does that work in line with the texture uploads and shader compiles the
 * complete frame waits for (docs/perf.md "3D scenes"). `fallback`: the time-out for a model that never
 * answers (the shadows' 15 s), after which the loop runs anyway; `presenting`: a WebXR session is on (a headset
 * needs frames whatever is loaded).
 */
export function viewerFrameloop(complete: boolean, fallback: boolean, presenting = false): 'always' | 'never' {
  return complete || fallback || presenting ? 'always' : 'never';
}

/** Whether every visible model of the scene has settled: loaded or failed (a failed one shows its red box). */
export function modelsSettled(loaded: number, failed: number, models: number, downloading: boolean): boolean {
  return !downloading && loaded + failed >= models;
}

/** What `prepareRenderer` touches of three.js's WebGLRenderer. */
interface PreparedRenderer {
  debug: { checkShaderErrors: boolean };
  capabilities: { getMaxAnisotropy(): number };
}

/**
 * The viewer's renderer set up at its creation (while the models still download) so that the first complete frame
 * does not wait on the GPU process, which a software or phone GPU keeps busy compositing the page (docs/perf.md
 * "3D scenes": ~300 ms of such waits in the traced run):
 * - the anisotropic filtering extension is asked for now: three.js asks on the first texture upload, and the browser
 *   enables an extension with a round trip to the GPU process (it waited ~200 ms there);
 * - shader error checks only in development: three.js otherwise reads every program's link status and info logs at
 *   its first use, each a synchronous wait for the link (a broken shader still fails to draw, with the browser's
 *   own warning).
 */
export function prepareRenderer(renderer: PreparedRenderer, checkShaders: boolean): void {
  renderer.debug.checkShaderErrors = checkShaders;
  renderer.capabilities.getMaxAnisotropy();
}
